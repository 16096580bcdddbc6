desc: real MI355X amd-smi energy start/end CSVs and static identity JSON
needs: corpus sqlite3
# awk -F, 'NR>1' on each CSV: 8 rows (GPUs 0-7) each; python3 json: gpu_data has 8 GPUs, all
# asic.market_name 'AMD Instinct MI355X'. End < start on every GPU (the counters reset).
run: cd "$CORPUS/amdsmi_mi355x_inferencex" && litsi ingest --node mi355x --time 1786553000s gpu_metrics_energy_start.csv && litsi ingest --node mi355x --time 1786554000s gpu_metrics_energy_end.csv gpu_metrics_identity.json && sqlite3 "$LITSI_DB" "select g.device, g.vendor, g.product from gpu g order by 1; select device, t_ns, value from telemetry_view where metric = 'energy_j' order by 1, 2"
exit: 0
--- stdout
gpu_metrics_energy_start.csv: amd-smi-csv, node mi355x, 8 GPUs, 0 samples, 0 kernels (0 comm), 8 telemetry readings
gpu_metrics_energy_end.csv: amd-smi-csv, node mi355x, 8 GPUs, 0 samples, 0 kernels (0 comm), 8 telemetry readings
gpu_metrics_identity.json: amd-smi-json, node mi355x, 8 GPUs, 0 samples, 0 kernels (0 comm)
ingested 2, already present 0, skipped 0, failed 0
0|AMD|AMD Instinct MI355X
1|AMD|AMD Instinct MI355X
2|AMD|AMD Instinct MI355X
3|AMD|AMD Instinct MI355X
4|AMD|AMD Instinct MI355X
5|AMD|AMD Instinct MI355X
6|AMD|AMD Instinct MI355X
7|AMD|AMD Instinct MI355X
0|1786553000000000000|416143212.215
0|1786554000000000000|339360563.211
1|1786553000000000000|417120362.594
1|1786554000000000000|340099713.658
2|1786553000000000000|422901393.238
2|1786554000000000000|346922144.219
3|1786553000000000000|412448814.385
3|1786554000000000000|338779842.628
4|1786553000000000000|390159600.726
4|1786554000000000000|327614022.83
5|1786553000000000000|386915737.715
5|1786554000000000000|324741941.029
6|1786553000000000000|388266340.213
6|1786554000000000000|325634798.721
7|1786553000000000000|391085543.478
7|1786554000000000000|328214671.882
--- stderr
