desc: --node-from dir: a file named on the command line goes to the folder that holds it, a walked file to the folder below the named one; no folder to name it by is refused
setup: mkdir -p run42/n17 run42/n18/deep && cp "$SAMPLES"/mi300x-straggler/rank0.json.gz run42/n17/ && cp "$SAMPLES"/mi300x-straggler/rank1.json.gz run42/n18/deep/ && cp "$SAMPLES"/mi300x-straggler/rank2.json.gz .
run: litsi ingest --node-from dir run42/n17/rank0.json.gz && litsi ingest --node-from dir run42/ && litsi ingest --node-from dir rank2.json.gz
exit: 3
--- stdout
run42/n17/rank0.json.gz: pytorch, node n17, rank 0, 1 GPU, 6 samples, 1248 kernels (144 comm)
run42//n17/rank0.json.gz: already ingested into node n17 from run42/n17/rank0.json.gz (identical content), skipped; use --force to replace it
run42//n18/deep/rank1.json.gz: pytorch, node n18, rank 1, 1 GPU, 6 samples, 1248 kernels (144 comm)
ingested 1, already present 1, skipped 0, failed 0
--- stderr
litsi: rank2.json.gz: --node-from dir: its path names no folder to take the node name from; name the node with --node
