desc: compare of a run with a hot straggler (imbalanced) and one at a higher cap without it (balanced): per-GPU lead, straggler and verdict of each run, and the change helped
setup: litsi -q synth --layers 2 --samples 4 --straggler 5 --power-cap 700 -o a && litsi -q synth --layers 2 --samples 4 --temp-spread 1 --power-cap 720 -o b && litsi -q ingest --run base a/rank*.json a/amd-smi.csv a/amd-smi-static.json && litsi -q ingest --run next b/rank*.json b/amd-smi.csv b/amd-smi-static.json
run: litsi compare --format tsv base next
exit: 0
--- stdout
# runs
# node	run	steps	step_ms	throughput	node_power_w	energy_per_step_j	straggler	verdict	reason
default	base	4	27.71358	1	5601.5	155.23761837	5	imbalanced	2 thermal rules fired
default	next	4	25.767404	1.0755286019499675	5761.5	148.458898146	-	balanced	2 thermal rules passed


# gpus
# node	gpu	lead_a_ms	lead_b_ms	clk_a_mhz	clk_b_mhz	temp_a_c	temp_b_c	power_a_w	power_b_w	cap_a_w	cap_b_w	lead_a_pct	lead_b_pct	lead_sum_a_ms	lead_sum_b_ms
default	0	0.3743179130434783	0.03194295652173913	1894.625	1982.125	71	69	699.5	719.5	700	720	1.3506660382508442	0.12396652965793192	17.218624	1.469376
default	1	0.409271652173913	0.02297739130434783	1906.625	1984.125	69	68	698.5	718.5	700	720	1.4767909890166229	0.08917231749208353	18.826496	1.05696
default	2	0.2904653913043478	0.010291478260869565	1882.625	1983.625	72	68	698.5	718.5	700	720	1.0480976882248623	0.03993991114071703	13.361408	0.473408
default	3	0.3478330434782609	0.016262956521739133	1896.625	1985.625	71	68	700	720	700	720	1.2550996424072995	0.0631144546875546	16.00032	0.748096
default	4	0.43789495652173915	0.016706782608695656	1918.625	1988.125	68	68	699.5	719.5	700	720	1.5800735831377222	0.06483688697819795	20.143168	0.768512
default	5	0	0.015841391304347825	1818.125	1982.125	80.5	69	702.5	722.5	700	720	0	0.0614784139851567	0	0.728704
default	6	0.44171826086956517	0.028574608695652176	1913.625	1984.625	68	68	702	722	700	720	1.593869362491476	0.11089440246154474	20.31904	1.314432
default	7	0.4519262608695652	0.03882295652173913	1914.125	1985.625	69	68	701	721	700	720	1.630703290118293	0.15066692990003622	20.788608	1.785856
# verdict: helped: faster, for no more energy per step (throughput x1.0755, node power x1.0286, energy per step x0.9563)
--- stderr
