desc: balanced node passes
setup: litsi synth --seed 1 --temp-spread 0 -o node >/dev/null && litsi ingest node >/dev/null 2>&1; litsi info >/dev/null
run: litsi check
exit: 0
--- stdout
node default: balanced: 2 thermal rules passed
  straggler: none persistent
  passed  temp-spread  1.000 (threshold 1.100); hottest minus coolest 0.0 C (needs 5.0)
  passed  freq-spread  1.001 (threshold 1.040)
  passed  straggler    1.022 (threshold 1.016); no persistent straggler (most frequent: 30.0% of samples)
  skipped throttle     no throttling telemetry
  recommended caps (gpu-realloc, model prediction): gpu 0 750 W, gpu 1 750 W, gpu 2 750 W, gpu 3 750 W, gpu 4 750 W, gpu 5 750 W, gpu 6 750 W, gpu 7 750 W
0 of 1 node imbalanced; 0 inconclusive
--- stderr
