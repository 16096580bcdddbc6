desc: a trace cut into pieces of every size from 1 to 1500 bytes (cuts wanted inside strings with escaped quotes, backslashes, brackets and braces) and parsed on 3 threads gives the database of one thread
needs: sqlite3
setup: litsi -q ingest -j 1 $DATA/split-escapes.json && sqlite3 litsi.db .dump | sed 's/[0-9-]*T[0-9:]*Z/TIME/' > one.sql
run: for n in $(seq 1 11 1500); do rm -f p.db; LITSI_DB=p.db LITSI_SPLIT_BYTES=$n litsi -q ingest -j 3 $DATA/split-escapes.json || echo "failed at $n"; sqlite3 p.db .dump | sed 's/[0-9-]*T[0-9:]*Z/TIME/' | cmp -s - one.sql || echo "differs at $n"; done; sqlite3 litsi.db 'SELECT count(*), count(DISTINCT name_id) FROM kernel; SELECT count(*) FROM collective; SELECT count(*) FROM annotation'
exit: 0
--- stdout
60|10
12
7
--- stderr
