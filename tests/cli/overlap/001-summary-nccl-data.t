desc: per-sample summary and peer figures of HTA nccl_data (EXPECTED.md independent row: total 660.551006, computation 116.046561, exposed_comm 39.529327, total_comm 46.876492 ms; exact-ns figures differ by under 0.1 us)
needs: corpus
setup: litsi ingest $CORPUS/hta/tests/data/nccl_parser_config/nccl_data.json.gz
run: litsi overlap --summary --format csv
exit: 0
--- stdout
# node: default

gpu,sample,compute_kernels,compute_ms,comm_kernels,comm_ms,mean_ratio_pct,weighted_ratio_pct,note
0,4,893,38.506406,7,11.989021,6.285167910418084,4.740143756859573,-
0,5,893,38.429422,7,12.300029,6.382978723404255,4.580917194122774,-
0,6,893,38.720019,7,22.587443,13.021888307698383,9.636735973709104,-

gpu,hta_overlap_pct,litsi_overlap_pct,tl_events,total_ms,computation_ms,exposed_comm_ms,exposed_memcpy_ms,busy_ms,idle_ms,total_comm_ms,note
0,14.31,15.609156171303173,3774,660.551005859375,116.046560546875,39.5293271484375,1.9241904296875,157.500078125,503.050927734375,46.8764921875,-
--- stderr
