desc: inputs of another schema version, with another column, or not litsi databases: exit 4 naming both
setup: litsi -d a.db ingest --node n1 "$SAMPLES/mi300x-straggler" >/dev/null
setup: cp a.db v9.db && sqlite3 v9.db 'PRAGMA user_version = 9' && cp a.db col.db && sqlite3 col.db 'ALTER TABLE gpu ADD COLUMN serial TEXT'
setup: sqlite3 other.db 'CREATE TABLE t(x)' && printf 'not a database at all, just text....' > text.db
run: for f in v9 col other text missing; do litsi merge out.db $f.db; echo "exit $?"; done; ls out.db* 2>/dev/null | wc -l
exit: 0
--- stdout
exit 4
exit 4
exit 4
exit 4
exit 4
0
--- stderr
litsi: cannot merge 'v9.db' (schema version 9) into 'out.db' (schema version 4)
litsi: cannot merge 'col.db' into 'out.db': table 'gpu' differs (same schema version 4, different columns)
litsi: other.db: not a litsi database (schema version 0)
litsi: text.db: cannot open database: file is not a database
litsi: missing.db: cannot open database: No such file or directory
