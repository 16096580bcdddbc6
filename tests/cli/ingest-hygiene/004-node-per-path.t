desc: --node applies to the paths after it: --node a DIR1 --node b DIR2 makes two nodes (paths before the first --node go to default)
needs: corpus sqlite3
setup: ln -s "$CORPUS/tracelens/tests/traces" tl
run: litsi ingest tl/mi210/gpu_only_trace/gpu_only_trace.json.gz --node a tl/b200 --node b tl/h100/gaunernst_bert-small-uncased__1016001.json.gz && sqlite3 litsi.db "select n.name, g.device, g.product from gpu g join node n on n.id = g.node_id order by n.name, g.device"
exit: 0
--- stdout
tl/mi210/gpu_only_trace/gpu_only_trace.json.gz: pytorch, node default, 1 GPU, 1 sample, 562 kernels (0 comm)
tl/b200/eager_trace.json.gz: pytorch, node a, rank 0, 1 GPU, 1 sample, 929 kernels (1 comm)
tl/h100/gaunernst_bert-small-uncased__1016001.json.gz: pytorch, node b, 1 GPU, 1 sample, 61 kernels (0 comm)
ingested 3, already present 0, skipped 0, failed 0
node default: 1 file; holds 1 GPU, 1 run
node a: 1 file; holds 1 GPU, 1 run
node b: 1 file; holds 1 GPU, 1 run
a|0|NVIDIA B200
b|0|NVIDIA H100 80GB HBM3
default|1|AMD Instinct MI210
--- stderr
