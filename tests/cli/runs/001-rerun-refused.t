desc: a rerun of a node with the same profiler steps is refused naming both files, whatever the gap; --run auto puts it in its own run, and check and report judge the latest run alike
setup: mkdir -p run44 && cp -r $SAMPLES/mi300x-two-stragglers run44/n18 && litsi -q ingest --node n18 $SAMPLES/mi300x-balanced
run: litsi ingest --node-from dir run44/ 2>&1 | grep -c 'another run of GPU'; litsi ingest --node-from dir run44/n18/rank2.json.gz 2>&1 | sed 's|[^ ]*/||g'; litsi -q ingest --run auto --node-from dir run44/; echo "exit $?"; sqlite3 litsi.db "select coalesce(run, '-'), count(*), sum(n_samples) from source group by run"; litsi check; echo "check $?"; litsi report > r.txt; echo "report $?"; grep -e '^# litsi' -e '^runs:' -e '^inputs' -e '^straggler' r.txt; litsi check --run all > all.txt; echo "check all $?"; tail -1 all.txt
exit: 0
--- stdout
8
litsi: rank2.json.gz: another run of GPU 2 of node 'n18': this file (traced from 2026-02-15T10:00:00Z) repeats profiler step 10 of rank2.json.gz' (traced from 2026-02-15T10:00:00Z); two runs are never pooled: give this one its own run (--run NAME, or --run auto to name it after its start time) or its own node (--node NAME)
exit 0
-|9|48
2026-02-15T09:59:58Z|9|48
node n18 (run 2026-02-15T09:59:58Z): IMBALANCED: 2 thermal rules fired
  straggler: gpu 2 (100.0% of 6 samples)
  cause: thermal: clock 4.7% lower, kernels 4.8% longer; 11.0 C hotter than the others' median at the same cap and power
  fired   temp-spread  1.206 (threshold 1.100); hottest minus coolest 14.0 C (needs 5.0)
  fired   freq-spread  1.064 (threshold 1.040)
  fired   straggler    1.048 (threshold 1.016); gpu 2 straggler in 100.0% of samples, 4.85% slower (S_C(min) 1.067)
  skipped throttle     no throttling telemetry
  recommended caps (gpu-realloc, model prediction): gpu 0 750 W, gpu 1 750 W, gpu 2 750 W, gpu 3 750 W, gpu 4 750 W, gpu 5 750 W, gpu 6 750 W, gpu 7 750 W
1 of 1 node run imbalanced: n18 (run 2026-02-15T09:59:58Z); 0 inconclusive
check 1
report 1
# litsi report: node n18 (run 2026-02-15T09:59:58Z)
inputs: 9 sources of run 2026-02-15T09:59:58Z (1 amd-smi-csv, 8 pytorch)
runs: the node holds 2 runs; this is the latest (--run NAME reports another, --run all each)
straggler: gpu 2, the slowest in 6 of 6 samples
check all 1
1 of 2 node runs imbalanced: n18 (run 2026-02-15T09:59:58Z); 0 inconclusive
--- stderr
