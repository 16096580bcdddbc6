desc: closed loop gpu-realloc: the best adjustment's caps (the straggler gets the most), rocm-smi commands
setup: litsi synth --seed 1 --straggler 5 -o node >/dev/null && litsi ingest node >/dev/null 2>&1; litsi info >/dev/null
run: litsi caps --scenario gpu-realloc --emit rocm-smi --format tsv
exit: 0
--- stdout
# caps
# node	gpu	initial_w	cap_w	clock_mhz	power_w	command
default	0	750	726	1984	726.0	rocm-smi -d '0' --setpoweroverdrive '726'
default	1	750	723	1988	723.0	rocm-smi -d '1' --setpoweroverdrive '723'
default	2	750	731	1984	731.0	rocm-smi -d '2' --setpoweroverdrive '731'
default	3	750	727	1987	727.0	rocm-smi -d '3' --setpoweroverdrive '727'
default	4	750	721	1988	721.0	rocm-smi -d '4' --setpoweroverdrive '721'
default	5	750	750	1978	750.0	rocm-smi -d '5' --setpoweroverdrive '750'
default	6	750	721	1978	721.0	rocm-smi -d '6' --setpoweroverdrive '721'
default	7	750	721	1986	721.0	rocm-smi -d '7' --setpoweroverdrive '721'


# prediction
# node	scenario	mode	P_n_w	sum_caps_w	adjustments	converged	reported	straggler	S_iter	power_ratio	last_S_iter	P_idle_w	why
default	gpu-realloc	model prediction	6000	5820	200	no	2	5	1.0000	0.9700	0.6153	140.5	S_iter unchanged, least predicted power
# limits: node default: TDP 750 W (telemetry), cap 750 W (telemetry), min limit none
--- stderr
