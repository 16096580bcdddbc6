desc: merging the same databases again adds nothing; the content stays byte-for-byte the same
setup: litsi -d n1.db ingest --node n1 "$SAMPLES/mi300x-straggler" >/dev/null
setup: litsi -d n2.db ingest --node n2 "$SAMPLES/mi300x-balanced" >/dev/null
setup: litsi -q merge job.db n1.db n2.db && sqlite3 job.db .dump > before.sql
run: litsi merge job.db n2.db n1.db n1.db && sqlite3 job.db .dump | cmp - before.sql && echo same
exit: 0
--- stdout
n2.db: 1 node, 9 sources (0 added, 9 already present), 0 kernels added
n1.db: 1 node, 9 sources (0 added, 9 already present), 0 kernels added
n1.db: 1 node, 9 sources (0 added, 9 already present), 0 kernels added
merged 3 databases: 0 sources added, 27 already present
same
--- stderr
