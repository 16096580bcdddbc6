desc: a script given the wrong command's output names the table it needs
needs: gnuplot
setup: litsi -q ingest "$SAMPLES/mi300x-straggler"/rank*.json.gz
run: litsi lead --format tsv | gnuplot -c "$SCRIPTS/leads.gp" - leads.png 2>&1 | grep -o "litsi: no rows of table 'lead_series' in the input"
exit: 0
--- stdout
litsi: no rows of table 'lead_series' in the input
--- stderr
