desc: power model unavailable without power telemetry: performance printed, exit 3
setup: litsi synth --seed 1 --telemetry none -o node >/dev/null && litsi ingest node >/dev/null 2>&1; true
run: litsi model --format csv
exit: 3
--- stdout
node,samples,dropped_keys,t_baseline_ns,R_C,R_V
default,10,0,3573426184.0,0.7132,0.2868

node,set,keys,t_max_ns,t_med_ns,t_min_ns
default,C,6108,2548563464.0,2516647816.0,2485579272.0
default,V,1252,1063629568.0,1047838336.0,1024862720.0

node,scenario,align,S_C,throughput,power_ratio,power_gain
default,gpu-red,max,1.0000,1.0000,nan,nan
default,gpu-realloc,med,1.0127,1.0127,nan,nan
default,cpu-slosh,min,1.0253,1.0253,nan,nan

node,P_baseline_w,baseline_from,P_idle_w,idle_from
default,nan,-,nan,-

node,scenario,rank,t_r_ns,delta,power_w
--- stderr
litsi: node 'default': power model unavailable: cannot determine P_baseline and P_idle from telemetry; give --baseline-power W and --idle-power W
