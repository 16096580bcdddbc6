desc: TraceLens b200 eager trace timeline (EXPECTED.md: total 84.487178 computation 10.771683 exposed_comm 0.021953 exposed_memcpy 0.802843 busy 11.596479 idle 72.890698 total_comm 0.021953 ms)
needs: corpus
setup: litsi ingest $CORPUS/tracelens/tests/traces/b200/eager_trace.json.gz
run: litsi overlap --summary --format tsv
exit: 0
--- stdout
# node: default
# per_gpu: per GPU the mean over samples of overlap_pct (the report's overlap_pct) and the samples' range; each sample's rows follow


# overlap_gpus
# gpu	samples	overlap_pct	min_pct	max_pct
0	1	0	0	0
# overlap: overlap_pct: share of computation time that runs while communication runs (litsi's overlap, duration-weighted); kernel_mean_pct: the same per compute kernel, averaged unweighted


# overlap_summary
# gpu	sample	compute_kernels	compute_ms	comm_kernels	comm_ms	overlap_pct	kernel_mean_pct	note
0	-1	767	10.840963	1	0.021953	0	0	-
# whole_trace: comm_hidden_pct: share of communication time that runs while computation runs (litsi's kernel classes); the peers' own figures: hta_comm_overlap_pct is HolisticTraceAnalysis's get_comm_comp_overlap (the same meaning by HTA's rules), the _ms columns TraceLens's GPU timeline


# peer_figures
# gpu	comm_hidden_pct	hta_comm_overlap_pct	tl_events	total_ms	computation_ms	exposed_comm_ms	exposed_memcpy_ms	busy_ms	idle_ms	total_comm_ms	note
0	0	0	929	84.487177734375	10.771683349609376	0.021952880859375	0.80284326171875	11.5964794921875	72.8906982421875	0.021952880859375	-
--- stderr
