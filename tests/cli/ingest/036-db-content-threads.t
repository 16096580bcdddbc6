desc: every corpus trace and sample directory gives the same database on one thread and on several, in pieces of 4 KiB (each trace cut at many events); one database per trace and per sample directory
needs: corpus sqlite3 sha256sum
run: mkdir one many && (cd one && DIGEST_JOBS=1 sh $TOP/tests/cli/db-digest.sh $CORPUS $SAMPLES) > one.txt && (cd many && DIGEST_JOBS=3 LITSI_SPLIT_BYTES=4096 sh $TOP/tests/cli/db-digest.sh $CORPUS $SAMPLES) > many.txt && cmp one.txt many.txt && wc -l < many.txt
exit: 0
--- stdout
23
--- stderr
