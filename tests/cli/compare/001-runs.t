desc: compare shows two runs of one node (ingest --run) side by side with the caps each ran under, and says the realloc caps helped
setup: litsi -q synth --layers 2 --samples 2 --straggler 5 --power-cap 700 -o a && printf '# gpu\tcap_w\n0\t690\n1\t690\n2\t690\n3\t690\n4\t690\n5\t750\n6\t695\n7\t695\n' > caps.tsv && litsi -q synth --layers 2 --samples 2 --straggler 5 --power-cap 700 --caps caps.tsv -o b && litsi -q ingest --run base a/rank*.json a/amd-smi.csv a/amd-smi-static.json && litsi -q ingest --run capped b/rank*.json b/amd-smi.csv b/amd-smi-static.json
run: litsi compare --format tsv base capped
exit: 0
--- stdout
# runs
# node	run	steps	step_ms	throughput	node_power_w	energy_per_step_j	straggler	verdict	reason
default	base	2	27.690412	1	5602.5	155.13553323	5	inconclusive	no thermal rule could run: no temperature, clock or throttling telemetry under load
default	capped	2	27.365036	1.0118902090974775	5592.5	153.03896383	2	inconclusive	no thermal rule could run: no temperature, clock or throttling telemetry under load


# gpus
# node	gpu	lead_a_ms	lead_b_ms	clk_a_mhz	clk_b_mhz	temp_a_c	temp_b_c	power_a_w	power_b_w	cap_a_w	cap_b_w	lead_a_pct	lead_b_pct	lead_sum_a_ms	lead_sum_b_ms
default	0	0.3620591304347826	0.08550399999999998	1890.125	1856.125	70.5	70.5	698	688	700	690	1.3075252561600839	0.31245710767564855	16.65472	3.933184
default	1	0.4026379130434782	0.12586017391304347	1906.625	1872.625	70	70	697	687	700	690	1.4540697807005476	0.45993059871378744	18.521344	5.789568
default	2	0.27660521739130434	2.782608695652174e-06	1881.125	1847.125	71.5	71.5	702.5	692.5	700	690	0.9989205555746311	1.0168481765023711e-05	12.72384	0.000128
default	3	0.33599721739130434	0.0595088695652174	1893.625	1859.625	71	71	699.5	689.5	700	690	1.2134063494299192	0.2174631510267971	15.455872	2.737408
default	4	0.44537321739130437	0.16904347826086957	1918.625	1884.125	67.5	67.5	699.5	689.5	700	690	1.6084022779845397	0.6177352672251905	20.487168	7.776
default	5	0	0.6075965217391306	1818.625	1981.625	80.5	80.5	701.5	751.5	700	750	0	2.220338835801753	0	27.94944
default	6	0.4469871304347826	0.24767721739130436	1913.625	1896.625	68.5	68.5	703	698	700	695	1.6142306962958246	0.9050863934229955	20.561408	11.393152
default	7	0.4555102608695652	0.25586365217391305	1914.125	1896.625	68.5	68.5	701.5	696.5	700	695	1.6450107743776625	0.9350020667756951	20.953472	11.769728
# verdict: helped: faster, for no more energy per step (throughput x1.0119, node power x0.9982, energy per step x0.9865)
--- stderr
