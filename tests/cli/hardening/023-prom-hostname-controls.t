desc: a Prometheus Hostname label holding a terminal escape or an escaped newline cannot drive the terminal nor forge an output line: ingest's summary and every later message show it made visible
setup: printf 'DCGM_FI_DEV_GPU_TEMP{gpu="0",Hostname="h\033]0;OWNED\007"} 61\n' > a.prom
setup: printf 'DCGM_FI_DEV_GPU_TEMP{gpu="0",Hostname="x\\nlitsi: forged line"} 61\n' > b.prom
run: litsi ingest --time 2025-12-01T00:00:00Z a.prom b.prom; litsi check 2>&1 | grep -a '^node'; litsi info --detail --format table | grep -a 'OWNED\|forged'
exit: 0
--- stdout
a.prom: prometheus-text, node h\e]0;OWNED\a, 1 GPU, 0 samples, 0 kernels (0 comm), 1 telemetry readings
b.prom: prometheus-text, node x\nlitsi: forged line, 1 GPU, 0 samples, 0 kernels (0 comm), 1 telemetry readings
ingested 2, already present 0, skipped 0, failed 0
node h\e]0;OWNED\a: 1 file; holds 1 GPU, 1 run
node x\nlitsi: forged line: 1 file; holds 1 GPU, 1 run
node h\e]0;OWNED\a: INCONCLUSIVE: no thermal rule could run: no temperature, clock or throttling telemetry under load
node x\nlitsi: forged line: INCONCLUSIVE: no thermal rule could run: no temperature, clock or throttling telemetry under load
h\e]0;OWNED\a               0  -     NVIDIA  -              0        0             0  0.000000        1         1        0.000  no trace
x\nlitsi: forged line       0  -     NVIDIA  -              0        0             0  0.000000        1         1        0.000  no trace
h\e]0;OWNED\a               0  temp_hotspot_c  C            1  1764547200000000000  1764547200000000000  61.000  61.000  61.000
x\nlitsi: forged line       0  temp_hotspot_c  C            1  1764547200000000000  1764547200000000000  61.000  61.000  61.000
--- stderr
