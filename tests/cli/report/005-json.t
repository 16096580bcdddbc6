desc: report --format json is one document with every section per node
needs: python3
setup: litsi -q ingest "$SAMPLES/mi300x-straggler"
run: litsi report --format json | python3 -c 'import json,sys; d=json.load(sys.stdin); n=d["nodes"][0]; print(n["node"], sorted(n)); print(n["check"]["nodes"][0]["straggler"])'
exit: 0
--- stdout
default ['caps_cpu_slosh', 'caps_gpu_realloc', 'caps_gpu_red', 'check', 'lead', 'model', 'node', 'overlap', 'thermal']
5
--- stderr
