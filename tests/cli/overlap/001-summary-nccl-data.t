desc: per-sample summary and peer figures of HTA nccl_data (EXPECTED.md independent row: total 660.551006, computation 116.046561, exposed_comm 39.529327, total_comm 46.876492 ms; exact-ns figures differ by under 0.1 us)
needs: corpus
setup: litsi ingest $CORPUS/hta/tests/data/nccl_parser_config/nccl_data.json.gz
run: litsi overlap --summary --format csv
exit: 0
--- stdout
# node: default
# per_gpu: per GPU the mean over samples of overlap_pct (the report's overlap_pct) and the samples' range; each sample's rows follow

gpu,samples,overlap_pct,min_pct,max_pct
0,3,6.319265641563817,4.580917194122774,9.636735973709104
# overlap: overlap_pct: share of computation time that runs while communication runs (litsi's overlap, duration-weighted); kernel_mean_pct: the same per compute kernel, averaged unweighted

gpu,sample,compute_kernels,compute_ms,comm_kernels,comm_ms,overlap_pct,kernel_mean_pct,note
0,4,893,38.506406,7,11.989021,4.740143756859573,6.285167910418084,-
0,5,893,38.429422,7,12.300029,4.580917194122774,6.382978723404255,-
0,6,893,38.720019,7,22.587443,9.636735973709104,13.021888307698383,-
# whole_trace: comm_hidden_pct: share of communication time that runs while computation runs (litsi's kernel classes); the peers' own figures: hta_comm_overlap_pct is HolisticTraceAnalysis's get_comm_comp_overlap (the same meaning by HTA's rules), the _ms columns TraceLens's GPU timeline

gpu,comm_hidden_pct,hta_comm_overlap_pct,tl_events,total_ms,computation_ms,exposed_comm_ms,exposed_memcpy_ms,busy_ms,idle_ms,total_comm_ms,note
0,15.609156171303173,14.31,3774,660.551005859375,116.046560546875,39.5293271484375,1.9241904296875,157.500078125,503.050927734375,46.8764921875,-
--- stderr
