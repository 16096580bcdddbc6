desc: caps from a litsi caps TSV set each listed GPU's clock to (cap - P_idle) / M; the others keep the default 750 W cap
run: litsi synth --gpus 4 --samples 1 --layers 2 --straggler 3 --caps "$DATA/synth/caps.tsv" -o out
exit: 0
--- stdout
# output: out
# product: AMD Instinct MI300X


# synth
# gpu	straggler	temp_c	gfx_clk_mhz	power_w	cap_w	lead_sum_ms	lead_rank
0	no	70.41087318615669	1559.1504605966281	600	600	0	4
1	no	69.14329767230869	1908.8677065646912	700	700	88.05632	3
2	no	72.13858832059832	2051.7882195716284	750.0000000000001	750	115.328256	1
3	yes	80	1982.9222011385195	750	750	102.577664	2
--- stderr
