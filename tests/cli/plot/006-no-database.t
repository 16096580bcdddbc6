desc: plotting needs a database
run: litsi -d missing.db plot -o leads.png leads
exit: 4
--- stdout
--- stderr
litsi: missing.db: cannot open database (run 'litsi ingest' first)
