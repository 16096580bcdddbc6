desc: a trace without communication: HTA prints NaN, both overlap figures are null in JSON with the note
needs: corpus
setup: litsi ingest $CORPUS/tracelens/tests/traces/h100/gaunernst_bert-small-uncased__1016001.json.gz
run: litsi overlap --summary --format json
exit: 0
--- stdout
{
"node":"default",
"overlap_summary":[
{"gpu":0,"sample":6,"compute_kernels":60,"compute_ms":0.307197,"comm_kernels":0,"comm_ms":0,"mean_ratio_pct":0,"weighted_ratio_pct":0,"note":"no communication"}
],
"peer_figures":[
{"gpu":0,"hta_overlap_pct":null,"litsi_overlap_pct":null,"tl_events":61,"total_ms":3.907824951171875,"computation_ms":0.30719775390625,"exposed_comm_ms":0,"exposed_memcpy_ms":0.002239990234375,"busy_ms":0.309437744140625,"idle_ms":3.59838720703125,"total_comm_ms":0,"note":"no communication"}
]
}
--- stderr
