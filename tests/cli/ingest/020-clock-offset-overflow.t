desc: a --clock-offset that pushes times past 64-bit nanoseconds is refused, nothing written
setup: litsi -q ingest "$SAMPLES/mi300x-balanced/rank0.json.gz"
run: litsi ingest --clock-offset 9000000000000000000 "$SAMPLES/mi300x-balanced/rank1.json.gz" 2>&1 | sed 's|.*/sample-traces/|sample-traces/|'; sqlite3 litsi.db 'SELECT count(*) FROM source'
exit: 0
--- stdout
sample-traces/mi300x-balanced/rank1.json.gz: byte 3570: time 1771149600750000000 ns shifted by 9000000000000000000 ns (--clock-offset or the trace's time base) does not fit in 64-bit nanoseconds
1
--- stderr
