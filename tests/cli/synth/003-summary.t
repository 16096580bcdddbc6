desc: the summary names the straggler, its temperature, clock, power and lead
run: litsi synth --gpus 4 --samples 2 --layers 2 --straggler 2 -o out
exit: 0
--- stdout
# output: out
# product: AMD Instinct MI300X


# synth
# gpu	straggler	temp_c	gfx_clk_mhz	power_w	cap_w	lead_ms	lead_rank
0	no	70.4	2068	750	750	16.120	2
1	no	69.1	2079	750	750	17.838	1
2	yes	80.0	1983	750	750	0.000	4
3	no	70.7	2065	750	750	15.005	3
--- stderr
