desc: amd-smi metric --throttle CSV (what litsi record asks amd-smi before 26 for, column names of amdsmi_cli 24.7): the violation activity shares read as pviol, tviol and the other thermal classes, so a GPU its temperature holds reads as held
needs: sqlite3
run: cd "$DATA/telemetry" && litsi ingest --node mi300 amdsmi-metric-throttle.csv && sqlite3 "$LITSI_DB" "select device, t_ns, metric, value from telemetry_view where metric in ('pviol', 'tviol', 'phot_tviol', 'vr_tviol', 'hbm_tviol', 'throttle_pct', 'thermal_viol_pct') order by 2, 1, 3"
exit: 0
--- stdout
amdsmi-metric-throttle.csv: amd-smi-csv, node mi300, 2 GPUs, 0 samples, 0 kernels (0 comm), 74 telemetry readings
0|1727100000000000000|hbm_tviol|0.0
0|1727100000000000000|phot_tviol|0.0
0|1727100000000000000|pviol|50.0
0|1727100000000000000|thermal_viol_pct|0.0
0|1727100000000000000|throttle_pct|50.0
0|1727100000000000000|tviol|0.0
0|1727100000000000000|vr_tviol|0.0
1|1727100000000000000|hbm_tviol|10.0
1|1727100000000000000|phot_tviol|0.0
1|1727100000000000000|pviol|0.0
1|1727100000000000000|thermal_viol_pct|80.0
1|1727100000000000000|throttle_pct|80.0
1|1727100000000000000|tviol|80.0
1|1727100000000000000|vr_tviol|0.0
0|1727100001000000000|hbm_tviol|0.0
0|1727100001000000000|phot_tviol|0.0
0|1727100001000000000|pviol|50.0
0|1727100001000000000|thermal_viol_pct|0.0
0|1727100001000000000|throttle_pct|50.0
0|1727100001000000000|tviol|0.0
0|1727100001000000000|vr_tviol|0.0
1|1727100001000000000|hbm_tviol|10.0
1|1727100001000000000|pviol|0.0
1|1727100001000000000|thermal_viol_pct|80.0
1|1727100001000000000|throttle_pct|80.0
1|1727100001000000000|tviol|80.0
--- stderr
