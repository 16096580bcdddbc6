desc: closed loop gpu-realloc: the best adjustment's caps (the straggler gets the most), rocm-smi commands
setup: litsi synth --seed 1 --straggler 5 -o node >/dev/null && litsi ingest node >/dev/null 2>&1; litsi info >/dev/null
run: litsi caps --scenario gpu-realloc --emit rocm-smi --format tsv
exit: 0
--- stdout
# caps
# node	gpu	initial_w	cap_w	clock_mhz	power_w	command
default	0	700	689	1858.4430885972108	689	rocm-smi -d '0' --setpoweroverdrive '689'
default	1	700	681	1845.0058545603945	681	rocm-smi -d '1' --setpoweroverdrive '681'
default	2	700	700	1879.7779484029481	700	rocm-smi -d '2' --setpoweroverdrive '700'
default	3	700	690	1861.8313166529942	690	rocm-smi -d '3' --setpoweroverdrive '690'
default	4	700	677	1837.149405250205	677	rocm-smi -d '4' --setpoweroverdrive '677'
default	5	700	750	1977.879914004914	750	rocm-smi -d '5' --setpoweroverdrive '750'
default	6	700	677	1828.5086876533117	677	rocm-smi -d '6' --setpoweroverdrive '677'
default	7	700	677	1835.38894585726	677	rocm-smi -d '7' --setpoweroverdrive '677'


# prediction
# node	scenario	mode	P_n_w	sum_caps_w	adjustments	converged	reported	straggler	S_iter	power_ratio	last_S_iter	P_idle_w	why
default	gpu-realloc	model prediction	5600	5541	200	no	6	5	1.0877293421229486	0.9894642857142857	0.7701405158353246	140.5	highest predicted S_iter
--- stderr
