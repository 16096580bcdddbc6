desc: a node name holding ESC, BEL, CR and an OSC/CSI sequence reaches the terminal made visible in check (text), report (stdout, stderr) and ingest's summary
setup: litsi -q ingest --node "$(printf 'n\033]0;X\007\033[2J\rx')" "$SAMPLES/mi300x-straggler"
setup: litsi -q ingest --node "$(printf 'n\033]0;X\007\033[2J\rx')" --run r2 "$SAMPLES/mi300x-balanced/rank0.json.gz"
setup: cp "$SAMPLES/mi300x-balanced/rank1.json.gz" r1.json.gz
run: litsi ingest --node "$(printf 'm\033[31m\rforged')" r1.json.gz; litsi check --node "$(printf 'n\033]0;X\007\033[2J\rx')" | head -1; litsi report --node "$(printf 'n\033]0;X\007\033[2J\rx')" --run r2 | grep -a '^# litsi report\|^node '; litsi report --node "$(printf 'n\033]0;X\007\033[2J\rx')" --run r3; litsi check --node "$(printf 'nope\033[2J')"; echo "exit $?"
exit: 0
--- stdout
r1.json.gz: pytorch, node m\e[31m\rforged, rank 1, 1 GPU, 6 samples, 1248 kernels (144 comm)
node n\e]0;X\a\e[2J\rx (run r2): INCONCLUSIVE: no thermal rule could run: no temperature, clock or throttling telemetry under load
# litsi report: node n\e]0;X\a\e[2J\rx (run r2)
node n\e]0;X\a\e[2J\rx (run r2): INCONCLUSIVE: no thermal rule could run: no temperature, clock or throttling telemetry under load
exit 2
--- stderr
litsi: node 'n\e]0;X\a\e[2J\rx' has no run 'r3' (ingest --run names runs)
litsi: no node named 'nope\e[2J' in the database
