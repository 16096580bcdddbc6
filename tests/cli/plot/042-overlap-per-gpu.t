desc: plot overlap sends each sample's duration-weighted overlap per GPU and, per GPU, their range and mean: the mean is the report's overlap_pct; the straggler (GPU 5) overlaps least
needs: python3
setup: litsi -q ingest "$SAMPLES/mi300x-straggler"
run: env PATH="$DATA/plot/capture:$PATH" CAPTURE=$PWD/d.tsv litsi plot overlap -o o.png; echo "straggler $(cat d.tsv.straggler)"; litsi report --format json > r.json; python3 "$DATA/plot/overlap-check.py" d.tsv r.json
exit: 0
--- stdout
wrote o.png
straggler 5
gpu 0: 6 sample rows (6), min 45.89 max 46.33 mean 46.09: the report's overlap_pct, within the samples
gpu 1: 6 sample rows (6), min 47.69 max 48.05 mean 47.88: the report's overlap_pct, within the samples
gpu 2: 6 sample rows (6), min 43.09 max 43.81 mean 43.41: the report's overlap_pct, within the samples
gpu 3: 6 sample rows (6), min 45.23 max 45.93 mean 45.57: the report's overlap_pct, within the samples
gpu 4: 6 sample rows (6), min 48.91 max 49.63 mean 49.40: the report's overlap_pct, within the samples
gpu 5: 6 sample rows (6), min 31.94 max 32.02 mean 31.98: the report's overlap_pct, within the samples
gpu 6: 6 sample rows (6), min 48.49 max 49.30 mean 48.89: the report's overlap_pct, within the samples
gpu 7: 6 sample rows (6), min 48.43 max 49.51 mean 48.89: the report's overlap_pct, within the samples
--- stderr
