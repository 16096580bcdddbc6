desc: a 2023 trace and a 2025 nvidia-smi log on one node: ingest warns that the telemetry does not overlap the traced window, and report says so
needs: corpus
setup: ln -s "$CORPUS/hta/tests/data/critical_path/simple_add/benchmark_result_493459_1694039959_trace.json.gz" trace.json.gz && ln -s "$CORPUS/nvidia_smi_gpu_glasses/nvidia_smi.csv" smi.csv
run: litsi ingest trace.json.gz smi.csv && litsi report 2>&1 | grep -e '^telemetry' -e window
exit: 0
--- stdout
trace.json.gz: pytorch, node default, rank 0, 1 GPU, 1 sample, 98 kernels (0 comm)
smi.csv: nvidia-smi-csv, node default, 8 GPUs, 0 samples, 0 kernels (0 comm), 172 telemetry readings
ingested 2, already present 0, skipped 0, failed 0
telemetry: recorded outside the traced window, not during the traced run: its readings say nothing of this run (ingest them under their own --node)
--- stderr
warning: smi.csv: the telemetry of node 'default' (from 2025-09-08T09:26:50Z) does not overlap its traced window (from 2023-09-06T22:39:54Z): the readings are not of the traced run; give them their own node (--node NAME) unless the clocks differ (--clock-offset)
