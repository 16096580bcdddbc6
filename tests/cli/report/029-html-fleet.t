desc: report --html on a database of two nodes opens with the fleet table (one row per node: verdict, straggler, cause, lead per step equal to fleet's lead_ms) before the nodes' sections; headless chromium loads it without console messages
needs: chromium gnuplot
setup: litsi -q ingest --node a "$SAMPLES/mi300x-straggler"
setup: litsi -q ingest --node b "$SAMPLES/mi300x-balanced"
run: litsi -q report --html page.html > /dev/null; echo "exit $?"; C="chromium --headless --no-sandbox --disable-gpu --user-data-dir=$PWD/chr --enable-logging=stderr --v=0"; $C --dump-dom "file://$PWD/page.html" 2> dom.err | tr '\n' ' ' | sed 's/<h2>Node a.*//; s/.*<h2>Fleet/<h2>Fleet/; s/<\/tr>/&\n/g' | sed 's/<[^>]*>/ /g; s/  */ /g; s/^ //'; echo; grep -c CONSOLE dom.err; litsi fleet --format tsv | awk -F '\t' '/^# runs/ { t = 1; next } t && /^# node/ { next } /^#/ || !NF { t = 0 } t { printf "fleet %s lead_ms %.3f lead_pct %.1f\n", $1, $8, $9 }'
exit: 0
--- stdout
exit 1
Fleet: 2 nodes node verdict straggler cause lead ms/step lead % of step step ms 
a imbalanced gpu 5 heat: the hottest GPU under load, 12 C above the coolest, its clock 108 MHz (5.1%) below the fastest 1.050 1.1 95.73 
b balanced none no GPU is the slowest in most samples 0.081 0.1 91.65 
Lead per step: how far the GPU furthest ahead runs before the last one, per step (litsi lead, lead_per_step). Each node's section follows. 
0
fleet a lead_ms 1.050 lead_pct 1.1
fleet b lead_ms 0.081 lead_pct 0.1
--- stderr
