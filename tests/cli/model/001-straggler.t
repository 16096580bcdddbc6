desc: 8-GPU node with one slowed GPU: S_C(min) above 1
setup: litsi synth --seed 1 --straggler 5 -o node >/dev/null && litsi ingest node >/dev/null 2>&1; litsi info >/dev/null
run: litsi model --format tsv
exit: 0
--- stdout
# model
# node	samples	dropped_keys	t_baseline_ns	R_C	R_V
default	10	0	3711118088.0	0.5692	0.4308


# sets
# node	set	keys	t_max_ns	t_med_ns	t_min_ns
default	C	4486	2112205832.0	2023256072.0	1991219208.0
default	V	2874	1727700224.0	1689123200.0	1598912256.0


# performance
# node	scenario	align	S_C	throughput	power_ratio	power_gain
default	gpu-red	max	1.0000	1.0000	0.9686	1.0324
default	gpu-realloc	med	1.0440	1.0440	1.0029	0.9971
default	cpu-slosh	min	1.0608	1.0608	1.0160	0.9842


# power_reference
# node	P_baseline_w	baseline_from	P_idle_w	idle_from
default	750.0	telemetry	140.5	telemetry


# power_ranks
# node	scenario	rank	t_r_ns	delta	power_w
default	gpu-red	0	1991219208.0	1.0608	715.1
default	gpu-red	1	2001225480.0	1.0555	718.0
default	gpu-red	2	2009837576.0	1.0509	720.5
default	gpu-red	3	2019415304.0	1.0459	723.2
default	gpu-red	4	2027096840.0	1.0420	725.4
default	gpu-red	5	2036295944.0	1.0373	728.1
default	gpu-red	6	2047065352.0	1.0318	731.2
default	gpu-red	7	2112205832.0	1.0000	750.0
default	gpu-realloc	0	1991219208.0	1.0161	740.3
default	gpu-realloc	1	2001225480.0	1.0110	743.4
default	gpu-realloc	2	2009837576.0	1.0067	746.0
default	gpu-realloc	3	2019415304.0	1.0019	748.8
default	gpu-realloc	4	2027096840.0	0.9981	751.2
default	gpu-realloc	5	2036295944.0	0.9936	753.9
default	gpu-realloc	6	2047065352.0	0.9884	757.2
default	gpu-realloc	7	2112205832.0	0.9579	776.8
default	cpu-slosh	0	1991219208.0	1.0000	750.0
default	cpu-slosh	1	2001225480.0	0.9950	753.1
default	cpu-slosh	2	2009837576.0	0.9907	755.7
default	cpu-slosh	3	2019415304.0	0.9860	758.6
default	cpu-slosh	4	2027096840.0	0.9823	761.0
default	cpu-slosh	5	2036295944.0	0.9779	763.8
default	cpu-slosh	6	2047065352.0	0.9727	767.1
default	cpu-slosh	7	2112205832.0	0.9427	787.0


--- stderr
