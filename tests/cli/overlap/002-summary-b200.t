desc: TraceLens b200 eager trace timeline (EXPECTED.md: total 84.487178 computation 10.771683 exposed_comm 0.021953 exposed_memcpy 0.802843 busy 11.596479 idle 72.890698 total_comm 0.021953 ms)
needs: corpus
setup: litsi ingest $CORPUS/tracelens/tests/traces/b200/eager_trace.json.gz
run: litsi overlap --summary --format tsv
exit: 0
--- stdout
# node: default


# overlap_summary
# gpu	sample	compute_kernels	compute_ms	comm_kernels	comm_ms	mean_ratio_pct	weighted_ratio_pct	note
0	-1	767	10.840963	1	0.021953	0	0	-


# peer_figures
# gpu	hta_overlap_pct	litsi_overlap_pct	tl_events	total_ms	computation_ms	exposed_comm_ms	exposed_memcpy_ms	busy_ms	idle_ms	total_comm_ms	note
0	0	0	929	84.487177734375	10.771683349609376	0.021952880859375	0.80284326171875	11.5964794921875	72.8906982421875	0.021952880859375	-
--- stderr
