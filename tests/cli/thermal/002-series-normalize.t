desc: normalized series, first rows
needs: corpus
setup: litsi ingest $CORPUS/nvidia_smi_gpu_glasses/nvidia_smi.csv
run: litsi thermal --series --normalize --format tsv | head -9
exit: 0
--- stdout
# node: default
# window: whole telemetry log (not aligned with any traced window); temperature and clock readings at gfx activity <= 1% left out
# under load: spreads use readings at gfx activity > 10% (power > 150 W without activity readings), 3+ per GPU: 0 of 8 GPUs for temperature, 0 for clock
# normalized: values divided by the node minimum of per-GPU medians


# thermal_series
# gpu	metric	t_ns	value
0	temp_hotspot_c	1757323610000000000	1
--- stderr
