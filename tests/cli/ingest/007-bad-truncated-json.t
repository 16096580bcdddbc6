desc: bad input pytorch-truncated.json: exit 3, the database unchanged
needs: corpus sqlite3
setup: litsi ingest $CORPUS/hta/tests/data/amd_trace/mi250_minitoy_train_ROCm6_2_kineto.json.gz >/dev/null && sqlite3 litsi.db .dump > before.sql
run: litsi ingest $DATA/bad/pytorch-truncated.json 2>err; echo "exit $?"; sed 's|^litsi: .*/tests/data/|litsi: |' err; sqlite3 litsi.db .dump | cmp - before.sql && echo unchanged
exit: 0
--- stdout
exit 3
litsi: bad/pytorch-truncated.json: byte 22423: the file is truncated: it ends inside a string
unchanged
--- stderr
