desc: without options overlap prints the per-GPU summary, each percentage named once with its meaning, peers' figures labelled as theirs, table numbers rounded; --kernels gives every kernel instance
setup: litsi -q ingest "$SAMPLES/mi300x-straggler"
run: litsi overlap --gpu 5 --sample 10 --format table; litsi overlap --kernels --gpu 5 --sample 10 --format tsv | sed -n '1,6p' | cut -f1-6
exit: 0
--- stdout
node: default
overlap: overlap_pct: share of computation time that runs while communication runs (litsi's overlap, duration-weighted); kernel_mean_pct: the same per compute kernel, averaged unweighted

overlap_summary
gpu  sample  compute_kernels  compute_ms  comm_kernels  comm_ms  overlap_pct  kernel_mean_pct  note
  5      10              184      93.000            24   32.409         31.9             25.6  -
whole_trace: comm_hidden_pct: share of communication time that runs while computation runs (litsi's kernel classes); the peers' own figures: hta_comm_overlap_pct is HolisticTraceAnalysis's get_comm_comp_overlap (the same meaning by HTA's rules), the _ms columns TraceLens's GPU timeline

peer_figures
gpu  comm_hidden_pct  hta_comm_overlap_pct  tl_events  total_ms   computation_ms  exposed_comm_ms  exposed_memcpy_ms  busy_ms  idle_ms   total_comm_ms  note
  5             91.7                 91.56       1248  10095.580         557.388           16.205              0.000  573.593  9521.987        194.455  -
# node: default


# overlap
# gpu	sample	start_ns	dur_ns	overlap_ns	ratio_pct
5	10	1771149600751442380	50484	0	0
--- stderr
