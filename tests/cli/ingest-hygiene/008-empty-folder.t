desc: an empty folder, a folder of notes and a pattern that matched nothing are exit 3 naming the path; the database is unchanged
needs: sqlite3
setup: mkdir empty notes && echo "not a trace" > notes/README.txt
run: litsi ingest empty; echo "exit $?"; litsi ingest notes; echo "exit $?"; litsi ingest 'logs/*.json'; echo "exit $?"; sqlite3 litsi.db "select count(*) from source"
exit: 0
--- stdout
exit 3
notes/README.txt: skipped (not a trace or telemetry log)
ingested 0, already present 0, skipped 1, failed 1
exit 3
exit 3
0
--- stderr
litsi: empty: no trace or telemetry log found there
litsi: notes: no trace or telemetry log found there (see the files skipped above)
litsi: logs/*.json: no file matches this pattern
