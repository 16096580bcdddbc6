desc: an unknown node is a usage error
needs: corpus
setup: litsi ingest --node n1 $CORPUS/hta/tests/data/trace_filter/sampled_rank-0.json.gz
run: litsi corr --node nope
exit: 2
--- stdout
--- stderr
litsi: no node named 'nope' in the database
