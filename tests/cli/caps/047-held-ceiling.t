desc: a straggler held by its temperature in the run at the initial caps (it drew less than its cap), then capped just under that draw in the next run (held by its cap there): gpu-red reads the later run and predicts no clock past the one the first run showed it held at, at the initial caps or at new ones, so the others are not kept faster than the straggler can go
setup: litsi -q synth --gpus 4 --layers 2 --samples 3 --seed 7 --temp-spread 24 --straggler 0 --power-cap 750 --physics curve=convex,curve_exp=2 -o a && printf '# gpu\tcap_w\n0\t725\n1\t690\n2\t690\n3\t690\n' > c.tsv && litsi -q synth --gpus 4 --layers 2 --samples 3 --seed 7 --noise-seed 9 --temp-spread 24 --straggler 0 --power-cap 750 --physics curve=convex,curve_exp=2 --caps c.tsv -o b && litsi -q ingest --run r0 a/rank*.json a/amd-smi.csv a/amd-smi-static.json && litsi -q ingest --run r1 b/rank*.json b/amd-smi.csv b/amd-smi-static.json
run: litsi caps --scenario gpu-red --format tsv | awk -F '\t' '$1 == "default" && NF == 7 { printf "%s %s %s\n", $2, $4, $2 == 0 ? ($5 <= 1961 ? "at most its held clock" : "past its held clock") : ($5 <= 1.01 * 1961 ? "within 1% of it" : "faster") }'; litsi caps --scenario gpu-red --format tsv | grep 'model prediction' | cut -f 5,10,11
exit: 0
--- stdout
0 750 at most its held clock
1 693 within 1% of it
2 696 within 1% of it
3 688 within 1% of it
2827	0.9999936046327376	0.9419852448021461
--- stderr
