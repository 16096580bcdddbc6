#!/bin/sh
# render.sh FIGURE: render FIGURE for every node of sample-traces/ (or, while
# that holds no node, of a node made by litsi synth) as SVG with litsi plot,
# and as PNG for the first node of the first sample that has the figure
# (the terminals share the script and the data); check both with figcheck.py
# and xmllint. Silent on success.
set -u
fig=$1
here=$(cd "$(dirname "$0")" && pwd)
samples=${SAMPLES:-}
rc=0
# check_db NAME: render and check the figure for every node of $LITSI_DB.
check_db() {
	# Per node from litsi info's "gpus" table: GPUs, kernels, telemetry readings.
	litsi info --format tsv | awk -F '\t' '
		/^# gpus$/ {on = 1; next} /^#/ {if (on > 1) exit; if (on) on++; next}
		on && NF {g[$1]++; k[$1] += $7; r[$1] += $11; s[$1] = $6}
		END {for (n in g) print n "\t" g[n] "\t" k[n] "\t" r[n] "\t" s[n]}' > nodes
	[ -s nodes ] || { echo "$1: no node in the database"; rc=1; return; }
	while IFS='	' read -r node gpus kernels readings samples; do
		# A node holding only telemetry (or only traces) has no such figure.
		case $fig in
		thermal|heatmap) [ "$readings" -gt 0 ] || continue ;;
		*) [ "$kernels" -gt 0 ] || continue ;;
		esac
		checked=$((checked + 1))
		exts=svg
		[ $pngs = 0 ] && exts="png svg" && pngs=1
		for ext in $exts; do
			out=$fig-$1-$node.$ext
			litsi plot --node "$node" -o "$out" "$fig" > plot.out 2>&1 || {
				echo "$fig $1 $node $ext: litsi plot failed:"; cat plot.out; rc=1; continue; }
			[ "$(cat plot.out)" = "wrote $out" ] || { echo "$fig $1: unexpected output:"; cat plot.out; rc=1; }
			if [ $ext = png ]; then
				python3 "$here/figcheck.py" png "$out" 1000 600 >/dev/null || {
					python3 "$here/figcheck.py" png "$out" 1000 600; rc=1; }
			else
				xmllint --noout "$out" || rc=1
				[ "$fig" = heatmap ] && continue
				# caps and overlap draw bars per GPU, not a series: their
				# data is checked by plot/041 and plot/042.
				[ "$fig" = caps ] || [ "$fig" = overlap ] && continue
				python3 "$here/figcheck.py" svg "$out" "$gpus" >/dev/null || {
					python3 "$here/figcheck.py" svg "$out" "$gpus"; rc=1; }
			fi
		done
	done < nodes
}
n=0 checked=0 pngs=0
for d in "$samples"/*/; do
	[ -d "$d" ] || continue
	name=$(basename "$d")
	n=$((n + 1))
	export LITSI_DB="$PWD/$name.db"
	# Every input of the sample (the walk skips its truth.json, the simulator's answers).
	litsi -q ingest "$d" >/dev/null 2>ingest.err || { echo "cannot ingest $d:"; cat ingest.err; rc=1; }
	check_db "$name"
done
if [ $n = 0 ]; then
	export LITSI_DB="$PWD/synth.db"
	litsi synth --samples 4 --straggler 3 -o syn >/dev/null || exit 1
	litsi -q ingest syn/rank*.json syn/amd-smi.csv >/dev/null || exit 1
	check_db synth
fi
[ $checked -gt 0 ] || { echo "no node to draw $fig for"; rc=1; }
exit $rc
