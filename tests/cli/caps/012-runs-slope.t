desc: with two runs at different caps (ingest --run), each GPU's power-to-clock curve is fitted to its operating points; the caps use the latest run's point, and the first run's cap in force (700 W) sets the initial caps and budget
setup: litsi -q synth --layers 2 --samples 3 --straggler 5 --power-cap 700 --physics curve=convex -o a && printf '# gpu\tcap_w\n5\t740\n' > c.tsv && litsi -q synth --layers 2 --samples 3 --straggler 5 --power-cap 680 --caps c.tsv --physics curve=convex -o b && litsi -q ingest --run first a/amd-smi.csv a/amd-smi-static.json && litsi -q ingest --run second b/rank*.json b/amd-smi.csv b/amd-smi-static.json
run: litsi caps --scenario gpu-realloc --format tsv | grep -E '^# (limits|calibration)|model prediction' | cut -f 1-5,10,14-16,19
exit: 0
--- stdout
default	gpu-realloc	model prediction	5600	5600	1.010217651636526	750	700	0	highest predicted S_iter
# limits: node default: TDP 750 W (telemetry), cap 700 W (telemetry), min limit none
# calibration: node default: power-to-clock curves of 8 of 8 GPUs fitted to the runs' operating points (ingest --run), 0 took their median; exponents 2.47 to 2.52, each within +-1.10 (99%: gpu-red keeps its floor at the slow end)
--- stderr
