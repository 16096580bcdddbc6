desc: a 2023 trace and a 2025 nvidia-smi log on one node: the log is refused for that node (its readings are not of the traced run), and the report has no telemetry
needs: corpus
setup: ln -s "$CORPUS/hta/tests/data/critical_path/simple_add/benchmark_result_493459_1694039959_trace.json.gz" trace.json.gz && ln -s "$CORPUS/nvidia_smi_gpu_glasses/nvidia_smi.csv" smi.csv
run: litsi ingest trace.json.gz smi.csv; echo "exit $?"; litsi report 2>&1 | grep -e '^telemetry' -e window -e '^thermal'
exit: 0
--- stdout
trace.json.gz: pytorch, node default, rank 0, 1 GPU, 1 sample, 98 kernels (0 comm)
ingested 1, already present 0, skipped 0, failed 1
exit 3
GPUs (lead: time ahead of the last GPU per step, averaged over its kernels; wait: in collectives per step; overlap of computation with communication, duration-weighted; telemetry: medians in the traced window)
thermal: no telemetry for this node
--- stderr
litsi: smi.csv: the readings of node 'default' (from 2025-09-08T09:26:50Z) lie outside the traced window of its run (from 2023-09-06T22:39:54Z): they are not of the traced run; give them their own node (--node NAME) or run (--run NAME), or --clock-offset when the clocks differ
