desc: a new merged database has the schema of an ingested one (every table, index and view, the telemetry index built after the copy included) and the same telemetry readings per GPU and metric; it merges again into another
setup: litsi -q -d n1.db ingest --node n1 "$SAMPLES/mi300x-straggler"
setup: litsi -q -d n2.db ingest --node n2 "$SAMPLES/mi300x-balanced"
setup: litsi -q merge job.db n1.db n2.db
run: q="SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name"; sqlite3 n1.db "$q" > a.txt; sqlite3 job.db "$q" > b.txt; cmp a.txt b.txt && echo "schema: same"; sqlite3 job.db "EXPLAIN QUERY PLAN SELECT value FROM telemetry WHERE gpu_id = 1 AND metric_id = 1" | grep -c telemetry_gpu_metric; sqlite3 job.db "SELECT count(*) FROM telemetry" ; litsi -q merge again.db job.db && sqlite3 again.db "SELECT count(*) FROM telemetry"
exit: 0
--- stdout
schema: same
1
17136
17136
--- stderr
