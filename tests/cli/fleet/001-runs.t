desc: three nodes in three runs: n1 imbalanced in every run (maintenance), n2 in the last only (caps), n3 never; slot heat counts
setup: for r in 1 2 3; do for n in 1 2 3; do s=""; [ $n = 1 ] && s="--straggler 2"; [ $n = 2 ] && [ $r = 3 ] && s="--straggler 1"; [ -z "$s" ] && s="--temp-spread 0"; litsi synth --gpus 4 --samples 3 --layers 4 --seed $((r * 10 + n)) $s -o t$r$n >/dev/null && litsi -q -d d$r$n.db ingest --node job$r/n$n t$r$n || exit 1; done; done
setup: litsi -q merge litsi.db d*.db
run: litsi fleet --format tsv
exit: 0
--- stdout
# recurring: imbalanced in 2 of the last 3 runs
# summary: 3 nodes, 9 runs: 1 recurring, 2 imbalanced in the latest run


# runs
# node	run	verdict	straggler	temp_spread	clock_spread	speedup	lead_ms	lead_pct
n1	job1	imbalanced	2	1.1594202898550725	1.0471359253891235	1.0532683372996634	0.6387812173913043	1.3212860632268126
n1	job2	imbalanced	2	1.1605839416058394	1.0546385885031304	1.0548160743653743	0.6722541449275362	1.391608773165552
n1	job3	imbalanced	2	1.1428571428571428	1.0421690549839024	1.0439910911442274	0.5483353043478262	1.134085245264445
n2	job1	balanced	-	1.0074074074074073	1.0033538959094448	1.0127117632094407	0.017620405797101446	0.03822231913613267
n2	job2	balanced	-	1.0074074074074073	1.0007185198491109	1.012662347782064	0.022005797101449277	0.04765918620647632
n2	job3	imbalanced	1	1.167883211678832	1.0545282423477438	1.055490872540891	0.6939148985507246	1.4332603866613312
n3	job1	balanced	-	1	1.0028727033335327	1.0139234182972199	0.020027362318840586	0.04345283795577826
n3	job2	balanced	-	1.0073529411764706	1.0026383642141872	1.013432458527537	0.021786898550724635	0.047237485457010724
n3	job3	balanced	-	1.0074074074074073	1.0033579180907837	1.013787943613447	0.03243408695652174	0.07022666610811316


# nodes
# rank	node	runs	window	imbalanced	inconclusive	imbalanced_all	recurring	straggler	straggler_runs	max_temp_spread	action
1	n1	3	3	3	0	3	yes	2	3	1.1605839416058394	maintenance
2	n2	3	3	1	0	1	no	1	1	1.167883211678832	caps
-	n3	3	3	0	0	0	no	-	0	1.0074074074074073	none


# slots
# gpu	straggler_runs	runs	share_pct
2	3	9	33.333333333333336
1	1	9	11.11111111111111


# heat
# node	gpu	straggler_runs
n1	0	0
n1	1	0
n1	2	3
n1	3	0


n2	0	0
n2	1	1
n2	2	0
n2	3	0


n3	0	0
n3	1	0
n3	2	0
n3	3	0


--- stderr
