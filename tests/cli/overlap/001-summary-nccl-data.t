desc: per-sample summary and peer figures of HTA nccl_data (EXPECTED.md independent row: total 660.551006, computation 116.046561, exposed_comm 39.529327, total_comm 46.876492 ms; exact-ns figures differ by under 0.1 us)
needs: corpus
setup: litsi ingest $CORPUS/hta/tests/data/nccl_parser_config/nccl_data.json.gz
run: litsi overlap --summary --format csv
exit: 0
--- stdout
# node: default

gpu,sample,compute_kernels,compute_ms,comm_kernels,comm_ms,mean_ratio_pct,weighted_ratio_pct,note
0,4,893,38.506406,7,11.989021,6.29,4.74,-
0,5,893,38.429422,7,12.300029,6.38,4.58,-
0,6,893,38.720019,7,22.587443,13.02,9.64,-

gpu,hta_overlap_pct,litsi_overlap_pct,tl_events,total_ms,computation_ms,exposed_comm_ms,exposed_memcpy_ms,busy_ms,idle_ms,total_comm_ms,note
0,14.31,15.61,3774,660.551006,116.046561,39.529327,1.924190,157.500078,503.050928,46.876492,-
--- stderr
