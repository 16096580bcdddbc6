desc: bad input pytorch-wrong-type.json: exit 3, the database unchanged
needs: corpus sqlite3
setup: litsi ingest $CORPUS/hta/tests/data/amd_trace/mi250_minitoy_train_ROCm6_2_kineto.json.gz >/dev/null && sqlite3 litsi.db .dump > before.sql
run: litsi ingest $DATA/bad/pytorch-wrong-type.json 2>err; echo "exit $?"; sed 's|^litsi: .*/tests/data/|litsi: |' err; sqlite3 litsi.db .dump | cmp - before.sql && echo unchanged
exit: 0
--- stdout
exit 3
litsi: bad/pytorch-wrong-type.json: byte 538: expected a string or number for "ts", got an array
unchanged
--- stderr
