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
{"node":"default","gpu":0,"lead_a_ms":17.218624,"lead_b_ms":1.469376,"clk_a_mhz":1894.625,"clk_b_mhz":1982.125,"temp_a_c":71,"temp_b_c":69,"power_a_w":699.5,"power_b_w":719.5,"cap_a_w":700,"cap_b_w":720},
{"node":"default","gpu":1,"lead_a_ms":18.826496,"lead_b_ms":1.05696,"clk_a_mhz":1906.625,"clk_b_mhz":1984.125,"temp_a_c":69,"temp_b_c":68,"power_a_w":698.5,"power_b_w":718.5,"cap_a_w":700,"cap_b_w":720},
{"node":"default","gpu":2,"lead_a_ms":13.361408,"lead_b_ms":0.473408,"clk_a_mhz":1882.625,"clk_b_mhz":1983.625,"temp_a_c":72,"temp_b_c":68,"power_a_w":698.5,"power_b_w":718.5,"cap_a_w":700,"cap_b_w":720},
{"node":"default","gpu":3,"lead_a_ms":16.00032,"lead_b_ms":0.748096,"clk_a_mhz":1896.625,"clk_b_mhz":1985.625,"temp_a_c":71,"temp_b_c":68,"power_a_w":700,"power_b_w":720,"cap_a_w":700,"cap_b_w":720},
{"node":"default","gpu":4,"lead_a_ms":20.143168,"lead_b_ms":0.768512,"clk_a_mhz":1918.625,"clk_b_mhz":1988.125,"temp_a_c":68,"temp_b_c":68,"power_a_w":699.5,"power_b_w":719.5,"cap_a_w":700,"cap_b_w":720},
{"node":"default","gpu":5,"lead_a_ms":0,"lead_b_ms":0.728704,"clk_a_mhz":1818.125,"clk_b_mhz":1982.125,"temp_a_c":80.5,"temp_b_c":69,"power_a_w":702.5,"power_b_w":722.5,"cap_a_w":700,"cap_b_w":720},
{"node":"default","gpu":6,"lead_a_ms":20.31904,"lead_b_ms":1.314432,"clk_a_mhz":1913.625,"clk_b_mhz":1984.625,"temp_a_c":68,"temp_b_c":68,"power_a_w":702,"power_b_w":722,"cap_a_w":700,"cap_b_w":720},
{"node":"default","gpu":7,"lead_a_ms":20.788608,"lead_b_ms":1.785856,"clk_a_mhz":1914.125,"clk_b_mhz":1985.625,"temp_a_c":69,"temp_b_c":68,"power_a_w":701,"power_b_w":721,"cap_a_w":700,"cap_b_w":720}
],
"verdict":"helped: faster, for no more energy per step (throughput x1.0755, node power x1.0286, energy per step x0.9563)"
}
--- stderr
