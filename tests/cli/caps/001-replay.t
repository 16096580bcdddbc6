desc: offline replay of Algorithms 2-3, gpu-red
setup: litsi synth --seed 1 --straggler 5 -o node >/dev/null && litsi ingest node >/dev/null 2>&1; litsi info >/dev/null
run: litsi caps --scenario gpu-red --replay --format tsv
exit: 0
--- stdout
# adjustments
# node	adjustment	sample	gpu	lead_ns	d_w	cap_w
default	1	2	0	906809600	0	735
default	1	2	1	941898240	0	735
default	1	2	2	743208960	3	738
default	1	2	3	865974784	1	736
default	1	2	4	930746624	0	735
default	1	2	5	0	15	750
default	1	2	6	944835584	0	735
default	1	2	7	942682368	0	735


default	2	5	0	902575872	0	721
default	2	5	1	925598720	0	721
default	2	5	2	733748992	3	727
default	2	5	3	871542016	1	723
default	2	5	4	934591232	0	721
default	2	5	5	0	14	750
default	2	5	6	917065728	0	721
default	2	5	7	922987008	0	721


default	3	8	0	884390144	0	707
default	3	8	1	921659648	0	707
default	3	8	2	742384896	3	716
default	3	8	3	872685824	1	710
default	3	8	4	932502272	0	707
default	3	8	5	0	14	750
default	3	8	6	932760064	0	707
default	3	8	7	934692608	0	707




# caps
# node	gpu	initial_w	cap_w	clock_mhz	power_w	command
default	0	750	707	nan	nan	amd-smi set -g '0' -o '707'
default	1	750	707	nan	nan	amd-smi set -g '1' -o '707'
default	2	750	716	nan	nan	amd-smi set -g '2' -o '716'
default	3	750	710	nan	nan	amd-smi set -g '3' -o '710'
default	4	750	707	nan	nan	amd-smi set -g '4' -o '707'
default	5	750	750	nan	nan	amd-smi set -g '5' -o '750'
default	6	750	707	nan	nan	amd-smi set -g '6' -o '707'
default	7	750	707	nan	nan	amd-smi set -g '7' -o '707'


# prediction
# node	scenario	mode	P_n_w	sum_caps_w	adjustments	converged	reported	straggler	S_iter	power_ratio	last_S_iter	P_idle_w	why
default	gpu-red	replay	6000	5711	3	-	3	-1	nan	nan	nan	140.5	replay: the caps after the last adjustment
--- stderr
