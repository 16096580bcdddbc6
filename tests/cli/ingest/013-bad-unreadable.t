desc: a missing path gives exit 3 naming the path; the other files go in and the database is otherwise unchanged
setup: litsi -q ingest "$SAMPLES/mi300x-balanced/rank0.json.gz" && sqlite3 litsi.db .dump > before.sql
run: litsi ingest no/such/file.json.gz; echo "exit $?"; litsi ingest "$SAMPLES/mi300x-balanced/rank0.json.gz" no/such/file.json 2>&1 | sed 's|^/.*/sample-traces/|sample-traces/|; s|: /.*/sample-traces/|: sample-traces/|'; sqlite3 litsi.db .dump > after.sql; cmp before.sql after.sql && echo "database unchanged"
exit: 0
--- stdout
exit 3
litsi: no/such/file.json: cannot open: No such file or directory
sample-traces/mi300x-balanced/rank0.json.gz (identical content), skipped; use --force to replace it
ingested 0, already present 1, skipped 0, failed 1
database unchanged
--- stderr
litsi: no/such/file.json.gz: cannot open: No such file or directory
