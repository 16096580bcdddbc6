desc: offline replay of Algorithms 2-3, gpu-red
setup: litsi synth --seed 1 --straggler 5 -o node >/dev/null && litsi ingest node >/dev/null 2>&1; litsi info >/dev/null
run: litsi caps --scenario gpu-red --replay --format tsv
exit: 0
--- stdout
# adjustments
# node	adjustment	sample	gpu	lead_ns	d_w	cap_w
default	1	2	0	912980480	3	738
default	1	2	1	1033031424	1	736
default	1	2	2	742843392	5	740
default	1	2	3	870936576	3	738
default	1	2	4	1120346880	0	735
default	1	2	5	0	15	750
default	1	2	6	1110226688	0	735
default	1	2	7	1106402304	0	735


default	2	5	0	909483520	2	726
default	2	5	1	1017279232	1	723
default	2	5	2	733691392	5	731
default	2	5	3	877031168	3	727
default	2	5	4	1124797440	0	721
default	2	5	5	0	14	750
default	2	5	6	1082413568	0	721
default	2	5	7	1086548992	0	721


default	3	8	0	890519040	2	714
default	3	8	1	1012644352	1	710
default	3	8	2	741664512	4	721
default	3	8	3	877630208	3	716
default	3	8	4	1122124288	0	707
default	3	8	5	0	14	750
default	3	8	6	1097417472	0	707
default	3	8	7	1098106624	0	707




# caps
# node	gpu	initial_w	cap_w	clock_mhz	power_w	command
default	0	750	714			amd-smi set -g '0' -o '714'
default	1	750	710			amd-smi set -g '1' -o '710'
default	2	750	721			amd-smi set -g '2' -o '721'
default	3	750	716			amd-smi set -g '3' -o '716'
default	4	750	707			amd-smi set -g '4' -o '707'
default	5	750	750			amd-smi set -g '5' -o '750'
default	6	750	707			amd-smi set -g '6' -o '707'
default	7	750	707			amd-smi set -g '7' -o '707'


# prediction
# node	scenario	mode	P_n_w	sum_caps_w	adjustments	converged	reported	straggler	S_iter	power_ratio	last_S_iter	P_idle_w	tdp_w	initial_cap_w	min_w	S_iter_low	power_ratio_low	why	ceiling	S_iter_work	gap_pct
default	gpu-red	paper-literal replay	6000	5732	3	-	3	-1				140.5	750	750	0			replay: the caps after the last adjustment	1		
# limits: node default: TDP 750 W (telemetry), cap 750 W (telemetry), min limit none
# baseline: node default: S_iter and power_ratio are against the initial caps, 8 x 750 W (the cap in force the telemetry recorded); the budget P_n follows from them
--- stderr
