desc: the scripts read litsi's TSV on standard input and write PNG to standard output
needs: gnuplot python3
setup: litsi -q ingest "$SAMPLES/mi300x-straggler"/rank*.json.gz "$SAMPLES/mi300x-straggler"/amd-smi.csv.gz
run: litsi lead --series --format tsv | gnuplot -c "$SCRIPTS/leads.gp" > leads.png && python3 "$DATA/plot/figcheck.py" png leads.png 1000 600
exit: 0
--- stdout
png 1000x600, more than 8 colours
--- stderr
