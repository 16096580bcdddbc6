desc: bad input pytorch-events-not-array.json: exit 3, the database unchanged
needs: corpus sqlite3
setup: litsi ingest $CORPUS/hta/tests/data/amd_trace/mi250_minitoy_train_ROCm6_2_kineto.json.gz >/dev/null && sqlite3 litsi.db .dump > before.sql
run: litsi ingest $DATA/bad/pytorch-events-not-array.json 2>err; echo "exit $?"; sed 's|^litsi: .*/tests/data/|litsi: |' err; sqlite3 litsi.db .dump | cmp - before.sql && echo unchanged
exit: 0
--- stdout
exit 3
litsi: bad/pytorch-events-not-array.json: byte 197: expected an array for "traceEvents", got an object
unchanged
--- stderr
