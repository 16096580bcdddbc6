desc: `ingest .` skips its own database (and its -wal/-shm/-journal files) and any other litsi database in the folder, saying so, instead of taking them for rocpd and failing; a second run and -j 2 do the same
setup: cp "$SAMPLES/mi300x-straggler/rank0.json.gz" . && mkdir sub && litsi -q -d sub/other.db ingest --node o "$SAMPLES/mi300x-balanced/rank1.json.gz"
run: litsi -d ./litsi.db ingest .; echo "exit $?"; : > litsi.db-journal; litsi -d ./litsi.db ingest -j 2 .; echo "exit $?"
exit: 0
--- stdout
./litsi.db: skipped (the output database)
./rank0.json.gz: pytorch, node default, rank 0, 1 GPU, 6 samples, 1248 kernels (144 comm)
./sub/other.db: skipped (a litsi database, not a trace: combine databases with litsi merge)
ingested 1, already present 0, skipped 2, failed 0
exit 0
./litsi.db: skipped (the output database)
./litsi.db-journal: skipped (a file of the output database)
./litsi.db-shm: skipped (a file of the output database)
./litsi.db-wal: skipped (a file of the output database)
./rank0.json.gz: already ingested into node default from ./rank0.json.gz (identical content), skipped; use --force to replace it
./sub/other.db: skipped (a litsi database, not a trace: combine databases with litsi merge)
ingested 0, already present 1, skipped 5, failed 0
exit 0
--- stderr
