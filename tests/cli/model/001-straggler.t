desc: 8-GPU node with one slowed GPU: S_C(min) above 1
setup: litsi synth --seed 1 --straggler 5 -o node >/dev/null && litsi ingest node >/dev/null 2>&1; litsi info >/dev/null
run: litsi model --format tsv
exit: 0
--- stdout
# model
# node	samples	dropped_keys	t_baseline_ns	R_C	R_V
default	10	0	3668566280.0	0.5867	0.4133


# sets
# node	set	keys	t_max_ns	t_med_ns	t_min_ns
default	C	4789	2152348680.0	2068194824.0	2040595208.0
default	V	2571	1624411136.0	1599865216.0	1516217600.0


# performance
# node	scenario	align	S_C	throughput	power_ratio	power_gain
default	gpu-red	max	1.0000	1.0000	0.9723	1.0285
default	gpu-realloc	med	1.0407	1.0407	1.0027	0.9973
default	cpu-slosh	min	1.0548	1.0548	1.0133	0.9869


# power_reference
# node	P_baseline_w	baseline_from	P_idle_w	idle_from
default	629.0	telemetry	140.5	telemetry


# power_ranks
# node	scenario	rank	t_r_ns	delta	power_w
default	gpu-red	0	2040595208.0	1.0548	603.6
default	gpu-red	1	2049423368.0	1.0502	605.6
default	gpu-red	2	2057868808.0	1.0459	607.6
default	gpu-red	3	2064657928.0	1.0425	609.1
default	gpu-red	4	2071731720.0	1.0389	610.7
default	gpu-red	5	2078941704.0	1.0353	612.3
default	gpu-red	6	2088464648.0	1.0306	614.5
default	gpu-red	7	2152348680.0	1.0000	629.0
default	gpu-realloc	0	2040595208.0	1.0135	622.5
default	gpu-realloc	1	2049423368.0	1.0092	624.6
default	gpu-realloc	2	2057868808.0	1.0050	626.6
default	gpu-realloc	3	2064657928.0	1.0017	628.2
default	gpu-realloc	4	2071731720.0	0.9983	629.8
default	gpu-realloc	5	2078941704.0	0.9948	631.5
default	gpu-realloc	6	2088464648.0	0.9903	633.8
default	gpu-realloc	7	2152348680.0	0.9609	648.9
default	cpu-slosh	0	2040595208.0	1.0000	629.0
default	cpu-slosh	1	2049423368.0	0.9957	631.1
default	cpu-slosh	2	2057868808.0	0.9916	633.1
default	cpu-slosh	3	2064657928.0	0.9883	634.8
default	cpu-slosh	4	2071731720.0	0.9850	636.5
default	cpu-slosh	5	2078941704.0	0.9816	638.2
default	cpu-slosh	6	2088464648.0	0.9771	640.5
default	cpu-slosh	7	2152348680.0	0.9481	655.8


--- stderr
