desc: json summary of rank 0 of trace_filter
needs: corpus
setup: litsi ingest --node n1 $CORPUS/hta/tests/data/trace_filter/sampled_rank-0.json.gz
run: litsi overlap --summary --format json
exit: 0
--- stdout
{
"node":"n1",
"overlap_summary":[
{"gpu":0,"sample":551,"compute_kernels":572,"compute_ms":106.252000,"comm_kernels":5,"comm_ms":195.327000,"mean_ratio_pct":23.43,"weighted_ratio_pct":21.71,"note":"-"},
{"gpu":0,"sample":552,"compute_kernels":572,"compute_ms":104.068000,"comm_kernels":5,"comm_ms":200.872000,"mean_ratio_pct":20.78,"weighted_ratio_pct":34.73,"note":"-"}
],
"peer_figures":[
{"gpu":0,"hta_overlap_pct":11.81,"litsi_overlap_pct":14.95,"tl_events":1204,"total_ms":1222.847000,"computation_ms":210.348000,"exposed_comm_ms":336.981000,"exposed_memcpy_ms":0.327000,"busy_ms":547.656000,"idle_ms":675.191000,"total_comm_ms":396.199000,"note":"-"}
]
}
--- stderr
