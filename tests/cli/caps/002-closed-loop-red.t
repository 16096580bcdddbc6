desc: closed loop gpu-red keeps the straggler at TDP
setup: litsi synth --seed 1 --straggler 5 -o node >/dev/null && litsi ingest node >/dev/null 2>&1; litsi info >/dev/null
run: litsi caps --scenario gpu-red --format tsv
exit: 0
--- stdout
# caps
# node	gpu	initial_w	cap_w	clock_mhz	power_w	command
default	0	750	439	1269	439.0	amd-smi set -g '0' -o '439'
default	1	750	429	1247	429.0	amd-smi set -g '1' -o '429'
default	2	750	460	1331	460.0	amd-smi set -g '2' -o '460'
default	3	750	445	1292	445.0	amd-smi set -g '3' -o '445'
default	4	750	428	1255	428.0	amd-smi set -g '4' -o '428'
default	5	750	750	2018	669.6	amd-smi set -g '5' -o '750'
default	6	750	429	1252	429.0	amd-smi set -g '6' -o '429'
default	7	750	429	1255	429.0	amd-smi set -g '7' -o '429'


# prediction
# node	scenario	mode	P_n_w	sum_caps_w	adjustments	converged	straggler	S_iter	power_ratio	P_idle_w
default	gpu-red	model prediction	6000	3809	200	no	5	0.9340	0.7346	140.5
--- stderr
