desc: caps from a litsi caps TSV set each listed GPU's clock to (cap - P_idle) / M; the others keep the default 750 W cap
run: litsi synth --gpus 4 --samples 1 --layers 2 --straggler 3 --caps "$DATA/synth/caps.tsv" -o out
exit: 0
--- stdout
# output: out
# product: AMD Instinct MI300X


# synth
# gpu	straggler	temp_c	gfx_clk_mhz	power_w	cap_w	lead_ms	lead_rank
0	no	70.4	1559	600	600	0.000	4
1	no	69.1	1909	700	700	88.056	3
2	no	72.1	2052	750	750	115.328	1
3	yes	80.0	1983	750	750	102.578	2
--- stderr
