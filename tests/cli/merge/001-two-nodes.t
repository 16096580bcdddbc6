desc: two per-node databases merged into one: both nodes, every source, each node's verdict
setup: litsi -d n1.db ingest --node n1 "$SAMPLES/mi300x-straggler" >/dev/null
setup: litsi -d n2.db ingest --node n2 "$SAMPLES/mi300x-balanced" >/dev/null
run: litsi merge job.db n1.db n2.db && litsi -d job.db check | tail -1
exit: 0
--- stdout
n1.db: 1 node, 9 sources (9 added, 0 already present), 9984 kernels added
n2.db: 1 node, 9 sources (9 added, 0 already present), 9984 kernels added
merged 2 databases: 18 sources added, 0 already present
1 of 2 nodes imbalanced: n1; 0 inconclusive
--- stderr
