desc: a gzip-compressed rocpd database is refused (SQLite needs a plain file)
needs: sqlite3 gzip
setup: sqlite3 28_results.db < "$DATA/rocprof/rocpd.sql" && gzip 28_results.db
run: litsi ingest --format rocpd 28_results.db.gz
exit: 3
--- stdout
--- stderr
litsi: 28_results.db.gz: byte 0: expected an uncompressed SQLite file (decompress the rocpd database first)
