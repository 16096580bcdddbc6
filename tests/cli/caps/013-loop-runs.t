desc: the documented loop: two whole runs in one database; caps reads the latest run's traces (never the samples of both merged), fits the curves to both runs' telemetry and keeps the first run's cap; --run reads the first run alone
setup: litsi -q synth --layers 2 --samples 3 --straggler 5 --power-cap 700 --physics curve=convex -o a && printf '# gpu\tcap_w\n5\t740\n0\t660\n' > c.tsv && litsi -q synth --layers 2 --samples 3 --straggler 5 --power-cap 700 --caps c.tsv --physics curve=convex -o b && litsi -q ingest --run r0 a/rank*.json a/amd-smi.csv a/amd-smi-static.json && litsi -q ingest --run r1 b/rank*.json b/amd-smi.csv b/amd-smi-static.json
run: litsi caps --scenario gpu-realloc --format tsv | grep -E '^# (runs|baseline|calibration)|model prediction' | cut -f 1-5,14-15; litsi caps --scenario gpu-realloc --run r0 --format tsv | grep -E '^# (runs|baseline)|model prediction' | cut -f 1-5,14-15; litsi model --format tsv | grep -A1 '^# node.*samples'; litsi model --run r0 --format tsv | grep -E '^# runs'
exit: 0
--- stdout
default	gpu-realloc	model prediction	5600	5600	750	700
# runs: node default: traces of run 'r1' (the latest; --run chooses); power-to-clock points from the telemetry of 2 runs
# baseline: node default: S_iter and power_ratio are against the initial caps, 8 x 700 W (the cap in force in run 'r0', the first run (--baseline-run chooses)); the budget P_n follows from them
# calibration: node default: power-to-clock curves of 2 of 8 GPUs fitted to the runs' operating points (ingest --run), 6 took their median; exponents 2.49 to 2.52, each within +-0.52 (99%: gpu-red keeps its floor at the slow end)
default	gpu-realloc	model prediction	5600	5600	750	700
# runs: node default: traces of run 'r0'; power-to-clock points from the telemetry of 2 runs
# baseline: node default: S_iter and power_ratio are against the initial caps, 8 x 700 W (the cap in force in run 'r0', the first run (--baseline-run chooses)); the budget P_n follows from them
# node	samples	dropped_keys	t_baseline_ns	R_C	R_V
default	3	0	69265308	0.7947906620151028	0.20520933798489716
# runs: node default: traces of run 'r0'
--- stderr
