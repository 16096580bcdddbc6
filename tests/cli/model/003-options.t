desc: baseline and idle power from the options
setup: litsi synth --seed 1 --straggler 5 -o node >/dev/null && litsi ingest node >/dev/null 2>&1; litsi info >/dev/null
run: litsi model --baseline-power 700 --idle-power 100 --format json
exit: 0
--- stdout
{
"model":[
{"node":"default","samples":10,"dropped_keys":0,"t_baseline_ns":3668566280.0,"R_C":0.5867,"R_V":0.4133}
],
"sets":[
{"node":"default","set":"C","keys":4789,"t_max_ns":2152348680.0,"t_med_ns":2068194824.0,"t_min_ns":2040595208.0},
{"node":"default","set":"V","keys":2571,"t_max_ns":1624411136.0,"t_med_ns":1599865216.0,"t_min_ns":1516217600.0}
],
"performance":[
{"node":"default","scenario":"gpu-red","align":"max","S_C":1.0000,"throughput":1.0000,"power_ratio":0.9694,"power_gain":1.0316},
{"node":"default","scenario":"gpu-realloc","align":"med","S_C":1.0407,"throughput":1.0407,"power_ratio":1.0030,"power_gain":0.9970},
{"node":"default","scenario":"cpu-slosh","align":"min","S_C":1.0548,"throughput":1.0548,"power_ratio":1.0147,"power_gain":0.9855}
],
"power_reference":[
{"node":"default","P_baseline_w":700.0,"baseline_from":"option","P_idle_w":100.0,"idle_from":"option"}
],
"power_ranks":[
{"node":"default","scenario":"gpu-red","rank":0,"t_r_ns":2040595208.0,"delta":1.0548,"power_w":668.8},
{"node":"default","scenario":"gpu-red","rank":1,"t_r_ns":2049423368.0,"delta":1.0502,"power_w":671.3},
{"node":"default","scenario":"gpu-red","rank":2,"t_r_ns":2057868808.0,"delta":1.0459,"power_w":673.7},
{"node":"default","scenario":"gpu-red","rank":3,"t_r_ns":2064657928.0,"delta":1.0425,"power_w":675.6},
{"node":"default","scenario":"gpu-red","rank":4,"t_r_ns":2071731720.0,"delta":1.0389,"power_w":677.5},
{"node":"default","scenario":"gpu-red","rank":5,"t_r_ns":2078941704.0,"delta":1.0353,"power_w":679.5},
{"node":"default","scenario":"gpu-red","rank":6,"t_r_ns":2088464648.0,"delta":1.0306,"power_w":682.2},
{"node":"default","scenario":"gpu-red","rank":7,"t_r_ns":2152348680.0,"delta":1.0000,"power_w":700.0},
{"node":"default","scenario":"gpu-realloc","rank":0,"t_r_ns":2040595208.0,"delta":1.0135,"power_w":692.0},
{"node":"default","scenario":"gpu-realloc","rank":1,"t_r_ns":2049423368.0,"delta":1.0092,"power_w":694.6},
{"node":"default","scenario":"gpu-realloc","rank":2,"t_r_ns":2057868808.0,"delta":1.0050,"power_w":697.0},
{"node":"default","scenario":"gpu-realloc","rank":3,"t_r_ns":2064657928.0,"delta":1.0017,"power_w":699.0},
{"node":"default","scenario":"gpu-realloc","rank":4,"t_r_ns":2071731720.0,"delta":0.9983,"power_w":701.0},
{"node":"default","scenario":"gpu-realloc","rank":5,"t_r_ns":2078941704.0,"delta":0.9948,"power_w":703.1},
{"node":"default","scenario":"gpu-realloc","rank":6,"t_r_ns":2088464648.0,"delta":0.9903,"power_w":705.9},
{"node":"default","scenario":"gpu-realloc","rank":7,"t_r_ns":2152348680.0,"delta":0.9609,"power_w":724.4},
{"node":"default","scenario":"cpu-slosh","rank":0,"t_r_ns":2040595208.0,"delta":1.0000,"power_w":700.0},
{"node":"default","scenario":"cpu-slosh","rank":1,"t_r_ns":2049423368.0,"delta":0.9957,"power_w":702.6},
{"node":"default","scenario":"cpu-slosh","rank":2,"t_r_ns":2057868808.0,"delta":0.9916,"power_w":705.1},
{"node":"default","scenario":"cpu-slosh","rank":3,"t_r_ns":2064657928.0,"delta":0.9883,"power_w":707.1},
{"node":"default","scenario":"cpu-slosh","rank":4,"t_r_ns":2071731720.0,"delta":0.9850,"power_w":709.2},
{"node":"default","scenario":"cpu-slosh","rank":5,"t_r_ns":2078941704.0,"delta":0.9816,"power_w":711.3},
{"node":"default","scenario":"cpu-slosh","rank":6,"t_r_ns":2088464648.0,"delta":0.9771,"power_w":714.1},
{"node":"default","scenario":"cpu-slosh","rank":7,"t_r_ns":2152348680.0,"delta":0.9481,"power_w":732.9}
]
}
--- stderr
