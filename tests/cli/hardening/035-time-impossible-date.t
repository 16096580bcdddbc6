desc: --time names a day that exists: 2024-02-30 and 2023-02-29 and 2026-04-31 are refused (not rolled into the next month); 2024-02-29 and 2000-02-29 are taken
run: for t in 2024-02-30T00:00:00Z 2023-02-29T00:00:00Z 2026-04-31 2024-02-29T00:00:00Z 2000-02-29; do litsi -q -d t.db ingest --time $t --node x "$DATA/cluster/dcgm-exporter.prom" 2>err; echo "$t exit $?"; head -1 err; rm -f t.db; done
exit: 0
--- stdout
2024-02-30T00:00:00Z exit 2
litsi ingest: invalid --time '2024-02-30T00:00:00Z' (epoch time with a unit, e.g. 1700000000s or 1700000000000ms, or ISO 8601, e.g. 2026-11-30T18:42:33Z)
2023-02-29T00:00:00Z exit 2
litsi ingest: invalid --time '2023-02-29T00:00:00Z' (epoch time with a unit, e.g. 1700000000s or 1700000000000ms, or ISO 8601, e.g. 2026-11-30T18:42:33Z)
2026-04-31 exit 2
litsi ingest: invalid --time '2026-04-31' (epoch time with a unit, e.g. 1700000000s or 1700000000000ms, or ISO 8601, e.g. 2026-11-30T18:42:33Z)
2024-02-29T00:00:00Z exit 0
2000-02-29 exit 0
--- stderr
