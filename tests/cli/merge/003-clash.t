desc: one node name with different sources in two inputs: exit 3 naming both, the output unchanged
setup: litsi -d a.db ingest --node n1 "$SAMPLES/mi300x-straggler" >/dev/null
setup: litsi -d b.db ingest --node n1 "$SAMPLES/mi300x-balanced" >/dev/null
setup: litsi -d c.db ingest --node n2 "$SAMPLES/mi300x-two-stragglers" >/dev/null
setup: litsi -q merge out.db c.db && sqlite3 out.db .dump > before.sql
run: litsi merge out.db a.db b.db; echo "exit $?"; sqlite3 out.db .dump | cmp - before.sql && echo unchanged
exit: 0
--- stdout
exit 3
unchanged
--- stderr
litsi: 'b.db' and 'a.db' both hold node 'n1' with different sources; merge only databases of different nodes or runs (ingest --run), or of the same node with the same files
