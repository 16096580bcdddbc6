desc: a schema-1 database is migrated to 4 by the next writer, its data kept; a reader leaves it as it is
needs: sqlite3
setup: litsi -q ingest $SAMPLES/mi300x-straggler/rank0.json.gz && sqlite3 litsi.db 'DROP TABLE gpu_limit; DROP INDEX source_content; ALTER TABLE source DROP COLUMN run; DROP TABLE kernel_window; DROP INDEX source_node; DROP INDEX kernel_gpu_sample; CREATE INDEX kernel_gpu_sample ON kernel(gpu_id, sample_id, start_ns); DROP INDEX telemetry_gpu_metric; CREATE INDEX telemetry_gpu_metric ON telemetry(gpu_id, metric_id, t_ns); PRAGMA user_version = 1'
run: litsi info >/dev/null; echo "exit $?"; sqlite3 litsi.db 'pragma user_version'; litsi -q ingest --run second $SAMPLES/mi300x-straggler/rank1.json.gz; echo "exit $?"; sqlite3 litsi.db 'pragma user_version' 'select path, coalesce(run, "-") from source' 'select count(*) from gpu_limit' | sed 's|^/.*/||'
exit: 0
--- stdout
exit 0
1
exit 0
4
rank0.json.gz|-
rank1.json.gz|second
0
--- stderr
