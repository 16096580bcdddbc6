desc: a CPU-only trace (no kernels) ingests with its rank
needs: corpus
run: litsi ingest $CORPUS/hta/tests/data/cpu_only/rank-34.Jul_15_10_52_41.1074.pt.trace.json.gz | sed 's|.*/||'
exit: 0
--- stdout
rank-34.Jul_15_10_52_41.1074.pt.trace.json.gz: pytorch, node default, rank 34, 0 GPUs, 0 samples, 0 kernels (0 comm)
--- stderr
