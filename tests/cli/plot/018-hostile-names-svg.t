desc: names with escapes, BEL, NUL, quotes, backslashes, a leading space and an invalid byte give well-formed SVG; plot corr --kernel finds such a name; heatmap without telemetry: exit 3, no file
needs: gnuplot python3 xmllint
setup: python3 $DATA/hostile/make.py $SAMPLES/mi300x-straggler h && litsi -q ingest h
run: for f in leads overlap corr caps heatmap; do litsi plot $f -o $f.svg >/dev/null; echo "$f exit $?"; xmllint --noout $f.svg; done; litsi plot corr --kernel "$(printf ' a"b\\c\001d')" -o k.svg; echo "exit $?"; xmllint --noout k.svg && grep -o '<text>Overlap ratio[^<]*</text>' k.svg
exit: 0
--- stdout
leads exit 0
overlap exit 0
corr exit 0
caps exit 3
heatmap exit 3
wrote k.svg
exit 0
<text>Overlap ratio and duration of a”b⧵c⧵x01d - node default</text>
--- stderr
litsi: node 'default': the closed loop needs each GPU's power and gfx clock telemetry and the idle power (--idle-power W); use --replay to run the algorithms on the recorded leads
warning: failed to load external entity "caps.svg"
litsi: node 'default' has no telemetry; the heatmap figure needs an amd-smi, rocm-smi or nvidia-smi log ingested into the node
warning: failed to load external entity "heatmap.svg"
