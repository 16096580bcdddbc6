desc: a kernel name, number or args string beyond its limit is refused at its byte offset, exit 3, peak RSS under 150 MB (256 MiB of name from a 260 KB gzip; 100 MB plain), the database unchanged
needs: python3 sqlite3
setup: litsi -q ingest "$SAMPLES/mi300x-balanced/rank0.json.gz" && sqlite3 litsi.db .dump > before.sql
setup: python3 $TOP/tests/stress/gen-huge-token.py name 268435456 bomb.json.gz && test $(wc -c < bomb.json.gz) -lt 1048576
setup: python3 $TOP/tests/stress/gen-huge-token.py name 104857600 name.json
setup: python3 $TOP/tests/stress/gen-huge-token.py number 104857600 number.json
setup: python3 $TOP/tests/stress/gen-huge-token.py args 104857600 args.json
run: for f in bomb.json.gz name.json number.json args.json; do python3 $TOP/tests/stress/peak-rss.py 150 litsi ingest $f; echo "exit $?"; done 2>&1; sqlite3 litsi.db .dump | cmp - before.sql && echo unchanged
exit: 0
--- stdout
litsi: bomb.json.gz: byte 48: expected a string of at most 4194304 bytes
exit 3
litsi: name.json: byte 48: expected a string of at most 4194304 bytes
exit 3
litsi: number.json: byte 57: expected a number of at most 1024 bytes
exit 3
litsi: args.json: byte 78: expected a string of at most 4194304 bytes
exit 3
unchanged
--- stderr
