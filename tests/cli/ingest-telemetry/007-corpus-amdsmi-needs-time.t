desc: the real one-shot energy CSV has no timestamp column
needs: corpus
run: cd "$CORPUS/amdsmi_mi355x_inferencex" && litsi ingest gpu_metrics_energy_start.csv
exit: 3
--- stdout
--- stderr
litsi: gpu_metrics_energy_start.csv:2: no 'timestamp' column (amd-smi one-shot output): pass --time to date the readings
