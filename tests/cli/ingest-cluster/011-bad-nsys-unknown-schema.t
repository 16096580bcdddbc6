desc: an export whose kernel table lacks the known name columns: exit 3 naming the export schema version, database unchanged
needs: sqlite3
run: cd "$DATA/bad" && litsi ingest nsys-unknown-schema.sqlite; echo "rc=$?"; sqlite3 "$LITSI_DB" "select count(*) from source"
exit: 0
--- stdout
rc=3
0
--- stderr
litsi: nsys-unknown-schema.sqlite: table CUPTI_ACTIVITY_KIND_KERNEL has neither demangledName nor shortName (export schema version 9.0.0): not an Nsight Systems export litsi knows
