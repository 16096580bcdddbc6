desc: traces and telemetry of one run on one node go in without a word: eight ranks and their amd-smi log
run: cd "$SAMPLES" && litsi -q ingest mi300x-straggler && litsi ingest mi300x-straggler/rank0.json.gz -f
exit: 0
--- stdout
mi300x-straggler/rank0.json.gz: pytorch, node default, rank 0, 1 GPU, 6 samples, 1248 kernels (144 comm) (replaced)
--- stderr
