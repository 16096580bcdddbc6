desc: ingest -j 2 of a node's 8 rank files and telemetry gives the database -j 1 gives (ids included), and the same output
needs: sqlite3
setup: litsi -d one.db ingest -j 1 $SAMPLES/mi300x-straggler/rank*.json.gz $SAMPLES/mi300x-straggler/amd-smi.csv.gz > one.out
setup: litsi -d two.db ingest -j 2 $SAMPLES/mi300x-straggler/rank*.json.gz $SAMPLES/mi300x-straggler/amd-smi.csv.gz > two.out
run: for d in one two; do sqlite3 $d.db .dump | sed "s/'[0-9-]*T[0-9:.]*Z'/'T'/g" > $d.dump; done; cmp one.dump two.dump && cmp one.out two.out && grep -c 'INSERT INTO kernel VALUES' two.dump && ls -a | grep -c litsi-ingest; sed 's|.*/||' two.out
exit: 0
--- stdout
9984
0
rank0.json.gz: pytorch, node default, rank 0, 1 GPU, 6 samples, 1248 kernels (144 comm)
rank1.json.gz: pytorch, node default, rank 1, 1 GPU, 6 samples, 1248 kernels (144 comm)
rank2.json.gz: pytorch, node default, rank 2, 1 GPU, 6 samples, 1248 kernels (144 comm)
rank3.json.gz: pytorch, node default, rank 3, 1 GPU, 6 samples, 1248 kernels (144 comm)
rank4.json.gz: pytorch, node default, rank 4, 1 GPU, 6 samples, 1248 kernels (144 comm)
rank5.json.gz: pytorch, node default, rank 5, 1 GPU, 6 samples, 1248 kernels (144 comm)
rank6.json.gz: pytorch, node default, rank 6, 1 GPU, 6 samples, 1248 kernels (144 comm)
rank7.json.gz: pytorch, node default, rank 7, 1 GPU, 6 samples, 1248 kernels (144 comm)
amd-smi.csv.gz: amd-smi-csv, node default, 8 GPUs, 0 samples, 0 kernels (0 comm), 8568 telemetry readings
ingested 9, already present 0, skipped 0, failed 0
--- stderr
