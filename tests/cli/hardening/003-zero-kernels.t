desc: a trace with a sample and 0 kernels is ingested; the analyses say there is nothing to compare
needs: python3
setup: python3 $TOP/tests/stress/gen-kineto.py --kernels 0 > t.json
run: litsi ingest t.json; litsi lead; echo "exit $?"; litsi info --format tsv | head -3
exit: 0
--- stdout
t.json: pytorch, node default, 0 GPUs, 0 samples, 0 kernels (0 comm)
exit 3
# gpus
# node	device	rank	vendor	product	samples	kernels	comm_kernels	trace_s	metrics	readings	telemetry_s	overlaps_trace
--- stderr
litsi: the database holds no GPU; run 'litsi ingest' first
