desc: G = 1 and G = 64 GPUs in one trace
needs: python3
setup: python3 $TOP/tests/stress/gen-kineto.py --gpus 1 --kernels 3 > g1.json && python3 $TOP/tests/stress/gen-kineto.py --gpus 64 --kernels 3 > g64.json
run: litsi ingest --node one g1.json && litsi ingest --node many g64.json && litsi lead --node one --format tsv | head -3; litsi lead --node many --format tsv | sed -n '1,3p;$p'; litsi info --format tsv | sed -n '1,2p'
exit: 0
--- stdout
g1.json: pytorch, node one, 1 GPU, 1 sample, 3 kernels (0 comm)
g64.json: pytorch, node many, 64 GPUs, 64 samples, 192 kernels (0 comm)
# node: one


# node: many


# persistent_straggler: none (no sample has a straggler)
# gpus
# node	device	rank	vendor	product	samples	kernels	comm_kernels	trace_s	metrics	readings	telemetry_s	overlaps_trace
--- stderr
