desc: the database content 034 expects (records held in memory) when the records are staged in SQLite from the start or after a few blocks held in memory (LITSI_LINK_MEM)
needs: corpus sqlite3 sha256sum
run: awk '/^--- stdout$/ {on = 1; next} /^--- stderr$/ {on = 0} on' $TOP/tests/cli/ingest/034-db-content.t > want && mkdir s m && (cd s && LITSI_LINK_MEM=1 sh $TOP/tests/cli/db-digest.sh $CORPUS $SAMPLES) > staged && (cd m && LITSI_LINK_MEM=600000 sh $TOP/tests/cli/db-digest.sh $CORPUS $SAMPLES) > midway && cmp want staged && cmp want midway && wc -l < staged
exit: 0
--- stdout
23
--- stderr
