desc: power model unavailable without power telemetry: the performance model printed, a note names the missing inputs, exit 0
setup: litsi synth --seed 1 --telemetry none -o node >/dev/null && litsi ingest node >/dev/null 2>&1; true
run: litsi model --format csv
exit: 0
--- stdout
node,samples,dropped_keys,t_baseline_ns,R_C,R_V
default,10,0,3619182856,0.7059236290767841,0.2940763709232159

node,set,keys,t_max_ns,t_med_ns,t_min_ns
default,C,6017,2554866696,2515571464,2477959688
default,V,1343,1121136128,1092827520,1064316160

node,scenario,align,S_C,throughput,power_ratio,power_gain
default,gpu-red,max,1,1,,
default,gpu-realloc,med,1.0156207973267104,1.0156207973267104,,
default,cpu-slosh,min,1.031036424188996,1.031036424188996,,

node,P_baseline_w,baseline_from,P_idle_w,idle_from
default,,-,,-

node,scenario,rank,t_r_ns,delta,power_w
# power model: node default: unavailable: cannot determine P_baseline and P_idle from telemetry; give --baseline-power W and --idle-power W
--- stderr
