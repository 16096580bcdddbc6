desc: litsi-slurm.sh checks each node folder name whole: a folder whose name holds a newline (two lines that each look like a node) is refused before any task runs, exit 2
setup: mkdir -p job/a "job/$(printf 'b\nc')" job/b job/c && cp "$SAMPLES/mi300x-straggler/rank0.json.gz" job/a/
run: sh "$SCRIPTS/litsi-slurm.sh" -L 1 -o out job; echo "exit $?"; ls out/nodes 2>/dev/null | wc -l
exit: 0
--- stdout
exit 2
0
--- stderr
litsi-slurm: node folder names may hold only letters, digits, '.', '_' and '-'
