desc: a database written by a newer litsi is refused with exit 4, for readers and writers
needs: sqlite3
setup: litsi -q ingest $SAMPLES/mi300x-straggler/rank0.json.gz && sqlite3 litsi.db 'pragma user_version = 99'
run: litsi info 2>err; echo "exit $?"; litsi ingest $SAMPLES/mi300x-straggler/rank1.json.gz 2>>err; echo "exit $?"; sed "s|^litsi: /.*/litsi.db:|litsi: litsi.db:|" err
exit: 0
--- stdout
exit 4
exit 4
litsi: litsi.db: database schema version 99 is newer than this litsi (4)
litsi: litsi.db: database schema version 99 is newer than this litsi (4)
--- stderr
