desc: ingest -j 2 into a database that holds files already: a copy is skipped, --force replaces it, a GPU claimed for another rank is refused, all as -j 1 does
needs: sqlite3 gzip
setup: litsi -q ingest --node n1 $SAMPLES/mi300x-straggler/rank1.json.gz && gzip -dc $SAMPLES/mi300x-straggler/rank1.json.gz | sed 's/"rank": *1,/"rank": 5,/' | gzip > r5.json.gz && cp litsi.db one.db && cp litsi.db two.db
run: for d in one:1 two:2; do db=${d%:*}; j=${d#*:}; { litsi -d $db.db ingest -j $j --node n1 $SAMPLES/mi300x-straggler/rank1.json.gz r5.json.gz $SAMPLES/mi300x-straggler/rank2.json.gz; echo "exit $?"; litsi -d $db.db ingest -f -j $j --node n1 $SAMPLES/mi300x-straggler/rank2.json.gz $SAMPLES/mi300x-straggler/rank3.json.gz; echo "exit $?"; } > $db.out 2>&1; sqlite3 $db.db .dump | sed "s/'[0-9-]*T[0-9:.]*Z'/'T'/g" > $db.dump; done; cmp one.dump two.dump && echo same; diff one.out two.out; sed 's|/.*/||' two.out
exit: 0
--- stdout
same
1c1
< litsi: r5.json.gz: byte 1028475: GPU 1 of node 'n1' already holds rank 1, this file says rank 5 (give each node's files their own --node)
---
> litsi: r5.json.gz: GPU 1 of node 'n1' already holds rank 1, this file says rank 5 (give each node's files their own --node)
litsi: r5.json.gz: GPU 1 of node 'n1' already holds rank 1, this file says rank 5 (give each node's files their own --node)
rank1.json.gz (identical content), skipped; use --force to replace it
rank2.json.gz: pytorch, node n1, rank 2, 1 GPU, 6 samples, 1248 kernels (144 comm)
ingested 1, already present 1, skipped 0, failed 1
exit 3
rank2.json.gz: pytorch, node n1, rank 2, 1 GPU, 6 samples, 1248 kernels (144 comm) (replaced)
rank3.json.gz: pytorch, node n1, rank 3, 1 GPU, 6 samples, 1248 kernels (144 comm)
ingested 2, already present 0, skipped 0, failed 0
exit 0
--- stderr
