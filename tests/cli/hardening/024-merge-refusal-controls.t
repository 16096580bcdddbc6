desc: merge's refusals name nodes and input paths with control characters made visible (a clash of two nodes named with escapes, an input path with ESC and a newline)
setup: litsi -q -d a.db ingest --node "$(printf 'n\033[2J\007')" "$SAMPLES/mi300x-straggler"
setup: litsi -q -d "$(printf 'b\033]0;X\007\n.db')" ingest --node "$(printf 'n\033[2J\007')" "$SAMPLES/mi300x-balanced"
run: litsi merge out.db a.db "$(printf 'b\033]0;X\007\n.db')"; echo "exit $?"; litsi merge out.db "$(printf 'missing\033[2J.db')"; echo "exit $?"
exit: 0
--- stdout
exit 3
exit 4
--- stderr
litsi: 'b\e]0;X\a\n.db' and 'a.db' both hold node 'n\e[2J\a' with different sources; merge only databases of different nodes or runs (ingest --run), or of the same node with the same files
litsi: missing\e[2J.db: cannot open database: No such file or directory
