desc: the run identity holds for every trace format: a second run of a node's GPUs as rocprofv3, rocprof or PyTorch traces (another seed, the same time) is refused, and goes in as its own run
setup: litsi -q synth --gpus 2 --layers 2 --samples 2 --format all -o a && litsi -q synth --gpus 2 --layers 2 --samples 2 --seed 5 --format all -o b
run: for f in synth-node0 results.csv rank0.json; do litsi -q -d $f.db ingest --node n a/$f; litsi -d $f.db ingest --node n b/$f 2>&1 >/dev/null | sed 's|: this file.*||' | sort -u; litsi -q -d $f.db ingest --node n --run second b/$f; echo "$f as its own run: exit $?"; done
exit: 0
--- stdout
litsi: b/synth-node0/48211/48211_kernel_trace.csv: another run of GPU 0 of node 'n'
litsi: b/synth-node0/48228/48228_kernel_trace.csv: another run of GPU 1 of node 'n'
synth-node0 as its own run: exit 0
litsi: b/results.csv: another run of GPU 0 of node 'n'
results.csv as its own run: exit 0
litsi: b/rank0.json: another run of GPU 0 of node 'n'
rank0.json as its own run: exit 0
--- stderr
