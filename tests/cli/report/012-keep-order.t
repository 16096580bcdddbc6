desc: report --keep > log 2>&1: the report is whole before the note that names the kept database
setup: true
run: unset LITSI_DB; TMPDIR=$PWD litsi report --keep "$SAMPLES/mi300x-straggler" > log 2>&1; tail -1 log | sed 's/litsi-report\.[A-Za-z0-9]*/litsi-report.X/; s|in .*/litsi|in DIR/litsi|'; grep -c "amd-smi set -g '5' -o" log
exit: 0
--- stdout
litsi: the database is kept in DIR/litsi-report.X'
3
--- stderr
