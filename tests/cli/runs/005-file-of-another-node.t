desc: a file given for a second node is named with the node, run and path that hold it; the second node is not created
run: litsi -q ingest --node n17 --run r1 $SAMPLES/mi300x-straggler/rank0.json.gz; litsi ingest --node zzz --run r1 $SAMPLES/mi300x-straggler/rank0.json.gz | sed 's|[^ ]*/||g'; sqlite3 litsi.db 'select name from node'
exit: 0
--- stdout
rank0.json.gz: already ingested into node n17, run r1 from rank0.json.gz (identical content), skipped; use --force to replace it
n17
--- stderr
