desc: a rocprof v1 folder's legacy results.db (tables A, HIP, not rocpd) is recognised and recorded as holding nothing new (its dispatches are those of results.csv beside it), with the reason stored and no rocpd error; the folder ingests with exit 0
setup: mkdir f && cp "$DATA/rocprof/results.csv" f/ && sqlite3 f/results.db < "$DATA/rocprof/v1-results.sql"
run: litsi ingest f; echo "exit $?"; sqlite3 litsi.db "select o.format, m.value from source o left join source_meta m on m.source_id = o.id and m.key = 'skipped' order by o.format"
exit: 0
--- stdout
f/results.csv: rocprof-csv, node default, 2 GPUs, 2 samples, 3 kernels (1 comm)
f/results.db: rocprof-v1-db, node default, 0 GPUs, 0 samples, 0 kernels (0 comm)
ingested 2, already present 0, skipped 0, failed 0
exit 0
rocprof-csv|
rocprof-v1-db|a rocprof v1 results.db (its own tables, not rocprofv3's rocpd): its kernels are those of results.csv and results.json beside it, which litsi reads
--- stderr
