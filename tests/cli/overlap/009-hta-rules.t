desc: HTA's rules at once on a hand-made trace (sub-µs rounding, the last ProfilerStep left out, types by name); HTA prints 33.33 for it
setup: litsi ingest $DATA/hta/rules.json
run: litsi overlap --summary --format csv
exit: 0
--- stdout
# node: default

gpu,sample,compute_kernels,compute_ms,comm_kernels,comm_ms,mean_ratio_pct,weighted_ratio_pct,note
0,1,5,0.026100,3,0.052100,80.00,80.84,-
0,2,2,0.008000,1,0.020000,100.00,100.00,-
0,3,1,0.004000,1,0.010000,100.00,100.00,-

gpu,hta_overlap_pct,litsi_overlap_pct,tl_events,total_ms,computation_ms,exposed_comm_ms,exposed_memcpy_ms,busy_ms,idle_ms,total_comm_ms,note
0,33.33,43.97,15,0.249700,0.038100,0.049000,0.005500,0.092600,0.157100,0.082100,-
--- stderr
