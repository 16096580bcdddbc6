desc: --duration makes the telemetry cover a job longer than its traced iterations (litsi record logs the whole job); --noise-seed draws other telemetry noise and leaves the traces alone; both checked for range
setup: litsi -q synth --gpus 2 --layers 1 --samples 2 -o a && litsi -q synth --gpus 2 --layers 1 --samples 2 --duration 60 -o b && litsi -q synth --gpus 2 --layers 1 --samples 2 --noise-seed 9 -o c
run: for d in a b c; do grep -c '^17' $d/amd-smi.csv; done; cmp -s a/rank0.json c/rank0.json && echo traces-same; cmp -s a/amd-smi.csv c/amd-smi.csv || echo telemetry-differs; litsi synth --duration 3601 -o x 2>&1 | head -1; litsi synth --noise-seed -1 -o x 2>&1 | head -1
exit: 0
--- stdout
18
130
18
traces-same
telemetry-differs
litsi synth: invalid --duration (seconds, 0..3600) '3601'
litsi synth: invalid --noise-seed '-1'
--- stderr
