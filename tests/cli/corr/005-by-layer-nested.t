desc: --by layer folds nested annotations of the fused 4-GPU trace; --by operation keeps them
# The layer rows differ from the operation rows where operations nest (cosine
# 0.9434 vs 0.9438; nccl:broadcast folds into its enclosing layer). Cross-checked
# with python3 on the rows of `litsi overlap --by layer --gpu 3` named
# DistributedDataParallel.forward: r and cosine of (ratio_pct, span_ns) over the
# three samples are 0.99698 and 0.94382.
needs: corpus
setup: litsi ingest $CORPUS/hpctrainingexamples/MLExamples/TraceLens/fused_traces/merged_all_events.json.gz
run: litsi corr --by operation --gpu 3 --format csv; litsi corr --by layer --gpu 3 --format csv
exit: 0
--- stdout
# node: default
# kernels_outside_annotations: 4913

gpu,n,pearson,cosine,operation
3,3,0.9970,0.9434,DistributedDataParallel.forward
3,2,nan,nan,Optimizer.step#Adam.step
3,12,-0.4369,0.9561,nccl:all_reduce
3,3,nan,1.0000,nccl:broadcast

instances,defined,mean_pearson,mean_cosine,operation
3,3,0.6989,0.7402,DistributedDataParallel.forward
2,0,nan,nan,Optimizer.step#Adam.step
10,7,-0.2321,0.8743,nccl:all_reduce
# node: default
# kernels_outside_annotations: 4913

gpu,n,pearson,cosine,layer
3,3,0.9970,0.9438,DistributedDataParallel.forward
3,2,nan,nan,Optimizer.step#Adam.step
3,12,-0.4369,0.9561,nccl:all_reduce

instances,defined,mean_pearson,mean_cosine,layer
3,3,0.6991,0.7402,DistributedDataParallel.forward
2,0,nan,nan,Optimizer.step#Adam.step
10,7,-0.2321,0.8743,nccl:all_reduce
--- stderr
