desc: report --format json is one document: one table per kind (nodes, gpus, model, caps, prediction, rules), rows keyed by node, numbers exact
needs: python3
setup: litsi -q ingest "$SAMPLES/mi300x-straggler"
run: litsi report --format json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(sorted(d)); n=d["nodes"][0]; print(n["node"], n["straggler"], n["imbalanced"], n["temp_spread"]); print(sorted({c["scenario"] for c in d["caps"]}))'
exit: 0
--- stdout
['advice', 'caps', 'gpus', 'model', 'nodes', 'prediction', 'rules']
default 5 True 1.1764705882352942
['cpu-slosh', 'gpu-realloc', 'gpu-red']
--- stderr
