desc: the merged kernel_window is the span of the merged kernels (new output, into an existing one, ingest -j), each node's traced window as in its own database
needs: sqlite3
setup: litsi -d n1.db ingest --node n1 "$SAMPLES/mi300x-straggler" >/dev/null
setup: litsi -d n2.db ingest -j 2 --node n2 "$SAMPLES/mi300x-balanced" >/dev/null
setup: litsi -d n3.db ingest --node n3 "$SAMPLES/mi300x-two-stragglers" >/dev/null
run: litsi -q merge job.db n1.db n2.db && litsi -q merge job.db n3.db n1.db && for db in n1 n2 n3 job; do sqlite3 $db.db "SELECT '$db', count(*), (SELECT count(*) FROM (SELECT gpu_id, source_id, min(start_ns), max(end_ns) FROM kernel GROUP BY 1, 2 EXCEPT SELECT * FROM kernel_window)) FROM kernel_window"; done; for n in n1 n2 n3; do sqlite3 $n.db "SELECT min(start_ns), max(end_ns) FROM kernel_window" > a; sqlite3 job.db "SELECT min(w.start_ns), max(w.end_ns) FROM kernel_window w JOIN gpu g ON g.id = w.gpu_id JOIN node n ON n.id = g.node_id WHERE n.name = '$n'" > b; cmp a b && echo "$n same window"; done
exit: 0
--- stdout
n1|8|0
n2|8|0
n3|8|0
job|24|0
n1 same window
n2 same window
n3 same window
--- stderr
