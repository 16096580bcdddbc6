desc: merge reads a litsi database (WAL mode, as ingest leaves it) in a read-only folder, and neither merge nor info leaves a -wal or -shm file beside a database it only reads; an input whose -wal still holds pages is refused
needs: sqlite3 python3
setup: mkdir ro && litsi -q -d ro/a.db ingest "$SAMPLES/mi300x-straggler" && chmod 555 ro
setup: litsi -q -d w.db ingest --node w "$SAMPLES/mi300x-balanced"
run: litsi merge out.db ro/a.db w.db; echo "exit $?"; litsi -d w.db info >/dev/null; echo "info exit $?"; ls; ls ro; chmod 755 ro; sqlite3 ro/a.db "PRAGMA journal_mode" ; python3 -c 'import sqlite3,sys; c=sqlite3.connect("w.db"); c.execute("PRAGMA wal_autocheckpoint=0"); c.execute("CREATE TABLE extra(x)"); c.commit(); import os; os.system("cp w.db w2.db; cp w.db-wal w2.db-wal"); c.close()'; litsi merge out2.db w2.db; echo "exit $?"; ls out2.db* 2>/dev/null | wc -l
exit: 0
--- stdout
ro/a.db: 1 node, 9 sources (9 added, 0 already present), 9984 kernels added
w.db: 1 node, 9 sources (9 added, 0 already present), 9984 kernels added
merged 2 databases: 18 sources added, 0 already present
exit 0
info exit 0
out.db
ro
w.db
a.db
wal
exit 3
0
--- stderr
litsi: w2.db: byte 0: a -wal file with uncommitted pages lies beside it (is it still being written?); checkpoint it first with sqlite3 FILE 'PRAGMA wal_checkpoint'
