desc: baseline and idle power from the options
setup: litsi synth --seed 1 --straggler 5 -o node >/dev/null && litsi ingest node >/dev/null 2>&1; litsi info >/dev/null
run: litsi model --baseline-power 700 --idle-power 100 --format json
exit: 0
--- stdout
{
"model":[
{"node":"default","samples":10,"dropped_keys":0,"t_baseline_ns":3711118088,"R_C":0.5691561901061231,"R_V":0.43084380989387694}
],
"sets":[
{"node":"default","set":"C","keys":4486,"t_max_ns":2112205832,"t_med_ns":2023256072,"t_min_ns":1991219208},
{"node":"default","set":"V","keys":2874,"t_max_ns":1727700224,"t_med_ns":1689123200,"t_min_ns":1598912256}
],
"performance":[
{"node":"default","scenario":"gpu-red","align":"max","S_C":1,"throughput":1,"power_ratio":0.9668617360934765,"power_gain":1.0342740462978872},
{"node":"default","scenario":"gpu-realloc","align":"med","S_C":1.0439636688756222,"throughput":1.0439636688756222,"power_ratio":1.00308800118251,"power_gain":0.9969215052130325},
{"node":"default","scenario":"cpu-slosh","align":"min","S_C":1.0607600727804951,"throughput":1.0607600727804951,"power_ratio":1.0169283151499782,"power_gain":0.9833534823470015}
],
"power_reference":[
{"node":"default","P_baseline_w":700,"baseline_from":"option","P_idle_w":100,"idle_from":"option"}
],
"power_ranks":[
{"node":"default","scenario":"gpu-red","rank":0,"t_r_ns":1991219208,"delta":1.0607600727804951,"power_w":665.6321494334366},
{"node":"default","scenario":"gpu-red","rank":1,"t_r_ns":2001225480,"delta":1.0554561957706035,"power_w":668.4745633256068},
{"node":"default","scenario":"gpu-red","rank":2,"t_r_ns":2009837576,"delta":1.0509335964370485,"power_w":670.9209430873308},
{"node":"default","scenario":"gpu-red","rank":3,"t_r_ns":2019415304,"delta":1.0459492051071433,"power_w":673.6416233889084},
{"node":"default","scenario":"gpu-red","rank":4,"t_r_ns":2027096840,"delta":1.041985656689199,"power_w":675.8236652761974},
{"node":"default","scenario":"gpu-red","rank":5,"t_r_ns":2036295944,"delta":1.037278416343985,"power_w":678.4367924233627},
{"node":"default","scenario":"gpu-red","rank":6,"t_r_ns":2047065352,"delta":1.0318213973659205,"power_w":681.4959851886254},
{"node":"default","scenario":"gpu-red","rank":7,"t_r_ns":2112205832,"delta":1,"power_w":700},
{"node":"default","scenario":"gpu-realloc","rank":0,"t_r_ns":1991219208,"delta":1.0160890693858755,"power_w":690.4994139565345},
{"node":"default","scenario":"gpu-realloc","rank":1,"t_r_ns":2001225480,"delta":1.0110085506206927,"power_w":693.4667907918677},
{"node":"default","scenario":"gpu-realloc","rank":2,"t_r_ns":2009837576,"delta":1.0066764081636417,"power_w":696.02072238338},
{"node":"default","scenario":"gpu-realloc","rank":3,"t_r_ns":2019415304,"delta":1.0019019208146003,"power_w":698.8610137728527},
{"node":"default","scenario":"gpu-realloc","rank":4,"t_r_ns":2027096840,"delta":0.9981052863759582,"power_w":701.1389862271473},
{"node":"default","scenario":"gpu-realloc","rank":5,"t_r_ns":2036295944,"delta":0.9935962785574355,"power_w":703.8669960309403},
{"node":"default","scenario":"gpu-realloc","rank":6,"t_r_ns":2047065352,"delta":0.9883690669783756,"power_w":707.0606821339618},
{"node":"default","scenario":"gpu-realloc","rank":7,"t_r_ns":2112205832,"delta":0.9578877405542549,"power_w":726.3782013253733},
{"node":"default","scenario":"cpu-slosh","rank":0,"t_r_ns":1991219208,"delta":1,"power_w":700},
{"node":"default","scenario":"cpu-slosh","rank":1,"t_r_ns":2001225480,"delta":0.9949999277442739,"power_w":703.0151191671309},
{"node":"default","scenario":"cpu-slosh","rank":2,"t_r_ns":2009837576,"delta":0.9907363817741658,"power_w":705.6101411412259},
{"node":"default","scenario":"cpu-slosh","rank":3,"t_r_ns":2019415304,"delta":0.9860374951382462,"power_w":708.4961301759399},
{"node":"default","scenario":"cpu-slosh","rank":4,"t_r_ns":2027096840,"delta":0.9823009777865374,"power_w":710.8107530871106},
{"node":"default","scenario":"cpu-slosh","rank":5,"t_r_ns":2036295944,"delta":0.9778633669959321,"power_w":713.5826540299223},
{"node":"default","scenario":"cpu-slosh","rank":6,"t_r_ns":2047065352,"delta":0.9727189247058293,"power_w":716.8277235702519},
{"node":"default","scenario":"cpu-slosh","rank":7,"t_r_ns":2112205832,"delta":0.9427202490557275,"power_w":736.4560436682971}
],
"power_ratio":"node default: predicted power over P_baseline, --baseline-power (700.0 W)"
}
--- stderr
