desc: the same telemetry log twice (plain and gzipped, renamed) adds nothing and says where it went; each reading is stored once
setup: zcat $SAMPLES/mi300x-straggler/amd-smi.csv.gz > copy.csv
run: litsi ingest --node n1 $SAMPLES/mi300x-straggler/amd-smi.csv.gz copy.csv | sed 's|[^ ]*/||g'; litsi -q ingest --node n1 -j 2 copy.csv $SAMPLES/mi300x-straggler/rank0.json.gz; echo "exit $?"; sqlite3 litsi.db "select count(*), count(distinct t_ns) from telemetry t join metric m on m.id = t.metric_id join gpu g on g.id = t.gpu_id where g.device = 0 and m.name = 'power_w'" "select count(*) from source"
exit: 0
--- stdout
amd-smi.csv.gz: amd-smi-csv, node n1, 8 GPUs, 0 samples, 0 kernels (0 comm), 8568 telemetry readings
copy.csv: already ingested into node n1 from amd-smi.csv.gz (the same readings), skipped
ingested 1, already present 1, skipped 0, failed 0
exit 0
17|17
2
--- stderr
