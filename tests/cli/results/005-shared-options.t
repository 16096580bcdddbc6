desc: shared options have one range and one message in every command that takes them
setup: litsi -q ingest "$SAMPLES/mi300x-balanced"
run: for c in lead model check; do litsi $c --epsilon 75; done; for c in lead caps; do litsi $c --agg mean 2>&1 | head -1; done; for c in model check caps; do litsi $c --idle-power -1 2>&1 | head -1; done
exit: 0
--- stdout
litsi lead: invalid --agg 'mean' (expected sum, max or last)
litsi caps: invalid --agg 'mean' (expected sum, max or last)
litsi model: invalid --idle-power '-1' (watts, 0 to 1000000)
litsi check: invalid --idle-power '-1' (watts, 0 to 1000000)
litsi caps: invalid --idle-power '-1' (watts, 0 to 1000000)
--- stderr
litsi lead: invalid --epsilon '75' (percent, 0 to 50)
usage: litsi lead [--node name] [--agg sum|max|last] [--series] [--collectives]
                  [--persist pct] [--epsilon pct] [--comm-pattern regex] [--format fmt]
litsi model: invalid --epsilon '75' (percent, 0 to 50)
usage: litsi model [--node name] [--run name] [--epsilon pct] [--baseline-power W]
                   [--idle-power W] [--comm-pattern regex] [--format fmt]
litsi check: invalid --epsilon '75' (percent, 0 to 50)
usage: litsi check [--node name] [--max-temp-spread x] [--max-freq-spread x]
                   [--min-gain x] [--max-throttle pct] [--persist pct] [--epsilon pct]
                   [--min-temp-diff C] [--min-samples n] [--load-activity pct]
                   [--load-power W] [--min-readings n] [--clock-share pct]
                   [--min-hotter C] [--min-viol pct] [--allow-inconclusive]
                   [--idle-power W] [--max-imbalanced n] [--run name|all]
                   [--format table|json|junit]
