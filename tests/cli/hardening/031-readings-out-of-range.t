desc: readings of 1e308 W or C and a sensor's 65535 C are dropped with a count (never stored, never an inf in thermal, model, caps or info), a power limit of 1e308 W too; merge refuses a forged database holding an Inf reading
needs: sqlite3
setup: printf 'timestamp, index, power.draw [W], temperature.gpu, power.limit [W]\n2026/11/30 18:42:33.189, 0, 1e308, 61, 1e308\n2026/11/30 18:42:33.193, 1, 398.20 W, 1e308, 700\n2026/11/30 18:42:34.190, 0, 415.75 W, 62, 700\n2026/11/30 18:42:34.194, 1, 401.00 W, 65535, 700\n' > smi.csv
run: litsi ingest --node n smi.csv; sqlite3 "$LITSI_DB" "select count(*), max(value) from telemetry; select count(*) from gpu_limit"; litsi -q -d f.db ingest --node f smi.csv 2>/dev/null; sqlite3 f.db "update telemetry set value = 9e999 where rowid = (select min(rowid) from telemetry)"; litsi merge m.db f.db; echo "exit $?"; ls m.db 2>&1
exit: 2
--- stdout
smi.csv: nvidia-smi-csv, node n, 2 GPUs, 0 samples, 0 kernels (0 comm), 8 telemetry readings
8|700.0
0
exit 3
ls: cannot access 'm.db': No such file or directory
--- stderr
warning: smi.csv: 4 telemetry readings outside the physical range of their metric dropped (litsi-formats(7))
litsi: f.db: a reading of temp_hotspot_c is Inf, outside its physical range (litsi-formats(7)); the database was not written by litsi ingest
