desc: closed loop gpu-realloc: the straggler gets the most, rocm-smi commands
setup: litsi synth --seed 1 --straggler 5 -o node >/dev/null && litsi ingest node >/dev/null 2>&1; litsi info >/dev/null
run: litsi caps --scenario gpu-realloc --emit rocm-smi --format tsv
exit: 0
--- stdout
# caps
# node	gpu	initial_w	cap_w	clock_mhz	power_w	command
default	0	700	439	1269	439.0	rocm-smi -d '0' --setpoweroverdrive '439'
default	1	700	429	1247	429.0	rocm-smi -d '1' --setpoweroverdrive '429'
default	2	700	460	1331	460.0	rocm-smi -d '2' --setpoweroverdrive '460'
default	3	700	445	1292	445.0	rocm-smi -d '3' --setpoweroverdrive '445'
default	4	700	428	1255	428.0	rocm-smi -d '4' --setpoweroverdrive '428'
default	5	700	750	2018	669.6	rocm-smi -d '5' --setpoweroverdrive '750'
default	6	700	429	1252	429.0	rocm-smi -d '6' --setpoweroverdrive '429'
default	7	700	429	1255	429.0	rocm-smi -d '7' --setpoweroverdrive '429'


# prediction
# node	scenario	mode	P_n_w	sum_caps_w	adjustments	converged	straggler	S_iter	power_ratio	P_idle_w
default	gpu-realloc	model prediction	5600	3809	200	no	5	0.9340	0.7346	140.5
--- stderr
