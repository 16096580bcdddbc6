desc: closed loop gpu-realloc: the straggler runs at its top clock already, so no adjustment gains and the initial caps are reported; rocm-smi commands
setup: litsi synth --seed 1 --straggler 5 -o node >/dev/null && litsi ingest node >/dev/null 2>&1; litsi info >/dev/null
run: litsi caps --scenario gpu-realloc --emit rocm-smi --format tsv
exit: 0
--- stdout
# caps
# node	gpu	initial_w	cap_w	clock_mhz	power_w	command
default	0	700	700	2099	634.2	rocm-smi -d '0' --setpoweroverdrive '700'
default	1	700	700	2099	626.2	rocm-smi -d '1' --setpoweroverdrive '700'
default	2	700	700	2086	641.4	rocm-smi -d '2' --setpoweroverdrive '700'
default	3	700	700	2099	635.4	rocm-smi -d '3' --setpoweroverdrive '700'
default	4	700	700	2099	621.2	rocm-smi -d '4' --setpoweroverdrive '700'
default	5	700	700	2018	669.6	rocm-smi -d '5' --setpoweroverdrive '700'
default	6	700	700	2099	624.2	rocm-smi -d '6' --setpoweroverdrive '700'
default	7	700	700	2099	623.2	rocm-smi -d '7' --setpoweroverdrive '700'


# prediction
# node	scenario	mode	P_n_w	sum_caps_w	adjustments	converged	reported	straggler	S_iter	power_ratio	last_S_iter	P_idle_w	why
default	gpu-realloc	model prediction	5600	5600	200	no	0	5	1.0000	1.0000	0.7248	140.5	initial caps: no adjustment predicted a higher S_iter, or the same for less power
--- stderr
