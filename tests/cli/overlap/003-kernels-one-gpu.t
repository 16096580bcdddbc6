desc: per-kernel ratios of rank 1, first sample, first lines
needs: corpus
setup: litsi ingest --node n1 $CORPUS/hta/tests/data/trace_filter/sampled_rank-0.json.gz $CORPUS/hta/tests/data/trace_filter/sampled_rank-1.json.gz
run: litsi overlap --kernels --gpu 1 --sample 551 --format csv | head -5
exit: 0
--- stdout
# node: n1

gpu,sample,start_ns,dur_ns,overlap_ns,ratio_pct,kernel
1,551,1682725898082381000,10000,0,0,"void fbgemm_gpu::permute_2D_lengths_kernel<int>(int, int, int const*, int const*, int*)"
1,551,1682725898082423000,3000,0,0,"void cub::DeviceScanInitKernel<cub::ScanTileState<int, true> >(cub::ScanTileState<int, true>, int)"
--- stderr
