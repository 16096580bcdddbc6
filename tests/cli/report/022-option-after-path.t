desc: an option after a path is read as an option, not as a path: report PATH --format json gives one JSON document
needs: python3
run: litsi report "$SAMPLES/mi300x-straggler" --format json 2>/dev/null | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["nodes"][0]["node"], d["nodes"][0]["imbalanced"])'
exit: 0
--- stdout
mi300x-straggler True
--- stderr
