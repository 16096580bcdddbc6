desc: a log that lies wholly outside the traced window of its run is refused for that node, never pooled; under its own node it goes in
needs: corpus
setup: ln -s "$CORPUS/hta/tests/data/critical_path/simple_add/benchmark_result_493459_1694039959_trace.json.gz" trace.json.gz && ln -s "$CORPUS/nvidia_smi_gpu_glasses/nvidia_smi.csv" smi.csv
run: litsi -q ingest trace.json.gz; litsi ingest smi.csv; echo "exit $?"; litsi -q ingest --node other smi.csv; echo "exit $?"; sqlite3 litsi.db 'select n.name, count(*) from telemetry t join gpu g on g.id = t.gpu_id join node n on n.id = g.node_id group by n.name'
exit: 0
--- stdout
exit 3
exit 0
other|172
--- stderr
litsi: smi.csv: the readings of node 'default' (from 2025-09-08T09:26:50Z) lie outside the traced window of its run (from 2023-09-06T22:39:54Z): they are not of the traced run; give them their own node (--node NAME) or run (--run NAME), or --clock-offset when the clocks differ
