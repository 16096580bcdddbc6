desc: every GPU runs at the default 750 W cap; moving power to the hot straggler (+28 W, others -4 W, sum 5600 W) shrinks the leads over it
setup: litsi -q synth --layers 8 --samples 6 --straggler 5 --gzip -o before
setup: litsi -q synth --layers 8 --samples 6 --straggler 5 --gzip --caps "$DATA/synth/realloc-caps.tsv" -o after
setup: litsi -q -d before.db ingest before/rank*.json.gz before/amd-smi.csv.gz
setup: litsi -q -d after.db ingest after/rank*.json.gz after/amd-smi.csv.gz
run: awk -F '\t' '!/^#/ && NF { s += $3 } END { print "sum caps " s " W <= 5600 W: " (s <= 5600 ? "yes" : "NO") }' "$DATA/synth/realloc-caps.tsv"; for d in before after; do litsi -d $d.db thermal --format tsv | awk -F '\t' -v d=$d '$2 == "power_w" { printf "%s power_w gpu %s median %s\n", d, $1, $4 }' | sed -n '1p;6p'; litsi -d $d.db lead --format tsv | awk -F '\t' -v d=$d '/^# lead_per_step/ { t = 1; next } t && /^# gpu/ { next } /^#/ || !NF { t = 0; next } t { L[$1] = $4 } END { for (g = 0; g < 8; g++) { s += L[g]; if (L[g] > m) { m = L[g]; mg = g } } printf "%s: gpu 5 lead %.1f ms, max lead %.1f ms (gpu %d), total %.1f ms\n", d, L[5], m, mg, s }'; litsi -d $d.db lead | grep persistent; done
exit: 0
--- stdout
sum caps 5600 W <= 5600 W: yes
before power_w gpu 0 median 749.5
before power_w gpu 5 median 751.5
before: gpu 5 lead 0.0 ms, max lead 193.1 ms (gpu 4), total 1178.5 ms
# persistent_straggler: gpu 5 (6 of 6 samples)
after power_w gpu 0 median 695.5
after power_w gpu 5 median 729.5
after: gpu 5 lead 86.8 ms, max lead 86.8 ms (gpu 5), total 397.3 ms
# persistent_straggler: gpu 2 (6 of 6 samples)
--- stderr
