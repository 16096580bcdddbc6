desc: TraceLens fused trace without telemetry: a persistent straggler whose cause the trace shows (idle gaps between its kernels: host), inconclusive, not imbalanced
needs: corpus
setup: litsi -q ingest $CORPUS/hpctrainingexamples/MLExamples/TraceLens/fused_traces/merged_all_events.json.gz
run: litsi check
exit: 5
--- stdout
node default: INCONCLUSIVE: straggler gpu 5, cause host
  straggler: gpu 5, rank 3 (100.0% of 3 samples)
  cause: host: idle between its kernels 12.71 ms per sample longer than the others' (28.5% of the sample): kernels launched late
  skipped temp-spread  no hotspot temperature telemetry
  skipped freq-spread  no gfx clock telemetry
  fired   straggler    1.285 (threshold 1.016); gpu 5 straggler in 100.0% of samples, 28.54% slower (S_C(min) 1.087)
  skipped throttle     no throttling telemetry
  recommended caps: unavailable: the part's power limits are unknown (litsi caps --tdp W --cap W)
0 of 1 node imbalanced; 1 inconclusive: default
--- stderr
