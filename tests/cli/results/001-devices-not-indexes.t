desc: the fused 4-rank AMD trace holds devices 2-5: check names the straggler by device in every line, text and JUnit
needs: corpus
setup: litsi -q ingest $CORPUS/hpctrainingexamples/MLExamples/TraceLens/fused_traces/merged_all_events.json.gz
run: litsi check --idle-power 100 | grep -E 'straggler'; litsi check --idle-power 100 --format junit | grep -o 'straggler gpu [0-9]*' | sort -u
exit: 0
--- stdout
node default: INCONCLUSIVE: straggler gpu 5, cause host
  straggler: gpu 5, rank 3 (100.0% of 3 samples)
  fired   straggler    1.285 (threshold 1.016); gpu 5 straggler in 100.0% of samples, 28.54% slower (S_C(min) 1.087)
straggler gpu 5
--- stderr
