desc: merge of a forged database whose ids are moved to near INT64 max without their references (source, gpu) is refused as damaged or forged with exit 3, naming the table and input, not with a bare SQLite message; no output is left
needs: sqlite3
setup: litsi -q -d a.db ingest "$SAMPLES/mi300x-straggler"
setup: cp a.db s.db && sqlite3 s.db "PRAGMA foreign_keys=OFF; UPDATE source SET id = 9223372036854775807 - id"
setup: cp a.db g.db && sqlite3 g.db "PRAGMA foreign_keys=OFF; UPDATE gpu SET id = 9223372036854775807 - id"
run: for f in s g; do litsi merge out.db $f.db; echo "exit $?"; done; ls out.db* 2>/dev/null | wc -l
exit: 0
--- stdout
exit 3
exit 3
0
--- stderr
litsi: merging table 'source_meta' of 's.db': out.db: merge refused: the input holds rows that refer to rows it does not hold, or ids out of range (a damaged or forged database; SQLite: NOT NULL constraint failed: source_meta.source_id)
litsi: merging table 'kernel_window' of 'g.db': out.db: merge refused: the input holds rows that refer to rows it does not hold, or ids out of range (a damaged or forged database; SQLite: NOT NULL constraint failed: kernel_window.gpu_id)
