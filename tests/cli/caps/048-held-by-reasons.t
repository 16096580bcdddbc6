desc: an H100 straggler whose temperature holds its clock at 1912 MHz a few watts under its 700 W cap (within the 2% a power-limited GPU reads under its cap, but most nvidia-smi readings name the thermal reason), then capped under that draw in the next run: gpu-red reads the later run and knows from the first run's reasons that at the initial caps it ran no faster than there, not at the 1915 MHz its curve would give 700 W, so the node ran no faster at the initial caps than the first run shows and round 2 takes watts off the straggler too instead of keeping the round-1 caps
setup: S="--gpus 4 --layers 2 --samples 3 --seed 5059 --temp-spread 21.8 --straggler 1 --power-cap 700 --physics curve=convex,curve_exp=3 --telemetry nvidia-smi --reasons --duration 60" && litsi -q synth $S -o a && printf '# gpu\tcap_w\n0\t660\n1\t694\n2\t660\n3\t660\n' > c.tsv && litsi -q synth $S --noise-seed 9 --caps c.tsv -o b && litsi -q ingest --run r0 a/rank*.json a/nvidia-smi.csv && litsi -q ingest --run r1 b/rank*.json b/nvidia-smi.csv
run: litsi caps --scenario gpu-red --format tsv | awk -F '\t' '$1 == "default" && NF == 7 && $2 == 1 { print "straggler", $4, ($4 < 694 ? "under its round-1 cap" : "at its round-1 cap") }'; litsi caps --scenario gpu-red --format tsv | grep 'model prediction' | cut -f 5,10,11
exit: 0
--- stdout
straggler 687 under its round-1 cap
2628	0.9964091256504044	0.9404601293859259
--- stderr
