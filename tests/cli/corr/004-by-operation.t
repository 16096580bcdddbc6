desc: --by operation on the straggler sample node: one operation's rows in both tables
# Checked by hand with python3 on the raw JSON of rank0.json.gz: for each of the
# six user_annotation ranges named layers.0.attention.forward, the compute kernels
# whose hipLaunchKernel (joined by args.correlation) starts inside the range span
# 1782580 .. 1757492 ns from first start to last end, and their overlap with the
# union of the rank's nccl kernels is 75.87 .. 76.86 % of the span; Pearson r of
# (ratio, span) over the six is -0.99920, cosine 0.99994. Across the 8 ranks, the
# per-sample r of the matched instance averages -0.99978.
setup: litsi ingest $SAMPLES/mi300x-straggler/rank*.json.gz
run: litsi corr --by operation --gpu 0 --format csv | grep -E '^(#|gpu|instances)|,layers\.0\.attention\.forward$'
exit: 0
--- stdout
# node: default
# kernels_outside_annotations: 0
gpu,n,pearson,cosine,operation
0,6,-0.9991996370085747,0.9999383319870633,layers.0.attention.forward
instances,defined,mean_pearson,mean_cosine,operation
6,6,-0.9997956902042923,0.9995556753452762,layers.0.attention.forward
--- stderr
