desc: a node the output already holds with other sources: exit 3 naming the input and the output
setup: litsi -d a.db ingest --node n1 "$SAMPLES/mi300x-straggler" >/dev/null
setup: litsi -d out.db ingest --node n1 "$SAMPLES/mi300x-balanced" >/dev/null
run: litsi merge out.db a.db
exit: 3
--- stdout
--- stderr
litsi: 'a.db' and 'out.db' both hold node 'n1' with different sources; merge only databases of different nodes or runs (ingest --run), or of the same node with the same files
