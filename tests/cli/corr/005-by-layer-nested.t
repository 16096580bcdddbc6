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
3,3,0.9969606058305291,0.943439344064796,DistributedDataParallel.forward
3,2,,,Optimizer.step#Adam.step
3,12,-0.4369479971088021,0.9560564934848481,nccl:all_reduce
3,3,,0.9999773460873979,nccl:broadcast

instances,defined,mean_pearson,mean_cosine,operation
3,3,0.6988934941532813,0.7401636239103045,DistributedDataParallel.forward
2,0,,,Optimizer.step#Adam.step
10,7,-0.2320549103664291,0.8742658122019297,nccl:all_reduce
# node: default
# kernels_outside_annotations: 4913

gpu,n,pearson,cosine,layer
3,3,0.9969654316038709,0.9438258095850405,DistributedDataParallel.forward
3,2,,,Optimizer.step#Adam.step
3,12,-0.43694799710880194,0.9560564934848481,nccl:all_reduce

instances,defined,mean_pearson,mean_cosine,layer
3,3,0.6991371376148342,0.7401691403538622,DistributedDataParallel.forward
2,0,,,Optimizer.step#Adam.step
10,7,-0.2320549103664291,0.8742658122019297,nccl:all_reduce
--- stderr
