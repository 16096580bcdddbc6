desc: the summary names the straggler, its temperature, clock, power and lead
run: litsi synth --gpus 4 --samples 2 --layers 2 --straggler 2 -o out
exit: 0
--- stdout
# output: out
# product: AMD Instinct MI300X


# synth
# gpu	straggler	temp_c	gfx_clk_mhz	power_w	cap_w	lead_sum_ms	lead_rank
0	no	70.41087318615669	2067.5690890520505	750	750	16.12032	2
1	no	69.14329767230869	2079.3023232222527	750	750	17.837952	1
2	yes	80	1982.9222011385195	750	750	0	4
3	no	70.68503885403153	2065.0486881656375	749.9999999999999	750	15.005184	3
--- stderr
