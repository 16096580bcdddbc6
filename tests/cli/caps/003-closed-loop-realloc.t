desc: closed loop gpu-realloc: the best adjustment's caps (the straggler gets the most), rocm-smi commands
setup: litsi synth --seed 1 --straggler 5 -o node >/dev/null && litsi ingest node >/dev/null 2>&1; litsi info >/dev/null
run: litsi caps --scenario gpu-realloc --emit rocm-smi --format tsv
exit: 0
--- stdout
# caps
# node	gpu	initial_w	cap_w	clock_mhz	power_w	command
default	0	700	699	1892	699.0	rocm-smi -d '0' --setpoweroverdrive '699'
default	1	700	695	1893	695.0	rocm-smi -d '1' --setpoweroverdrive '695'
default	2	700	703	1890	703.0	rocm-smi -d '2' --setpoweroverdrive '703'
default	3	700	699	1892	699.0	rocm-smi -d '3' --setpoweroverdrive '699'
default	4	700	693	1892	693.0	rocm-smi -d '4' --setpoweroverdrive '693'
default	5	700	723	1890	723.0	rocm-smi -d '5' --setpoweroverdrive '723'
default	6	700	695	1890	695.0	rocm-smi -d '6' --setpoweroverdrive '695'
default	7	700	693	1890	693.0	rocm-smi -d '7' --setpoweroverdrive '693'


# prediction
# node	scenario	mode	P_n_w	sum_caps_w	adjustments	converged	reported	straggler	S_iter	power_ratio	last_S_iter	P_idle_w	why
default	gpu-realloc	model prediction	5600	5600	200	no	0	5	1.0344	1.0000	0.6900	140.5	highest predicted S_iter
--- stderr
