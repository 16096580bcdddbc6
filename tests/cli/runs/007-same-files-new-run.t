desc: a run whose files equal an earlier run's is still recorded as its own run; the same file twice in one run is not
run: litsi -q ingest --node n1 --run r1 $SAMPLES/mi300x-straggler; litsi -q ingest --node n1 --run r2 $SAMPLES/mi300x-straggler; echo "exit $?"; litsi ingest --node n1 --run r2 $SAMPLES/mi300x-straggler/rank3.json.gz | sed 's|[^ ]*/||g'; sqlite3 litsi.db 'select run, count(*) from source group by run'; litsi check --run all | tail -1
exit: 0
--- stdout
exit 0
rank3.json.gz: already ingested into node n1, run r2 from rank3.json.gz (identical content), skipped; use --force to replace it
r1|9
r2|9
2 of 2 node runs imbalanced: n1 (run r1), n1 (run r2); 0 inconclusive
--- stderr
