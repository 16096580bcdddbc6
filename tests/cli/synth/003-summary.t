desc: the summary names the straggler, its temperature, clock, power and lead
run: litsi synth --gpus 4 --samples 2 --layers 2 --straggler 2 -o out
exit: 0
--- stdout
# output: out
# product: AMD Instinct MI300X


# synth
# gpu	straggler	temp_c	gfx_clk_mhz	power_w	cap_w	lead_ms	lead_rank
0	no	70.4	2096	633	-	15.974	2
1	no	69.1	2100	627	-	16.274	1
2	yes	80.0	2010	666	-	0.000	4
3	no	70.7	2094	634	-	14.912	3
--- stderr
