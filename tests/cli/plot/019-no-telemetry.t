desc: traces without telemetry: thermal and heatmap say so, exit 3, and leave no file (not a gnuplot error, not a nan grid)
needs: gnuplot
setup: litsi -q synth --seed 1 --gpus 2 --samples 3 --layers 2 -o node && litsi -q ingest node/rank0.json node/rank1.json
run: for f in thermal heatmap; do litsi plot $f -o $f.png; echo "$f exit $?"; ls $f.png 2>/dev/null; done; true
exit: 0
--- stdout
thermal exit 3
heatmap exit 3
--- stderr
litsi: node 'default' has no telemetry; the thermal figure needs an amd-smi, rocm-smi or nvidia-smi log ingested into the node
litsi: node 'default' has no telemetry; the heatmap figure needs an amd-smi, rocm-smi or nvidia-smi log ingested into the node
