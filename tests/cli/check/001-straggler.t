desc: straggler node: imbalanced, names GPU 5
setup: litsi synth --seed 1 --straggler 5 -o node >/dev/null && litsi ingest node >/dev/null 2>&1; litsi info >/dev/null
run: litsi check
exit: 1
--- stdout
node default: IMBALANCED: 2 thermal rules fired
  straggler: gpu 5 (100.0% of 10 samples)
  cause: thermal: clock 4.6% lower, kernels 4.8% longer; 11.0 C hotter than the others' median at the same cap and power
  fired   temp-spread  1.176 (threshold 1.100); hottest minus coolest 12.0 C (needs 5.0)
  fired   freq-spread  1.054 (threshold 1.040)
  fired   straggler    1.048 (threshold 1.016); gpu 5 straggler in 100.0% of samples, 4.83% slower (S_C(min) 1.061)
  skipped throttle     no throttling telemetry
  recommended caps (gpu-realloc, model prediction): gpu 0 738 W, gpu 1 736 W, gpu 2 740 W, gpu 3 738 W, gpu 4 735 W, gpu 5 750 W, gpu 6 735 W, gpu 7 735 W
1 of 1 node imbalanced: default; 0 inconclusive
--- stderr
