desc: compare --format json: the runs and gpus tables and the notes as one document
setup: litsi -q synth --layers 2 --samples 4 --straggler 5 --power-cap 700 -o a && litsi -q synth --layers 2 --samples 4 --temp-spread 1 --power-cap 720 -o b && litsi -q ingest --run base a/rank*.json a/amd-smi.csv a/amd-smi-static.json && litsi -q ingest --run next b/rank*.json b/amd-smi.csv b/amd-smi-static.json
run: litsi compare --format json base next
exit: 0
--- stdout
{
"runs":[
{"node":"default","run":"base","steps":4,"step_ms":27.71358,"throughput":1,"node_power_w":5601.5,"energy_per_step_j":155.23761837,"straggler":5,"verdict":"imbalanced","reason":"2 thermal rules fired"},
{"node":"default","run":"next","steps":4,"step_ms":25.767404,"throughput":1.0755286019499675,"node_power_w":5761.5,"energy_per_step_j":148.458898146,"straggler":null,"verdict":"balanced","reason":"2 thermal rules passed"}
],
"gpus":[
{"node":"default","gpu":0,"lead_a_ms":0.3743179130434783,"lead_b_ms":0.03194295652173913,"clk_a_mhz":1894.625,"clk_b_mhz":1982.125,"temp_a_c":71,"temp_b_c":69,"power_a_w":699.5,"power_b_w":719.5,"cap_a_w":700,"cap_b_w":720,"lead_a_pct":1.3506660382508442,"lead_b_pct":0.12396652965793192,"lead_sum_a_ms":17.218624,"lead_sum_b_ms":1.469376},
{"node":"default","gpu":1,"lead_a_ms":0.409271652173913,"lead_b_ms":0.02297739130434783,"clk_a_mhz":1906.625,"clk_b_mhz":1984.125,"temp_a_c":69,"temp_b_c":68,"power_a_w":698.5,"power_b_w":718.5,"cap_a_w":700,"cap_b_w":720,"lead_a_pct":1.4767909890166229,"lead_b_pct":0.08917231749208353,"lead_sum_a_ms":18.826496,"lead_sum_b_ms":1.05696},
{"node":"default","gpu":2,"lead_a_ms":0.2904653913043478,"lead_b_ms":0.010291478260869565,"clk_a_mhz":1882.625,"clk_b_mhz":1983.625,"temp_a_c":72,"temp_b_c":68,"power_a_w":698.5,"power_b_w":718.5,"cap_a_w":700,"cap_b_w":720,"lead_a_pct":1.0480976882248623,"lead_b_pct":0.03993991114071703,"lead_sum_a_ms":13.361408,"lead_sum_b_ms":0.473408},
{"node":"default","gpu":3,"lead_a_ms":0.3478330434782609,"lead_b_ms":0.016262956521739133,"clk_a_mhz":1896.625,"clk_b_mhz":1985.625,"temp_a_c":71,"temp_b_c":68,"power_a_w":700,"power_b_w":720,"cap_a_w":700,"cap_b_w":720,"lead_a_pct":1.2550996424072995,"lead_b_pct":0.0631144546875546,"lead_sum_a_ms":16.00032,"lead_sum_b_ms":0.748096},
{"node":"default","gpu":4,"lead_a_ms":0.43789495652173915,"lead_b_ms":0.016706782608695656,"clk_a_mhz":1918.625,"clk_b_mhz":1988.125,"temp_a_c":68,"temp_b_c":68,"power_a_w":699.5,"power_b_w":719.5,"cap_a_w":700,"cap_b_w":720,"lead_a_pct":1.5800735831377222,"lead_b_pct":0.06483688697819795,"lead_sum_a_ms":20.143168,"lead_sum_b_ms":0.768512},
{"node":"default","gpu":5,"lead_a_ms":0,"lead_b_ms":0.015841391304347825,"clk_a_mhz":1818.125,"clk_b_mhz":1982.125,"temp_a_c":80.5,"temp_b_c":69,"power_a_w":702.5,"power_b_w":722.5,"cap_a_w":700,"cap_b_w":720,"lead_a_pct":0,"lead_b_pct":0.0614784139851567,"lead_sum_a_ms":0,"lead_sum_b_ms":0.728704},
{"node":"default","gpu":6,"lead_a_ms":0.44171826086956517,"lead_b_ms":0.028574608695652176,"clk_a_mhz":1913.625,"clk_b_mhz":1984.625,"temp_a_c":68,"temp_b_c":68,"power_a_w":702,"power_b_w":722,"cap_a_w":700,"cap_b_w":720,"lead_a_pct":1.593869362491476,"lead_b_pct":0.11089440246154474,"lead_sum_a_ms":20.31904,"lead_sum_b_ms":1.314432},
{"node":"default","gpu":7,"lead_a_ms":0.4519262608695652,"lead_b_ms":0.03882295652173913,"clk_a_mhz":1914.125,"clk_b_mhz":1985.625,"temp_a_c":69,"temp_b_c":68,"power_a_w":701,"power_b_w":721,"cap_a_w":700,"cap_b_w":720,"lead_a_pct":1.630703290118293,"lead_b_pct":0.15066692990003622,"lead_sum_a_ms":20.788608,"lead_sum_b_ms":1.785856}
],
"verdict":"helped: faster, for no more energy per step (throughput x1.0755, node power x1.0286, energy per step x0.9563)"
}
--- stderr
