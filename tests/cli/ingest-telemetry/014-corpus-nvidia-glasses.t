desc: the real 8-GPU nvidia_smi.csv with ISO +08:00 times; its 'gpu' column names the device
needs: corpus sqlite3
# python3 csv: 43 rows, gpu 0-7, 4 numeric columns (memory.used, memory.total, power.draw,
# temperature.gpu) → 172 readings; 2025-09-08T17:26:50+08:00 = 1757323610 s, last 1757323618 s;
# sum of GPU 0's power.draw = 444.2.
run: cd "$CORPUS/nvidia_smi_gpu_glasses" && litsi ingest --node a100 nvidia_smi.csv && sqlite3 "$LITSI_DB" "select metric, unit, count(*), count(distinct device), min(t_ns), max(t_ns) from telemetry_view group by 1, 2 order by 1; select round(sum(value), 2) from telemetry_view where metric = 'power_w' and device = 0"
exit: 0
--- stdout
nvidia_smi.csv: nvidia-smi-csv, node a100, 8 GPUs, 0 samples, 0 kernels (0 comm), 172 telemetry readings
memory_total||43|8|1757323610000000000|1757323618000000000
memory_used||43|8|1757323610000000000|1757323618000000000
power_w|W|43|8|1757323610000000000|1757323618000000000
temp_hotspot_c|C|43|8|1757323610000000000|1757323618000000000
444.2
--- stderr
