desc: 4-rank fused RCCL trace: ncclDevKernel_Generic typed through record_param_comms; GPU 5 arrives last at every collective and is the straggler
needs: corpus
setup: litsi ingest --node fused $CORPUS/hpctrainingexamples/MLExamples/TraceLens/fused_traces/merged_all_events.json.gz
run: litsi lead --collectives --format table | tail -7 && litsi lead --agg last --format table | tail -5
exit: 0
--- stdout

collective_wait
gpu  collectives  wait_ns   arrived_last  comm_kernel_ns
  2           21  76935355             0        64471378
  3           21  43817131             0        46984875
  4           21  46693419             0        49845198
  5           21         0            21         3591089
sample  matched  dropped  constant  varying  straggler
     9     1030        1       445      585  5
    10     1030        1       457      573  5
    11     1008       23       636      372  5
persistent_straggler: gpu 5 (3 of 3 samples)
--- stderr
