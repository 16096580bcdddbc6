desc: baseline and idle power from the options
setup: litsi synth --seed 1 --straggler 5 -o node >/dev/null && litsi ingest node >/dev/null 2>&1; litsi info >/dev/null
run: litsi model --baseline-power 700 --idle-power 100 --format json
exit: 0
--- stdout
{
"model":[
{"node":"default","samples":10,"dropped_keys":0,"t_baseline_ns":3711118088.0,"R_C":0.5692,"R_V":0.4308}
],
"sets":[
{"node":"default","set":"C","keys":4486,"t_max_ns":2112205832.0,"t_med_ns":2023256072.0,"t_min_ns":1991219208.0},
{"node":"default","set":"V","keys":2874,"t_max_ns":1727700224.0,"t_med_ns":1689123200.0,"t_min_ns":1598912256.0}
],
"performance":[
{"node":"default","scenario":"gpu-red","align":"max","S_C":1.0000,"throughput":1.0000,"power_ratio":0.9669,"power_gain":1.0343},
{"node":"default","scenario":"gpu-realloc","align":"med","S_C":1.0440,"throughput":1.0440,"power_ratio":1.0031,"power_gain":0.9969},
{"node":"default","scenario":"cpu-slosh","align":"min","S_C":1.0608,"throughput":1.0608,"power_ratio":1.0169,"power_gain":0.9834}
],
"power_reference":[
{"node":"default","P_baseline_w":700.0,"baseline_from":"option","P_idle_w":100.0,"idle_from":"option"}
],
"power_ranks":[
{"node":"default","scenario":"gpu-red","rank":0,"t_r_ns":1991219208.0,"delta":1.0608,"power_w":665.6},
{"node":"default","scenario":"gpu-red","rank":1,"t_r_ns":2001225480.0,"delta":1.0555,"power_w":668.5},
{"node":"default","scenario":"gpu-red","rank":2,"t_r_ns":2009837576.0,"delta":1.0509,"power_w":670.9},
{"node":"default","scenario":"gpu-red","rank":3,"t_r_ns":2019415304.0,"delta":1.0459,"power_w":673.6},
{"node":"default","scenario":"gpu-red","rank":4,"t_r_ns":2027096840.0,"delta":1.0420,"power_w":675.8},
{"node":"default","scenario":"gpu-red","rank":5,"t_r_ns":2036295944.0,"delta":1.0373,"power_w":678.4},
{"node":"default","scenario":"gpu-red","rank":6,"t_r_ns":2047065352.0,"delta":1.0318,"power_w":681.5},
{"node":"default","scenario":"gpu-red","rank":7,"t_r_ns":2112205832.0,"delta":1.0000,"power_w":700.0},
{"node":"default","scenario":"gpu-realloc","rank":0,"t_r_ns":1991219208.0,"delta":1.0161,"power_w":690.5},
{"node":"default","scenario":"gpu-realloc","rank":1,"t_r_ns":2001225480.0,"delta":1.0110,"power_w":693.5},
{"node":"default","scenario":"gpu-realloc","rank":2,"t_r_ns":2009837576.0,"delta":1.0067,"power_w":696.0},
{"node":"default","scenario":"gpu-realloc","rank":3,"t_r_ns":2019415304.0,"delta":1.0019,"power_w":698.9},
{"node":"default","scenario":"gpu-realloc","rank":4,"t_r_ns":2027096840.0,"delta":0.9981,"power_w":701.1},
{"node":"default","scenario":"gpu-realloc","rank":5,"t_r_ns":2036295944.0,"delta":0.9936,"power_w":703.9},
{"node":"default","scenario":"gpu-realloc","rank":6,"t_r_ns":2047065352.0,"delta":0.9884,"power_w":707.1},
{"node":"default","scenario":"gpu-realloc","rank":7,"t_r_ns":2112205832.0,"delta":0.9579,"power_w":726.4},
{"node":"default","scenario":"cpu-slosh","rank":0,"t_r_ns":1991219208.0,"delta":1.0000,"power_w":700.0},
{"node":"default","scenario":"cpu-slosh","rank":1,"t_r_ns":2001225480.0,"delta":0.9950,"power_w":703.0},
{"node":"default","scenario":"cpu-slosh","rank":2,"t_r_ns":2009837576.0,"delta":0.9907,"power_w":705.6},
{"node":"default","scenario":"cpu-slosh","rank":3,"t_r_ns":2019415304.0,"delta":0.9860,"power_w":708.5},
{"node":"default","scenario":"cpu-slosh","rank":4,"t_r_ns":2027096840.0,"delta":0.9823,"power_w":710.8},
{"node":"default","scenario":"cpu-slosh","rank":5,"t_r_ns":2036295944.0,"delta":0.9779,"power_w":713.6},
{"node":"default","scenario":"cpu-slosh","rank":6,"t_r_ns":2047065352.0,"delta":0.9727,"power_w":716.8},
{"node":"default","scenario":"cpu-slosh","rank":7,"t_r_ns":2112205832.0,"delta":0.9427,"power_w":736.5}
]
}
--- stderr
