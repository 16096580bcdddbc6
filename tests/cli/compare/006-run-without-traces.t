desc: a run that recorded only telemetry has no steps, leads nor straggler: its throughput and energy are unknown and so is the verdict, while its medians and the node power ratio still show
setup: litsi -q synth --layers 2 --samples 3 -o a && litsi -q synth --layers 2 --samples 3 --power-cap 680 -o b && litsi -q ingest --run first a/amd-smi.csv && litsi -q ingest --run second b/rank*.json b/amd-smi.csv
run: litsi compare --format csv first second
exit: 0
--- stdout
node,run,steps,step_ms,throughput,node_power_w,energy_per_step_j,straggler,verdict,reason
default,first,0,,,5968,,-,balanced,2 thermal rules passed
default,second,3,27.7987,,5441,151.2527267,-,balanced,2 thermal rules passed

node,gpu,lead_a_ms,lead_b_ms,clk_a_mhz,clk_b_mhz,temp_a_c,temp_b_c,power_a_w,power_b_w,cap_a_w,cap_b_w,lead_a_pct,lead_b_pct,lead_sum_a_ms,lead_sum_b_ms
default,0,-,0.0903327536231884,2064.125,1825.125,71,71,744,679.5,-,-,-,0.3249531583246281,-,4.155306666666666
default,1,-,0.12767907246376814,2077.125,1838.625,69,69.5,746,678.5,-,-,-,0.4592987170758637,-,5.873237333333333
default,2,-,0.005121855072463768,2051.125,1813.625,72,72,746,680,-,-,-,0.018424800700981587,-,0.23560533333333333
default,3,-,0.06502771014492753,2065.625,1825.625,71,71,748,679.5,-,-,-,0.2339235652923609,-,2.9912746666666665
default,4,-,0.16220382608695655,2089.625,1849.125,68,68,742,678.5,-,-,-,0.5834942860168156,-,7.461376
default,5,-,0.016652985507246375,2050.125,1813.625,72.5,72.5,749,682.5,-,-,-,0.059905626907899925,-,0.7660373333333333
default,6,-,0.1632222608695652,2084.625,1845.625,68,68.5,747,681.5,-,-,-,0.5871578918063263,-,7.508224
default,7,-,0.17090782608695654,2085.125,1844.625,69,69,746,681,-,-,-,0.6148051027096827,-,7.86176
# verdict: unknown: a run has no measured steps (throughput n/a, node power x0.9117, energy per step n/a)
--- stderr
