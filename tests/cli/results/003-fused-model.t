desc: the fused 4-rank AMD trace: the report prints the model's throughputs, the ones litsi model prints
needs: corpus
setup: litsi -q ingest $CORPUS/hpctrainingexamples/MLExamples/TraceLens/fused_traces/merged_all_events.json.gz
run: litsi report | sed -n '/^throughput ceilings/,/^$/p'; litsi model --format tsv --baseline-power 700 --idle-power 100 | sed -n '/^# performance/,/^$/p' | cut -f2-4
exit: 0
--- stdout
throughput ceilings (what aligning every GPU to one GPU's pace could give at best; ratios to the recorded run):
  gpu-red      pace of the slowest GPU: throughput up to x1.000, node GPU power n/a
  gpu-realloc  pace of the median GPU:  throughput up to x1.046, node GPU power n/a
  cpu-slosh    pace of the fastest GPU: throughput up to x1.087, node GPU power n/a
  power model unavailable: P_baseline and P_idle unknown (give --baseline-power and --idle-power to litsi model)

# performance
scenario	align	S_C
gpu-red	max	1
gpu-realloc	med	1.0461533881356337
cpu-slosh	min	1.0873472111369933

--- stderr
