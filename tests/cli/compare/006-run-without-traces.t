desc: a run that recorded only telemetry has no steps, leads nor straggler: its throughput and energy are unknown and so is the verdict, while its medians and the node power ratio still show
setup: litsi -q synth --layers 2 --samples 3 -o a && litsi -q synth --layers 2 --samples 3 --power-cap 680 -o b && litsi -q ingest --run first a/amd-smi.csv && litsi -q ingest --run second b/rank*.json b/amd-smi.csv
run: litsi compare --format csv first second
exit: 0
--- stdout
node,run,steps,step_ms,throughput,node_power_w,energy_per_step_j,straggler,verdict,reason
default,first,0,,,5968,,-,balanced,2 thermal rules passed
default,second,3,27.7987,,5441,151.2527267,-,balanced,2 thermal rules passed

node,gpu,lead_a_ms,lead_b_ms,clk_a_mhz,clk_b_mhz,temp_a_c,temp_b_c,power_a_w,power_b_w,cap_a_w,cap_b_w
default,0,-,4.155306666666666,2064.125,1825.125,71,71,744,679.5,-,-
default,1,-,5.873237333333333,2077.125,1838.625,69,69.5,746,678.5,-,-
default,2,-,0.23560533333333333,2051.125,1813.625,72,72,746,680,-,-
default,3,-,2.9912746666666665,2065.625,1825.625,71,71,748,679.5,-,-
default,4,-,7.461376,2089.625,1849.125,68,68,742,678.5,-,-
default,5,-,0.7660373333333333,2050.125,1813.625,72.5,72.5,749,682.5,-,-
default,6,-,7.508224,2084.625,1845.625,68,68.5,747,681.5,-,-
default,7,-,7.86176,2085.125,1844.625,69,69,746,681,-,-
# verdict: unknown: a run has no measured steps (throughput n/a, node power x0.9117, energy per step n/a)
--- stderr
