desc: closed loop gpu-red keeps the straggler at TDP
setup: litsi synth --seed 1 --straggler 5 -o node >/dev/null && litsi ingest node >/dev/null 2>&1; litsi info >/dev/null
run: litsi caps --scenario gpu-red --format tsv
exit: 0
--- stdout
# caps
# node	gpu	initial_w	cap_w	clock_mhz	power_w	command
default	0	750	723	1973.6428424938474	723	amd-smi set -g '0' -o '723'
default	1	750	720	1974.8875102543068	720	amd-smi set -g '1' -o '720'
default	2	750	728	1977.0893150123052	728	amd-smi set -g '2' -o '728'
default	3	750	724	1977.0310705496308	724	amd-smi set -g '3' -o '724'
default	4	750	717	1974.1223338802297	717	amd-smi set -g '4' -o '717'
default	5	750	748	1974.6241796554552	748	amd-smi set -g '5' -o '748'
default	6	750	718	1974.7041632485646	718	amd-smi set -g '6' -o '718'
default	7	750	718	1975.651661197703	718	amd-smi set -g '7' -o '718'


# prediction
# node	scenario	mode	P_n_w	sum_caps_w	adjustments	converged	reported	straggler	S_iter	power_ratio	last_S_iter	P_idle_w	tdp_w	initial_cap_w	min_w	S_iter_low	power_ratio_low	why	ceiling	S_iter_work	gap_pct
default	gpu-red	model prediction	6000	5796	200	no	0	5	0.9964275406165017	0.966	0.6342104329228	140.5	750	750	0	0.9964275406165017	0.966	least predicted power with S_iter >= 0.9962, each GPU at the slow end of its curve's error	1	0.9964275406165017	0
# limits: node default: TDP 750 W (telemetry), cap 750 W (telemetry), min limit none
# loop: node default: the caps kept moving for all 200 adjustments (not a failure: the leads never settled); the caps printed are the best predicted, found by the search beside the loop (throughput x0.996), not the last adjustment's (x0.634)
# baseline: node default: S_iter and power_ratio are against the initial caps, 8 x 750 W (the cap in force the telemetry recorded); the budget P_n follows from them
# calibration: node default: no run showed the power-to-clock curve: assumed the line through idle; litsi caps --calibrate prints a short probe that measures it
--- stderr
