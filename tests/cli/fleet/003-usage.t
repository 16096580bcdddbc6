desc: usage errors: a bad --recurring, an unknown format, an unexpected argument
setup: litsi ingest --node job1/n1 "$SAMPLES/mi300x-balanced" >/dev/null
run: litsi fleet --recurring 3/2; echo "exit $?"; litsi fleet --recurring x; echo "exit $?"; litsi fleet --format xml; echo "exit $?"; litsi fleet extra; echo "exit $?"; litsi fleet --format csv | sed -n 4,5p
exit: 0
--- stdout
exit 2
exit 2
exit 2
exit 2
node,run,verdict,straggler,temp_spread,clock_spread,speedup,lead_ms,lead_pct
n1,job1,balanced,-,1.0147058823529411,1.0052932330827067,1.0225488459410084,0.08109982608695653,0.08848845517450012
--- stderr
litsi fleet: invalid --recurring '3/2' (k/n, 1 <= k <= n <= 1000)
usage: litsi fleet [-j n] [--recurring k/n] [--format table|tsv|csv|json]
litsi fleet: invalid --recurring 'x' (k/n, 1 <= k <= n <= 1000)
usage: litsi fleet [-j n] [--recurring k/n] [--format table|tsv|csv|json]
litsi fleet: invalid --format 'xml' (expected table, tsv, csv or json)
usage: litsi fleet [-j n] [--recurring k/n] [--format table|tsv|csv|json]
litsi fleet: unexpected argument 'extra'
usage: litsi fleet [-j n] [--recurring k/n] [--format table|tsv|csv|json]
