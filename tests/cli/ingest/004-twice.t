desc: ingesting the same trace twice skips the second copy
needs: corpus sqlite3
setup: litsi ingest $CORPUS/hta/tests/data/trace_filter/sampled_rank-0.json.gz >/dev/null
run: litsi ingest $CORPUS/hta/tests/data/trace_filter/sampled_rank-0.json.gz | sed 's|.*/||' && sqlite3 litsi.db 'select count(*) from source; select count(*) from kernel; select step from sample order by step'
exit: 0
--- stdout
sampled_rank-0.json.gz (identical content), skipped; use --force to replace it
1
1204
551
552
--- stderr
