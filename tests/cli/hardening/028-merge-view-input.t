desc: a merge input whose kernel table is replaced by an endless recursive view (same columns, same table count) is refused before any row is read, naming the input; no temporary file is left
needs: sqlite3
setup: litsi -q -d a.db ingest "$SAMPLES/mi300x-straggler"
setup: cp a.db v.db && sqlite3 v.db "ALTER TABLE kernel RENAME TO kernel_old; CREATE VIEW kernel AS WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM r) SELECT kernel_old.* FROM kernel_old, r"
run: timeout 20 litsi merge out.db v.db; echo "exit $?"; ls
exit: 0
--- stdout
exit 4
a.db
v.db
--- stderr
litsi: cannot merge 'v.db' into 'out.db': 'kernel' is a view, not a table
