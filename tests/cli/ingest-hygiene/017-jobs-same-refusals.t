desc: ingest -j refuses what -j 1 refuses: unrelated runs (HTA folder), different products on one GPU (TraceLens tree), and keeps the node of each path; only the byte offset of an error is not known under -j
needs: corpus sqlite3
setup: ln -s "$CORPUS/hta/tests/data" hta; ln -s "$CORPUS/tracelens/tests" tl
run: for d in hta tl; do litsi -d a.db ingest $d > a.out 2>&1; echo "j1 $d exit $?"; litsi -d b.db ingest -j 2 $d > b.out 2>&1; echo "j2 $d exit $?"; sed 's/byte [0-9]*: //' a.out > a.txt; sed 's/byte [0-9]*: //' b.out > b.txt; cmp -s a.txt b.txt && echo "$d: same output"; grep -c 'never' b.txt; rm -f a.db b.db; done; litsi -d c.db ingest -j 2 --node a "$SAMPLES/mi300x-straggler" --node b "$SAMPLES/mi300x-balanced" > /dev/null; echo "exit $?"; sqlite3 c.db "select n.name, count(*) from gpu g join node n on n.id = g.node_id group by 1"
exit: 0
--- stdout
j1 hta exit 3
j2 hta exit 3
hta: same output
5
j1 tl exit 3
j2 tl exit 3
tl: same output
5
exit 0
a|8
b|8
--- stderr
