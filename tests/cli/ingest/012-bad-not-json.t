desc: a text file read as pytorch: exit 3
run: litsi ingest --format pytorch $DATA/bad/pytorch-not-json.json 2>&1 | sed 's|^litsi: .*/tests/data/|litsi: |'; litsi ingest --format pytorch $DATA/bad/pytorch-not-json.json 2>/dev/null; echo "exit $?"
exit: 0
--- stdout
litsi: bad/pytorch-not-json.json: byte 0: expected a JSON value
exit 3
--- stderr
