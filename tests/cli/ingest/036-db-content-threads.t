desc: every corpus trace and sample directory gives the database content 034 expects on 3 threads, in pieces of 4 KiB (each trace cut at many events); one database per trace and per sample directory
needs: corpus sqlite3 sha256sum
run: awk '/^--- stdout$/ {on = 1; next} /^--- stderr$/ {on = 0} on' $TOP/tests/cli/ingest/034-db-content.t > want && DIGEST_JOBS=3 LITSI_SPLIT_BYTES=4096 sh $TOP/tests/cli/db-digest.sh $CORPUS $SAMPLES > many && cmp want many && wc -l < many
exit: 0
--- stdout
23
--- stderr
