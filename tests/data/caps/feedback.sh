#!/bin/sh
# feedback.sh SCENARIO: closed loop on sample-traces/mi300x-straggler, then the
# recommended caps fed back into litsi synth (the sample's options, see
# sample-traces/README.md) and the result ingested again. Prints the
# prediction, whether sum caps <= P_n, and the summed leads (ms, over all
# samples) per GPU before and after.
set -eu
sc=$1
node=$SAMPLES/mi300x-straggler
rm -rf before.db after.db fed caps.tsv
litsi -d before.db ingest "$node"/rank*.json.gz "$node"/amd-smi.csv.gz >/dev/null 2>&1
litsi -d before.db caps --scenario "$sc" --emit none --format tsv > caps.tsv
awk -F '\t' '/^# prediction$/ {on = 1; next} on && !/^#/ && NF {
	printf "%s: reported adjustment %s of %s, S_iter %s, power_ratio %s (%s)\n", $2, $8, $6, $10, $11, $17
	printf "sum caps %s W <= P_n %s W: %s\n", $5, $4, ($5 <= $4 ? "yes" : "NO")
	printf "S_iter >= 0.9962: %s\n", ($10 >= 0.9962 ? "yes" : "NO") }' caps.tsv
litsi synth --layers 8 --samples 6 --straggler 5 --gzip --caps caps.tsv -o fed >/dev/null
litsi -d after.db ingest fed/rank*.json.gz fed/amd-smi.csv.gz >/dev/null 2>&1
leads() {
	litsi -d "$1" lead --format tsv | awk -F '\t' '
		/^# lead$/ {on = 1; next} /^#/ {next} !NF {if (on > 1) on = 0; next}
		on {on = 2; L[$2] += $4}
		END {min = -1; max = -1; t = 0
			for (g = 0; g < 8; g++) {
				t += L[g]
				if (min < 0 || L[g] < L[min]) min = g
				if (max < 0 || L[g] > L[max]) max = g
			}
			printf "total %.0f max %.0f (gpu %d) smallest: gpu %d, gpu 5: %.0f\n", t / 1e6, L[max] / 1e6, max, min, L[5] / 1e6}'
}
echo "leads before: $(leads before.db)"
echo "leads after: $(leads after.db)"
