desc: telemetry outside the traced window of its node (an nvidia-smi log read in the wrong time zone) is refused when it comes after the traces, and warned about once per node (not once per rank file) when the traces come after it; in the right zone neither
setup: litsi -q synth --layers 2 --samples 2 --telemetry nvidia-smi -o n
run: litsi -d a.db ingest --tz Asia/Tokyo n/nvidia-smi.csv n/rank*.json 2>&1 >/dev/null | grep -c 'does not overlap its traced window'; litsi -d b.db ingest --tz Asia/Tokyo n/rank*.json n/nvidia-smi.csv 2>&1 >/dev/null | grep -c 'lie outside the traced window'; litsi -d c.db ingest n/rank*.json n/nvidia-smi.csv 2>&1 >/dev/null | grep -c 'does not overlap its traced window' || true
exit: 0
--- stdout
1
1
0
--- stderr
