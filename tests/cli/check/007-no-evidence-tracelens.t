desc: TraceLens fused trace without telemetry: straggler with its cause not measured, inconclusive, not imbalanced
needs: corpus
setup: litsi -q ingest $CORPUS/hpctrainingexamples/MLExamples/TraceLens/fused_traces/merged_all_events.json.gz
run: litsi check
exit: 5
--- stdout
node default: INCONCLUSIVE: straggler gpu 5, cause not measured: no thermal telemetry under load
  straggler: gpu 5, rank 3 (100.0% of 3 samples)
  skipped temp-spread  no hotspot temperature telemetry
  skipped freq-spread  no gfx clock telemetry
  fired   straggler    1.087 (threshold 1.020); gpu 5 straggler in 100.0% of samples
  skipped throttle     no throttling telemetry
  recommended caps: unavailable: the part's power limits are unknown (litsi caps --tdp W --cap W)
0 of 1 node imbalanced; 1 inconclusive: default
--- stderr
