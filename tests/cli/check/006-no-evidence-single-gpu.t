desc: a single-GPU trace (HTA test data): no rule can run, inconclusive, exit 5, never ok
needs: corpus
setup: litsi -q ingest $CORPUS/hta/tests/data/ns_resolution_trace/rank-0.Apr_03_18_51_38.1102.pt.trace.json.gz
run: litsi check
exit: 5
--- stdout
node default: INCONCLUSIVE: no thermal rule could run: no temperature, clock or throttling telemetry under load
  straggler: not judged: no samples matched across two or more GPUs
  skipped temp-spread  no hotspot temperature telemetry
  skipped freq-spread  no gfx clock telemetry
  skipped straggler    no samples matched across two or more GPUs
  skipped throttle     no throttling telemetry
  recommended caps: unavailable: needs power and gfx clock telemetry and the idle power (--idle-power)
0 of 1 node imbalanced; 1 inconclusive: default
--- stderr
