desc: nvidia-smi rows naming one GPU by a 4-digit and an 8-digit PCI domain (0000:18:00.0, 00000000:18:00.0, lower-case hex) are one GPU, not two
needs: sqlite3
setup: printf 'timestamp, pci.bus_id, power.draw [W]\n2026/11/30 18:42:33.189, 00000000:18:00.0, 412.50 W\n2026/11/30 18:42:33.193, 00000000:2A:00.0, 398.20 W\n2026/11/30 18:42:34.190, 0000:18:00.0, 415.75 W\n2026/11/30 18:42:34.194, 0000:2a:00.0, 401.00 W\n' > smi.csv
run: litsi ingest --node n smi.csv; sqlite3 "$LITSI_DB" "select device, count(*) from telemetry_view group by 1 order by 1"
exit: 0
--- stdout
smi.csv: nvidia-smi-csv, node n, 2 GPUs, 0 samples, 0 kernels (0 comm), 4 telemetry readings
0|2
1|2
--- stderr
