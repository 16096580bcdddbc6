desc: two databases of one node's runs (ingest --run) merge into one holding both runs, as ingesting both into one database does; compare reads the same from either; the same run with other files is refused
setup: litsi -q synth --layers 2 --samples 3 -o a && litsi -q synth --layers 2 --samples 3 --power-cap 700 -o b
setup: litsi -q -d a.db ingest --node n1 --run ra a/rank*.json a/amd-smi*
setup: litsi -q -d b.db ingest --node n1 --run rb b/rank*.json b/amd-smi*
setup: litsi -q -d one.db ingest --node n1 --run ra a/rank*.json a/amd-smi* && litsi -q -d one.db ingest --node n1 --run rb b/rank*.json b/amd-smi*
setup: litsi -q -d c.db ingest --node n1 --run ra b/rank*.json b/amd-smi*
run: litsi merge out.db a.db b.db; litsi -d out.db compare ra rb > m.txt && litsi -d one.db compare ra rb > o.txt && cmp m.txt o.txt && echo "compare: the same"; for t in source gpu node kernel sample telemetry; do [ "$(sqlite3 out.db "select count(*) from $t")" = "$(sqlite3 one.db "select count(*) from $t")" ] || echo "$t differs"; done; litsi merge out.db c.db; echo "exit $?"
exit: 0
--- stdout
a.db: 1 node, 10 sources (10 added, 0 already present), 1248 kernels added
b.db: 1 node, 10 sources (10 added, 0 already present), 1248 kernels added
merged 2 databases: 20 sources added, 0 already present
compare: the same
exit 3
--- stderr
litsi: 'c.db' and 'out.db' both hold run 'ra' of node 'n1' with different sources; merge only databases of different nodes or runs (or of the same node and run with the same files)
