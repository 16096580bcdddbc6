desc: closed loop gpu-red keeps the straggler at TDP
setup: litsi synth --seed 1 --straggler 5 -o node >/dev/null && litsi ingest node >/dev/null 2>&1; litsi info >/dev/null
run: litsi caps --scenario gpu-red --format tsv
exit: 0
--- stdout
# caps
# node	gpu	initial_w	cap_w	clock_mhz	power_w	command
default	0	750	726	1983.8075266611977	726	amd-smi set -g '0' -o '726'
default	1	750	722	1981.7033429040196	722	amd-smi set -g '1' -o '722'
default	2	750	730	1983.8198318293682	730	amd-smi set -g '2' -o '730'
default	3	750	726	1983.8075266611977	726	amd-smi set -g '3' -o '726'
default	4	750	719	1980.970980311731	719	amd-smi set -g '4' -o '719'
default	5	750	749	1977.8745898277277	749	amd-smi set -g '5' -o '749'
default	6	750	720	1981.5429655455291	720	amd-smi set -g '6' -o '720'
default	7	750	720	1982.4937448728465	720	amd-smi set -g '7' -o '720'


# prediction
# node	scenario	mode	P_n_w	sum_caps_w	adjustments	converged	reported	straggler	S_iter	power_ratio	last_S_iter	P_idle_w	tdp_w	initial_cap_w	min_w	why
default	gpu-red	model prediction	6000	5812	200	no	0	5	0.9983698593385895	0.9686666666666667	0.6202901146350265	140.5	750	750	0	least predicted power with S_iter >= 0.997
# limits: node default: TDP 750 W (telemetry), cap 750 W (telemetry), min limit none
--- stderr
