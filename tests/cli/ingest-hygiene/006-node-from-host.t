desc: --node-from host: a rocprofv3 HOST/PID/ folder names its host; a PyTorch trace names none and goes to node default
needs: sqlite3
run: litsi ingest --node-from host "$DATA"/rocprof/v3dir "$SAMPLES"/mi300x-straggler/rank3.json.gz >/dev/null && sqlite3 litsi.db "select n.name, s.format from source s join node n on n.id = s.node_id order by s.id"
exit: 0
--- stdout
node7|rocprofv3-csv
node7|rocprofv3-csv
node7|rocprofv3-csv
node7|rocprofv3-csv
default|pytorch
--- stderr
