desc: gzip output is deterministic too; another seed changes the traces
setup: litsi -q synth --gpus 2 --samples 1 --layers 2 --gzip -o a
setup: litsi -q synth --gpus 2 --samples 1 --layers 2 --gzip -o b
setup: litsi -q synth --gpus 2 --samples 1 --layers 2 --gzip --seed 9 -o c
run: cmp a/rank0.json.gz b/rank0.json.gz && cmp a/amd-smi.csv.gz b/amd-smi.csv.gz && ls a && ! cmp -s a/rank1.json.gz c/rank1.json.gz && echo differ
exit: 0
--- stdout
amd-smi-static.json.gz
amd-smi.csv.gz
rank0.json.gz
rank1.json.gz
truth.json
differ
--- stderr
