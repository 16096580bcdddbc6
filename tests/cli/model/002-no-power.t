desc: power model unavailable without power telemetry: performance printed, exit 3
setup: litsi synth --seed 1 --telemetry none -o node >/dev/null && litsi ingest node >/dev/null 2>&1; true
run: litsi model --format csv
exit: 0
--- stdout
node,samples,dropped_keys,t_baseline_ns,R_C,R_V
default,10,0,3619182856.0,0.7059,0.2941

node,set,keys,t_max_ns,t_med_ns,t_min_ns
default,C,6017,2554866696.0,2515571464.0,2477959688.0
default,V,1343,1121136128.0,1092827520.0,1064316160.0

node,scenario,align,S_C,throughput,power_ratio,power_gain
default,gpu-red,max,1.0000,1.0000,nan,nan
default,gpu-realloc,med,1.0156,1.0156,nan,nan
default,cpu-slosh,min,1.0310,1.0310,nan,nan

node,P_baseline_w,baseline_from,P_idle_w,idle_from
default,nan,-,nan,-

node,scenario,rank,t_r_ns,delta,power_w
# power model: node default: unavailable: no power readings give P_baseline and P_idle from telemetry; give --baseline-power W and --idle-power W
--- stderr
