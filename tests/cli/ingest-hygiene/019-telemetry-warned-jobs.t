desc: under -j 2 telemetry outside the traced window is refused (after the traces) or warned about once per node (before them) as under -j 1
setup: litsi -q synth --layers 2 --samples 2 --telemetry nvidia-smi -o n && sed 's#^2026/02/15#2026/02/14#' n/nvidia-smi.csv > old.csv && rm n/nvidia-smi.csv
run: for j in 1 2; do litsi -d a$j.db ingest -j $j n/rank*.json old.csv 2>&1 >/dev/null | grep -c 'lie outside the traced window'; litsi -d b$j.db ingest -j $j old.csv n/rank*.json 2>&1 >/dev/null | grep -c 'does not overlap its traced window'; done
exit: 0
--- stdout
1
1
1
1
--- stderr
