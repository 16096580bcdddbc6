desc: a scrape without timestamps and without --time: exit 3 naming the line
run: cd "$DATA/cluster" && litsi ingest dcgm-exporter.prom
exit: 3
--- stdout
--- stderr
litsi: dcgm-exporter.prom:3: sample without a timestamp: pass --time to date the scrape
