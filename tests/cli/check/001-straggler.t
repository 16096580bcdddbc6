desc: straggler node: imbalanced, names GPU 5
setup: litsi synth --seed 1 --straggler 5 -o node >/dev/null && litsi ingest node >/dev/null 2>&1; litsi info >/dev/null
run: litsi check
exit: 1
--- stdout
node default: IMBALANCED
  straggler: gpu 5 (100.0% of 10 samples)
  fired   temp-spread  1.176 (threshold 1.100)
  fired   freq-spread  1.045 (threshold 1.040)
  fired   straggler    1.055 (threshold 1.020); gpu 5 straggler in 100.0% of samples
  skipped throttle     no throttling telemetry for two or more GPUs
  recommended caps (gpu-realloc, model prediction): gpu 0 700 W, gpu 1 700 W, gpu 2 700 W, gpu 3 700 W, gpu 4 700 W, gpu 5 700 W, gpu 6 700 W, gpu 7 700 W
1 of 1 node imbalanced: default
--- stderr
