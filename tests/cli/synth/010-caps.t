desc: caps from a litsi caps TSV lower each capped GPU's clock to (cap - P_idle) / M
run: litsi synth --gpus 4 --samples 1 --layers 2 --straggler 3 --caps "$DATA/synth/caps.tsv" -o out
exit: 0
--- stdout
# output: out
# product: AMD Instinct MI300X


# synth
# gpu	straggler	temp_c	gfx_clk_mhz	power_w	cap_w	lead_ms	lead_rank
0	no	70.4	1446	480	480	0.000	4
1	no	69.1	1813	560	560	105.040	3
2	no	72.1	2081	639	-	159.969	1
3	yes	80.0	2010	666	-	147.036	2
--- stderr
