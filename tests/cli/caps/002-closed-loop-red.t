desc: closed loop gpu-red keeps the straggler at TDP
setup: litsi synth --seed 1 --straggler 5 -o node >/dev/null && litsi ingest node >/dev/null 2>&1; litsi info >/dev/null
run: litsi caps --scenario gpu-red --format tsv
exit: 0
--- stdout
# caps
# node	gpu	initial_w	cap_w	clock_mhz	power_w	command
default	0	750	597	1941	597.0	amd-smi set -g '0' -o '597'
default	1	750	595	1964	595.0	amd-smi set -g '1' -o '595'
default	2	750	626	2022	626.0	amd-smi set -g '2' -o '626'
default	3	750	606	1974	606.0	amd-smi set -g '3' -o '606'
default	4	750	595	1985	595.0	amd-smi set -g '4' -o '595'
default	5	750	750	2018	669.6	amd-smi set -g '5' -o '750'
default	6	750	595	1972	595.0	amd-smi set -g '6' -o '595'
default	7	750	595	1976	595.0	amd-smi set -g '7' -o '595'


# prediction
# node	scenario	mode	P_n_w	sum_caps_w	adjustments	converged	reported	straggler	S_iter	power_ratio	last_S_iter	P_idle_w	why
default	gpu-red	model prediction	6000	4959	200	no	11	5	0.9996	0.9612	0.7248	140.5	least predicted power with S_iter >= 0.999
--- stderr
