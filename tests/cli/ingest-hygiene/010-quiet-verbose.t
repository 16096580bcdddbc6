desc: -q and -v together are a usage error (exit 2)
run: litsi -q -v info
exit: 2
--- stdout
--- stderr
litsi: -q and -v contradict each other: give one of them
usage: litsi [-q | -v] [-C dir] [-d db] [--version] [-h] command [args]

commands:
   ingest    load traces and telemetry logs into the database
   info      show what the database holds
   overlap   overlap of compute kernels with communication
   corr      correlate overlap ratio with kernel duration
   lead      lead values and straggler GPUs across a node
   thermal   temperature, clock and power spread of a node
   model     predict speedup and power when GPUs are aligned
   caps      recommend per-GPU power caps from lead values
   check     decide whether a node is thermally imbalanced
   fleet     which nodes and GPU slots are imbalanced run after run
   merge     combine litsi databases of many nodes or jobs into one
   compare   two runs of a node side by side: did the change help
   report    the main job: ingest, find the straggler, recommend caps, give a verdict
   synth     simulate a training node and write its traces and telemetry
   plot      draw the paper's figures with gnuplot
   record    run a job and sample every GPU of the machine while it runs

See 'litsi help COMMAND' or man litsi-COMMAND for a command's options.
