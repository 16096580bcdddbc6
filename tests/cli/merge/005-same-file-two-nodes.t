desc: the same file ingested as two different nodes: exit 3 naming both databases and the nodes; no output left
setup: cp -r "$SAMPLES/mi300x-straggler" s
setup: litsi -d a.db ingest --node n1 s >/dev/null
setup: litsi -d b.db ingest --node n2 s >/dev/null
run: litsi merge out.db a.db b.db; echo "exit $?"; ls out.db* 2>/dev/null | wc -l
exit: 0
--- stdout
exit 3
0
--- stderr
litsi: 'b.db' holds 's/amd-smi.csv.gz' as node 'n2', 'a.db' holds the same file as node 'n1'
