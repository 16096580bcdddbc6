desc: a rocpd type_index outside 0..1048576 (4294967297 would wrap to 1) is refused naming the row
needs: sqlite3
setup: sqlite3 big.db < "$DATA/rocprof/rocpd.sql" && sqlite3 big.db "UPDATE rocpd_info_agent_0000 SET type_index = 4294967297 WHERE type = 'GPU' AND type_index = 1"
run: litsi ingest big.db; echo "exit $?"; sqlite3 litsi.db "select count(*) from gpu"
exit: 0
--- stdout
exit 3
0
--- stderr
litsi: big.db: rocpd_info_agent row 4: expected a GPU index, an integer from 0 to 1048576
