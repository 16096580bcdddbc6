desc: json summary of rank 0 of trace_filter
needs: corpus
setup: litsi ingest --node n1 $CORPUS/hta/tests/data/trace_filter/sampled_rank-0.json.gz
run: litsi overlap --summary --format json
exit: 0
--- stdout
{
"node":"n1",
"per_gpu":"per GPU the mean over samples of overlap_pct (the report's overlap_pct) and the samples' range; each sample's rows follow",
"overlap_gpus":[
{"gpu":0,"samples":2,"overlap_pct":28.222815563223136,"min_pct":21.710650152467718,"max_pct":34.73498097397855}
],
"overlap":"overlap_pct: share of computation time that runs while communication runs (litsi's overlap, duration-weighted); kernel_mean_pct: the same per compute kernel, averaged unweighted",
"overlap_summary":[
{"gpu":0,"sample":551,"compute_kernels":572,"compute_ms":106.252,"comm_kernels":5,"comm_ms":195.327,"overlap_pct":21.710650152467718,"kernel_mean_pct":23.426573426573427,"note":"-"},
{"gpu":0,"sample":552,"compute_kernels":572,"compute_ms":104.068,"comm_kernels":5,"comm_ms":200.872,"overlap_pct":34.73498097397855,"kernel_mean_pct":20.780515660619358,"note":"-"}
],
"whole_trace":"comm_hidden_pct: share of communication time that runs while computation runs (litsi's kernel classes); the peers' own figures: hta_comm_overlap_pct is HolisticTraceAnalysis's get_comm_comp_overlap (the same meaning by HTA's rules), the _ms columns TraceLens's GPU timeline",
"peer_figures":[
{"gpu":0,"comm_hidden_pct":14.946024598749618,"hta_comm_overlap_pct":11.81,"tl_events":1204,"total_ms":1222.847,"computation_ms":210.348,"exposed_comm_ms":336.981,"exposed_memcpy_ms":0.327,"busy_ms":547.656,"idle_ms":675.191,"total_comm_ms":396.199,"note":"-"}
]
}
--- stderr
