desc: a straggler at its cap, hot enough that its temperature is about to hold its clock: the first run cannot tell, so caps prints the range (S_iter_low, the unproven note); once a run gave it more watts than it then drew (its clock held by its temperature), caps predicts no clock from watts for it, takes none from the others for it, and prints no range
setup: litsi -q synth --gpus 4 --layers 2 --samples 3 --seed 130 --temp-spread 24.7 --straggler 3 --power-cap 700 --physics curve=convex,curve_exp=2.5 -o a && printf '# gpu\tcap_w\n0\t690\n1\t683\n2\t692\n3\t735\n' > c.tsv && litsi -q synth --gpus 4 --layers 2 --samples 3 --seed 130 --temp-spread 24.7 --straggler 3 --power-cap 700 --caps c.tsv --physics curve=convex,curve_exp=2.5 -o b && litsi -q ingest --run r0 a/rank*.json a/amd-smi.csv a/amd-smi-static.json
run: litsi caps --scenario gpu-realloc --format tsv | grep -E '^# unproven|model prediction' | cut -f 1-5,10-11,17-18; litsi -q ingest --run r1 b/rank*.json b/amd-smi.csv b/amd-smi-static.json && litsi caps --scenario gpu-realloc --format tsv | grep -E '^# unproven|model prediction|^default	3	' | cut -f 1-5,10-11,17-18
exit: 0
--- stdout
default	gpu-realloc	model prediction	2800	2800	1.021208755414009	1	1	0.9946428571428572
# unproven: node default: S_iter x1.021 has 1 GPU(s) run above any clock their runs showed; a GPU whose temperature holds its clock gains nothing from watts, and a run at its cap cannot show that: the runs promise x1.000 (S_iter_low, power x0.995), the next run shows which
default	3	700	750	1945.625
default	gpu-realloc	model prediction	2800	2748	1.0048613988725221	0.9654181966025206	1.0048613988725221	0.9654181966025206
--- stderr
