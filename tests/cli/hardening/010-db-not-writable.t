desc: a database path that cannot be created: exit 4 with a message
run: touch file; LITSI_DB=file/sub/litsi.db litsi ingest $SAMPLES/mi300x-straggler/rank0.json.gz; echo "exit $?"; LITSI_DB=/proc/litsi.db litsi ingest $SAMPLES/mi300x-straggler/rank0.json.gz; echo "exit $?"
exit: 0
--- stdout
exit 4
exit 4
--- stderr
litsi: file/sub/litsi.db: cannot open database: unable to open database file
litsi: /proc/litsi.db: cannot open database: unable to open database file
