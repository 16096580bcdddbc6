desc: a single-GPU trace has no straggler: the report's narrative and its verdict agree
needs: corpus
setup: litsi -q ingest $CORPUS/tracelens/tests/traces/b200/eager_trace.json.gz
run: litsi report | grep -E 'straggler'
exit: 0
--- stdout
straggler: none (no sample has a straggler)
  straggler: not judged: no samples matched across two or more GPUs
  skipped straggler    no samples matched across two or more GPUs
--- stderr
