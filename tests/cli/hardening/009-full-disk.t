desc: a full disk (file size limit) during ingest: exit 4 with a message, the database as before
needs: sqlite3
setup: litsi -q ingest $SAMPLES/mi300x-straggler/rank0.json.gz && sqlite3 litsi.db .dump > before.sql
run: (trap '' XFSZ; ulimit -f 800; litsi -q ingest $SAMPLES/mi300x-straggler/rank1.json.gz $SAMPLES/mi300x-straggler/rank2.json.gz $SAMPLES/mi300x-straggler/rank3.json.gz >out 2>&1; echo "exit $?"); sed 's|/[^ ]*/sample-traces/||; s| /[^ ]*/litsi.db:| litsi.db:|; s|: byte [0-9]*:|: byte N:|' out; sqlite3 litsi.db 'pragma integrity_check'; sqlite3 litsi.db 'select count(*) from source'
exit: 0
--- stdout
exit 4
litsi: mi300x-straggler/rank2.json.gz: byte N: litsi.db: SQL failed: disk I/O error
litsi: mi300x-straggler/rank3.json.gz: byte N: litsi.db: SQL failed: disk I/O error
ok
2
--- stderr
