desc: HTA trace_filter ranks 0 and 1 in one node: HTA prints 11.81 and 20.05 (its iteration filter keeps kernels launched before ProfilerStep#552)
needs: corpus
setup: litsi ingest $CORPUS/hta/tests/data/trace_filter/sampled_rank-0.json.gz $CORPUS/hta/tests/data/trace_filter/sampled_rank-1.json.gz
run: litsi overlap --summary --format csv
exit: 0
--- stdout
# node: default

gpu,sample,compute_kernels,compute_ms,comm_kernels,comm_ms,mean_ratio_pct,weighted_ratio_pct,note
0,551,572,106.252000,5,195.327000,23.43,21.71,-
1,551,547,135.548000,5,168.027000,41.73,24.86,-
0,552,572,104.068000,5,200.872000,20.78,34.73,-
1,552,547,136.425000,5,211.026000,14.59,30.67,-

gpu,hta_overlap_pct,litsi_overlap_pct,tl_events,total_ms,computation_ms,exposed_comm_ms,exposed_memcpy_ms,busy_ms,idle_ms,total_comm_ms,note
0,11.81,14.95,1204,1222.847000,210.348000,336.981000,0.327000,547.656000,675.191000,396.199000,-
1,20.05,19.93,1154,1231.186000,272.004000,303.519750,4.526000,580.049750,651.136250,379.053000,-
--- stderr
