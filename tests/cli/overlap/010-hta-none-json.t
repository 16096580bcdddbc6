desc: a trace without communication: HTA prints NaN, both overlap figures are null in JSON with the note
needs: corpus
setup: litsi ingest $CORPUS/tracelens/tests/traces/h100/gaunernst_bert-small-uncased__1016001.json.gz
run: litsi overlap --summary --format json
exit: 0
--- stdout
{
"node":"default",
"per_gpu":"per GPU the mean over samples of overlap_pct (the report's overlap_pct) and the samples' range; each sample's rows follow",
"overlap_gpus":[
{"gpu":0,"samples":1,"overlap_pct":0,"min_pct":0,"max_pct":0}
],
"overlap":"overlap_pct: share of computation time that runs while communication runs (litsi's overlap, duration-weighted); kernel_mean_pct: the same per compute kernel, averaged unweighted",
"overlap_summary":[
{"gpu":0,"sample":6,"compute_kernels":60,"compute_ms":0.307197,"comm_kernels":0,"comm_ms":0,"overlap_pct":0,"kernel_mean_pct":0,"note":"no communication"}
],
"whole_trace":"comm_hidden_pct: share of communication time that runs while computation runs (litsi's kernel classes); the peers' own figures: hta_comm_overlap_pct is HolisticTraceAnalysis's get_comm_comp_overlap (the same meaning by HTA's rules), the _ms columns TraceLens's GPU timeline",
"peer_figures":[
{"gpu":0,"comm_hidden_pct":null,"hta_comm_overlap_pct":null,"tl_events":61,"total_ms":3.907824951171875,"computation_ms":0.30719775390625,"exposed_comm_ms":0,"exposed_memcpy_ms":0.002239990234375,"busy_ms":0.309437744140625,"idle_ms":3.59838720703125,"total_comm_ms":0,"note":"no communication"}
]
}
--- stderr
