desc: a database without GPUs is an input error
setup: litsi -q ingest "$CORPUS/hta/tests/data/cpu_only/rank-34.Jul_15_10_52_41.1074.pt.trace.json.gz"
needs: corpus
run: litsi report
exit: 3
--- stdout
--- stderr
litsi: the database holds no GPU; run 'litsi ingest' first
