desc: an empty file read as pytorch: exit 3
run: litsi ingest --format pytorch $DATA/bad/pytorch-empty.json 2>&1 | sed 's|^litsi: .*/tests/data/|litsi: |'; litsi ingest --format pytorch $DATA/bad/pytorch-empty.json 2>/dev/null; echo "exit $?"
exit: 0
--- stdout
litsi: bad/pytorch-empty.json: byte 0: expected a JSON value, but the input is empty
exit 3
--- stderr
