desc: compare shows two runs of one node (ingest --run) side by side with the caps each ran under, and says the realloc caps helped
setup: litsi -q synth --layers 2 --samples 2 --straggler 5 --power-cap 700 -o a && printf '# gpu\tcap_w\n0\t690\n1\t690\n2\t690\n3\t690\n4\t690\n5\t750\n6\t695\n7\t695\n' > caps.tsv && litsi -q synth --layers 2 --samples 2 --straggler 5 --power-cap 700 --caps caps.tsv -o b && litsi -q ingest --run base a/rank*.json a/amd-smi.csv a/amd-smi-static.json && litsi -q ingest --run capped b/rank*.json b/amd-smi.csv b/amd-smi-static.json
run: litsi compare --format tsv base capped
exit: 0
--- stdout
# runs
# node	run	steps	step_ms	throughput	node_power_w	energy_per_step_j
default	base	2	27.690412	1	5590	154.78940308
default	capped	2	27.365036	1.0118902090974775	5580	152.69690088


# gpus
# node	gpu	clk_a_mhz	clk_b_mhz	temp_a_c	temp_b_c	power_a_w	power_b_w	cap_a_w	cap_b_w
default	0	1887.125	1853.125	70	70	694	684	700	690
default	1	1906.125	1872.125	70	70	696	686	700	690
default	2	1879.125	1845.125	71	71	702	692	700	690
default	3	1890.125	1856.125	71	71	699	689	700	690
default	4	1916.125	1881.125	67	67	698	688	700	690
default	5	1815.125	1978.125	80	80	700	750	700	750
default	6	1911.125	1894.125	68	68	702	697	700	695
default	7	1914.125	1896.125	68	68	699	694	700	695
# verdict: helped: faster, for no more energy per step (throughput x1.0119, node power x0.9982, energy per step x0.9865)
--- stderr
