desc: gpu-realloc where the straggler already runs at the part's 750 W: no cap can raise S_iter, and a cut that only saves power would leave a leader under 1.5% off the pace, so the initial caps stay and `why` says so
setup: litsi -q ingest "$SAMPLES"/mi300x-two-stragglers/rank*.json.gz "$SAMPLES"/mi300x-two-stragglers/amd-smi.csv.gz
run: litsi caps --scenario gpu-realloc --format tsv | awk -F '\t' '/^# [a-z_]*$/ {t = $0; next} /^#/ {next} NF && t == "# caps" {print $2, $3, $4} NF && t == "# prediction" {print $5, $6, $10, $11, $19}'
exit: 0
--- stdout
0 750 750
1 750 750
2 750 750
3 750 750
4 750 750
5 750 750
6 750 750
7 750 750
6000 200 1 1 initial caps: no candidate predicted a higher S_iter, or the same for less power with every GPU it cuts 1.5% off the pace
--- stderr
