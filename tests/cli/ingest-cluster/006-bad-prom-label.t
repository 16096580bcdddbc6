desc: an unterminated label value: exit 3 with file:line, database unchanged
needs: sqlite3
run: cd "$DATA/bad" && litsi ingest dcgm-unterminated-label.prom; echo "rc=$?"; sqlite3 "$LITSI_DB" "select count(*) from telemetry"
exit: 0
--- stdout
rc=3
0
--- stderr
litsi: dcgm-unterminated-label.prom:4: expected labels like {gpu="0",Hostname="node1"}
