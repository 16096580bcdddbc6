desc: lead series of trace_filter, first rows
needs: corpus
setup: litsi ingest --node n1 $CORPUS/hta/tests/data/trace_filter/sampled_rank-0.json.gz $CORPUS/hta/tests/data/trace_filter/sampled_rank-1.json.gz
run: litsi lead --series --epsilon 5 --format tsv | head -6
exit: 0
--- stdout
# node: n1


# lead_series
# gpu	sample	key	start_ns	lead_ns	ratio_pct	class	occurrence	kernel
0	551	0	1682725898082228000	153000	0	C	0	void fbgemm_gpu::permute_2D_lengths_kernel<int>(int, int, int const*, int const*, int*)
--- stderr
