desc: info on a database whose node name is 100 KB sorts per (GPU, metric), not per reading: under a 20 MB file-size limit (which the temporary files of a per-reading sort, 8568 readings x 100 KB, would pass) it completes
needs: python3
setup: litsi -q ingest --node "$(python3 -c 'print("n" * 100000)')" "$SAMPLES/mi300x-straggler"
run: (ulimit -f 20480; litsi info --detail --format tsv | wc -c; echo "exit $?"); (ulimit -f 20480; litsi info --detail --format json | python3 -c 'import json, sys; d = json.load(sys.stdin); print(len(d), "tables")')
exit: 0
--- stdout
52041278
exit 0
3 tables
--- stderr
