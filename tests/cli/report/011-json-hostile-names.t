desc: report --format json stays one valid JSON document for a node named with a quote, a backslash and a control byte
needs: python3
setup: litsi -q ingest --node "$(printf 'rack"1\\x\001')" "$SAMPLES/mi300x-straggler"
run: litsi report --format json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(repr(d["nodes"][0]["node"]), len(d["gpus"]))'
exit: 0
--- stdout
'rack"1\\x\x01' 8
--- stderr
