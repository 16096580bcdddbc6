desc: json summary of rank 0 of trace_filter
needs: corpus
setup: litsi ingest --node n1 $CORPUS/hta/tests/data/trace_filter/sampled_rank-0.json.gz
run: litsi overlap --summary --format json
exit: 0
--- stdout
{
"node":"n1",
"overlap_summary":[
{"gpu":0,"sample":551,"compute_kernels":572,"compute_ms":106.252,"comm_kernels":5,"comm_ms":195.327,"mean_ratio_pct":23.426573426573427,"weighted_ratio_pct":21.710650152467718,"note":"-"},
{"gpu":0,"sample":552,"compute_kernels":572,"compute_ms":104.068,"comm_kernels":5,"comm_ms":200.872,"mean_ratio_pct":20.780515660619358,"weighted_ratio_pct":34.73498097397855,"note":"-"}
],
"peer_figures":[
{"gpu":0,"hta_overlap_pct":11.81,"litsi_overlap_pct":14.946024598749618,"tl_events":1204,"total_ms":1222.847,"computation_ms":210.348,"exposed_comm_ms":336.981,"exposed_memcpy_ms":0.327,"busy_ms":547.656,"idle_ms":675.191,"total_comm_ms":396.199,"note":"-"}
]
}
--- stderr
