desc: a schema-2 database is read as it is (same verdict, left at 2) and migrated to 4 by the next writer: kernel_window from the kernels already there, same verdict
needs: sqlite3
setup: litsi -q ingest --node n1 $SAMPLES/mi300x-straggler && litsi check --node n1 > new.txt; echo "exit $?" >> new.txt
setup: sqlite3 litsi.db 'DROP TABLE kernel_window; DROP INDEX source_node; DROP INDEX kernel_gpu_sample; CREATE INDEX kernel_gpu_sample ON kernel(gpu_id, sample_id, start_ns); DROP INDEX telemetry_gpu_metric; CREATE INDEX telemetry_gpu_metric ON telemetry(gpu_id, metric_id, t_ns); PRAGMA user_version = 2'
run: litsi check --node n1 > old.txt; echo "exit $?" >> old.txt; cmp new.txt old.txt && sqlite3 litsi.db 'pragma user_version'; litsi -q ingest --node n2 $SAMPLES/mi300x-balanced; echo "exit $?"; sqlite3 litsi.db 'pragma user_version' "SELECT count(*) FROM kernel_window" "SELECT count(*) FROM (SELECT gpu_id, source_id, min(start_ns), max(end_ns) FROM kernel GROUP BY 1, 2 EXCEPT SELECT * FROM kernel_window)" "SELECT name FROM sqlite_master WHERE name = 'source_node' OR (name = 'kernel_gpu_sample' AND sql LIKE '%launch_ns, source_id)') OR (name = 'telemetry_gpu_metric' AND sql LIKE '%t_ns, value)') ORDER BY name"; litsi check --node n1 > mig.txt; echo "exit $?" >> mig.txt; cmp new.txt mig.txt && echo same verdict
exit: 0
--- stdout
2
exit 0
4
16
0
kernel_gpu_sample
source_node
telemetry_gpu_metric
same verdict
--- stderr
