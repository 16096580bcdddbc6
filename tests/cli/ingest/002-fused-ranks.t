desc: a 4-rank fused trace becomes 4 GPUs (devices 2..5) with ranks 0..3
needs: corpus sqlite3
run: litsi ingest $CORPUS/hpctrainingexamples/MLExamples/TraceLens/fused_traces/merged_all_events.json.gz | sed 's|.*/||' && sqlite3 litsi.db "select g.device, g.rank, g.vendor, count(k.id), sum(k.class = 1) from gpu g join kernel k on k.gpu_id = g.id group by g.id order by g.device; select count(*) from sample"
exit: 0
--- stdout
merged_all_events.json.gz: pytorch, node default, 4 GPUs, 12 samples, 16287 kernels (84 comm)
2|0|AMD|4095|21
3|1|AMD|4064|21
4|2|AMD|4064|21
5|3|AMD|4064|21
12
--- stderr
