desc: several nodes: a figure needs --node (the error names them); lead --series says a script draws only the first
needs: gnuplot
setup: litsi -q synth --seed 1 --gpus 2 --samples 3 --layers 2 -o na && litsi -q synth --seed 2 --gpus 2 --samples 3 --layers 2 -o nb && litsi -q ingest --node a na && litsi -q ingest --node b nb
run: litsi plot leads -o l.png; echo "exit $?"; litsi plot leads --node b -o l.png; litsi lead --series --format tsv | grep -c "^# node"; litsi lead --series --node a --format tsv | grep -c "^# node"
exit: 0
--- stdout
exit 2
wrote l.png
2
1
--- stderr
litsi: the database holds 2 nodes (a, b); a figure shows one: choose it with --node
warning: 2 nodes (a, b): each node's series follows its 'node' note; a figure script draws only the first; choose one with --node
