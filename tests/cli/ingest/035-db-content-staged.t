desc: the same database content when the records are staged in SQLite from the start or after a few blocks held in memory (LITSI_LINK_MEM)
needs: corpus sqlite3 sha256sum
run: mkdir h s m && (cd h && sh $TOP/tests/cli/db-digest.sh $CORPUS $SAMPLES) > held && (cd s && LITSI_LINK_MEM=1 sh $TOP/tests/cli/db-digest.sh $CORPUS $SAMPLES) > staged && (cd m && LITSI_LINK_MEM=600000 sh $TOP/tests/cli/db-digest.sh $CORPUS $SAMPLES) > midway && cmp held staged && cmp held midway && wc -l < held
exit: 0
--- stdout
23
--- stderr
