desc: closed loop gpu-red keeps the straggler at TDP
setup: litsi synth --seed 1 --straggler 5 -o node >/dev/null && litsi ingest node >/dev/null 2>&1; litsi info >/dev/null
run: litsi caps --scenario gpu-red --format tsv
exit: 0
--- stdout
# caps
# node	gpu	initial_w	cap_w	clock_mhz	power_w	command
default	0	750	704	1909.2665094339623	704	amd-smi set -g '0' -o '704'
default	1	750	699	1906.449157764996	699	amd-smi set -g '1' -o '699'
default	2	750	713	1923.4546478296477	713	amd-smi set -g '2' -o '713'
default	3	750	707	1919.4311936013125	707	amd-smi set -g '3' -o '707'
default	4	750	695	1898.787223133716	695	amd-smi set -g '4' -o '695'
default	5	750	750	1977.879914004914	750	amd-smi set -g '5' -o '750'
default	6	750	695	1889.8566026165167	695	amd-smi set -g '6' -o '695'
default	7	750	695	1896.9676989335521	695	amd-smi set -g '7' -o '695'


# prediction
# node	scenario	mode	P_n_w	sum_caps_w	adjustments	converged	reported	straggler	S_iter	power_ratio	last_S_iter	P_idle_w	why
default	gpu-red	model prediction	6000	5658	200	no	4	5	0.9993809213081087	0.943	0.6851180929078604	140.5	least predicted power with S_iter >= 0.999
--- stderr
