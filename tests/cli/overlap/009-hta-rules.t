desc: HTA's rules at once on a hand-made trace (sub-µs rounding, the last ProfilerStep left out, types by name); HTA prints 33.33 for it
setup: litsi ingest $DATA/hta/rules.json
run: litsi overlap --summary --format csv
exit: 0
--- stdout
# node: default
# per_gpu: per GPU the mean over samples of overlap_pct (the report's overlap_pct) and the samples' range; each sample's rows follow

gpu,samples,overlap_pct,min_pct,max_pct
0,3,93.61430395913153,80.84291187739464,100
# overlap: overlap_pct: share of computation time that runs while communication runs (litsi's overlap, duration-weighted); kernel_mean_pct: the same per compute kernel, averaged unweighted

gpu,sample,compute_kernels,compute_ms,comm_kernels,comm_ms,overlap_pct,kernel_mean_pct,note
0,1,5,0.0261,3,0.0521,80.84291187739464,80,-
0,2,2,0.008,1,0.02,100,100,-
0,3,1,0.004,1,0.01,100,100,-
# whole_trace: comm_hidden_pct: share of communication time that runs while computation runs (litsi's kernel classes); the peers' own figures: hta_comm_overlap_pct is HolisticTraceAnalysis's get_comm_comp_overlap (the same meaning by HTA's rules), the _ms columns TraceLens's GPU timeline

gpu,comm_hidden_pct,hta_comm_overlap_pct,tl_events,total_ms,computation_ms,exposed_comm_ms,exposed_memcpy_ms,busy_ms,idle_ms,total_comm_ms,note
0,43.97076735688185,33.33,15,0.24969999999999998,0.038099999999999995,0.04900000000000001,0.0055,0.0926,0.15709999999999996,0.0821,-
--- stderr
