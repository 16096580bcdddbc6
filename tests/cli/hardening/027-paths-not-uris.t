desc: database paths starting with file: are file names, never SQLite URIs (-d for ingest and info, merge output and input)
needs: sqlite3
setup: litsi -q -d file:a.db ingest "$SAMPLES/mi300x-straggler/rank0.json.gz"
run: ls; litsi -q merge file:ex.db file:a.db; echo "exit $?"; ls; litsi -d file:ex.db info --format tsv | head -3
exit: 0
--- stdout
file:a.db
exit 0
file:a.db
file:ex.db
# gpus
# node	device	rank	vendor	product	samples	kernels	comm_kernels	trace_s	metrics	readings	telemetry_s	overlaps_trace
default	0	0	AMD	AMD Instinct MI300X	6	1248	144	10.095579904	0	0	0	no telemetry
--- stderr
