desc: ingest --role calibration records telemetry only: a trace is refused and nothing of it written; --role needs --run; an unknown role is a usage error
setup: litsi -q synth --layers 1 --samples 1 -o a
run: litsi ingest --run probe --role calibration a/rank0.json; echo "exit $?"; litsi info --format tsv | grep -c rank0.json; litsi ingest --role calibration a/amd-smi.csv 2>&1 | head -1; litsi ingest --run p --role other a/amd-smi.csv 2>&1 | head -1; litsi ingest --run probe --role calibration a/amd-smi.csv
exit: 0
--- stdout
exit 2
0
litsi ingest: --role needs --run name
litsi ingest: invalid --role 'other' (expected calibration)
a/amd-smi.csv: amd-smi-csv, node default, 8 GPUs, 0 samples, 0 kernels (0 comm), 3528 telemetry readings
--- stderr
litsi: a/rank0.json: holds 26 kernels: a run ingested with --role calibration records telemetry only; ingest the probe's telemetry files
