desc: HTA trace_filter ranks 0 and 1 in one node: HTA prints 11.81 and 20.05 (its iteration filter keeps kernels launched before ProfilerStep#552)
needs: corpus
setup: litsi ingest $CORPUS/hta/tests/data/trace_filter/sampled_rank-0.json.gz $CORPUS/hta/tests/data/trace_filter/sampled_rank-1.json.gz
run: litsi overlap --summary --format csv
exit: 0
--- stdout
# node: default

gpu,sample,compute_kernels,compute_ms,comm_kernels,comm_ms,mean_ratio_pct,weighted_ratio_pct,note
0,551,572,106.252,5,195.327,23.426573426573427,21.710650152467718,-
1,551,547,135.548,5,168.027,41.72949569630712,24.85540177649246,-
0,552,572,104.068,5,200.872,20.780515660619358,34.73498097397855,-
1,552,547,136.425,5,211.026,14.587470597074713,30.6681326736302,-

gpu,hta_overlap_pct,litsi_overlap_pct,tl_events,total_ms,computation_ms,exposed_comm_ms,exposed_memcpy_ms,busy_ms,idle_ms,total_comm_ms,note
0,11.81,14.946024598749618,1204,1222.847,210.348,336.981,0.327,547.656,675.191,396.199,-
1,20.05,19.92597341268899,1154,1231.186,272.004,303.51975,4.526,580.04975,651.13625,379.053,-
--- stderr
