desc: a rocpd view that never yields a row stops on SIGINT and on SIGTERM (exit 130, nothing written)
needs: sqlite3 timeout
setup: sqlite3 hang.db < "$DATA/rocprof/rocpd.sql" && sqlite3 hang.db "DROP VIEW kernels; CREATE VIEW kernels AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT 'k' AS name, 'GPU' AS agent_type, 0 AS agent_type_index, x AS start, x AS \"end\" FROM c WHERE x < 0"
run: for s in INT TERM; do timeout -s KILL 30 litsi ingest hang.db & p=$!; sleep 1; kill -$s $p; wait $p; echo "$s: exit $?"; done; ls; sqlite3 litsi.db "select count(*) from source"
exit: 0
--- stdout
INT: exit 130
TERM: exit 130
hang.db
litsi.db
0
--- stderr
litsi: hang.db: interrupted; nothing of it was written
litsi: hang.db: interrupted; nothing of it was written
