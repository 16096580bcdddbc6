desc: the fleet's straggler slots heat map, over every node of the database (no --node)
needs: gnuplot
setup: litsi ingest --node job1/n1 "$SAMPLES/mi300x-straggler" >/dev/null && litsi ingest --node job1/n2 "$SAMPLES/mi300x-two-stragglers" >/dev/null
run: litsi plot slots -o slots.png && test -s slots.png && litsi plot --script slots | sed -n 1p
exit: 0
--- stdout
wrote slots.png
# slots.gp: the fleet's straggler heat map: for every node (rows, in litsi
--- stderr
