desc: a GPU the node lacks is a usage error
needs: corpus
setup: litsi ingest --node n1 $CORPUS/hta/tests/data/trace_filter/sampled_rank-0.json.gz
run: litsi corr --gpu 7
exit: 2
--- stdout
--- stderr
litsi: node 'n1' has no GPU 7
