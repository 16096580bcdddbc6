desc: a missing database is exit 4
run: litsi -d missing.db overlap
exit: 4
--- stdout
--- stderr
litsi: missing.db: cannot open database (run 'litsi ingest' first)
