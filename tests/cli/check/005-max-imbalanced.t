desc: --max-imbalanced gates a database of many nodes: exit 1 only above that many imbalanced nodes
setup: litsi -d n1.db ingest --node job/n1 "$SAMPLES/mi300x-straggler" >/dev/null
setup: litsi -d n2.db ingest --node job/n2 "$SAMPLES/mi300x-two-stragglers" >/dev/null
setup: litsi -d n3.db ingest --node job/n3 "$SAMPLES/mi300x-balanced" >/dev/null
setup: litsi -q merge litsi.db n1.db n2.db n3.db
run: for n in 0 1 2 3; do litsi check --max-imbalanced $n > out; echo "max $n: exit $?"; tail -1 out; done 2>&1; litsi check --max-imbalanced -1; echo "exit $?"
exit: 0
--- stdout
max 0: exit 1
2 of 3 nodes imbalanced: job/n1, job/n2; 0 inconclusive
max 1: exit 1
2 of 3 nodes imbalanced: job/n1, job/n2; 0 inconclusive
max 2: exit 0
2 of 3 nodes imbalanced: job/n1, job/n2; 0 inconclusive
max 3: exit 0
2 of 3 nodes imbalanced: job/n1, job/n2; 0 inconclusive
exit 2
--- stderr
litsi check: invalid --max-imbalanced '-1' (a count of nodes, 0 or more)
usage: litsi check [--node name] [--max-temp-spread x] [--max-freq-spread x]
                   [--min-gain x] [--max-throttle pct] [--persist pct] [--epsilon pct]
                   [--min-temp-diff C] [--min-samples n] [--load-activity pct]
                   [--load-power W] [--min-readings n] [--clock-share pct]
                   [--min-hotter C] [--min-viol pct] [--allow-inconclusive]
                   [--idle-power W] [--max-imbalanced n] [--run name|all]
                   [--format table|json|junit]
