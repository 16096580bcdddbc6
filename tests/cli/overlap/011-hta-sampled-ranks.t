desc: HTA trace_filter ranks 0 and 1 in one node: HTA prints 11.81 and 20.05 (its iteration filter keeps kernels launched before ProfilerStep#552)
needs: corpus
setup: litsi ingest $CORPUS/hta/tests/data/trace_filter/sampled_rank-0.json.gz $CORPUS/hta/tests/data/trace_filter/sampled_rank-1.json.gz
run: litsi overlap --summary --format csv
exit: 0
--- stdout
# node: default
# per_gpu: per GPU the mean over samples of overlap_pct (the report's overlap_pct) and the samples' range; each sample's rows follow

gpu,samples,overlap_pct,min_pct,max_pct
0,2,28.222815563223136,21.710650152467718,34.73498097397855
1,2,27.76176722506133,24.85540177649246,30.6681326736302
# overlap: overlap_pct: share of computation time that runs while communication runs (litsi's overlap, duration-weighted); kernel_mean_pct: the same per compute kernel, averaged unweighted

gpu,sample,compute_kernels,compute_ms,comm_kernels,comm_ms,overlap_pct,kernel_mean_pct,note
0,551,572,106.252,5,195.327,21.710650152467718,23.426573426573427,-
1,551,547,135.548,5,168.027,24.85540177649246,41.72949569630712,-
0,552,572,104.068,5,200.872,34.73498097397855,20.780515660619358,-
1,552,547,136.425,5,211.026,30.6681326736302,14.587470597074713,-
# whole_trace: comm_hidden_pct: share of communication time that runs while computation runs (litsi's kernel classes); the peers' own figures: hta_comm_overlap_pct is HolisticTraceAnalysis's get_comm_comp_overlap (the same meaning by HTA's rules), the _ms columns TraceLens's GPU timeline

gpu,comm_hidden_pct,hta_comm_overlap_pct,tl_events,total_ms,computation_ms,exposed_comm_ms,exposed_memcpy_ms,busy_ms,idle_ms,total_comm_ms,note
0,14.946024598749618,11.81,1204,1222.847,210.348,336.981,0.327,547.656,675.191,396.199,-
1,19.92597341268899,20.05,1154,1231.186,272.004,303.51975,4.526,580.04975,651.13625,379.053,-
--- stderr
