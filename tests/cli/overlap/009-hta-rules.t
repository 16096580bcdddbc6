desc: HTA's rules at once on a hand-made trace (sub-µs rounding, the last ProfilerStep left out, types by name); HTA prints 33.33 for it
setup: litsi ingest $DATA/hta/rules.json
run: litsi overlap --summary --format csv
exit: 0
--- stdout
# node: default

gpu,sample,compute_kernels,compute_ms,comm_kernels,comm_ms,mean_ratio_pct,weighted_ratio_pct,note
0,1,5,0.0261,3,0.0521,80,80.84291187739464,-
0,2,2,0.008,1,0.02,100,100,-
0,3,1,0.004,1,0.01,100,100,-

gpu,hta_overlap_pct,litsi_overlap_pct,tl_events,total_ms,computation_ms,exposed_comm_ms,exposed_memcpy_ms,busy_ms,idle_ms,total_comm_ms,note
0,33.33,43.97076735688185,15,0.24969999999999998,0.038099999999999995,0.04900000000000001,0.0055,0.0926,0.15709999999999996,0.0821,-
--- stderr
