desc: a bad input is reported, the rest still reported, exit 3
setup: mkdir node && cp "$SAMPLES/mi300x-balanced/rank0.json.gz" "$SAMPLES/mi300x-balanced/rank1.json.gz" node/ && printf '{"traceEvents": [{"ph": "X", ' > node/rank2.json
run: litsi report node > out.txt; echo "exit $?"; grep -c '^# litsi report: node node$' out.txt
exit: 0
--- stdout
exit 3
1
--- stderr
litsi: node/rank2.json: byte 29: the file is truncated: it ends where a string key was expected
