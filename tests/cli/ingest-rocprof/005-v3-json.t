desc: the rocprofv3 JSON of a real MI350X run: 43 915 dispatches on GPU 0 (python3: len(buffer_records.kernel_dispatch))
needs: corpus sqlite3
setup: cp "$CORPUS/tracelens/tests/rocprof/908_results.json.gz" .
run: litsi ingest 908_results.json.gz && sqlite3 litsi.db "select n.name, g.device, coalesce(g.product, '-'), count(k.id) from gpu g join node n on n.id = g.node_id left join kernel k on k.gpu_id = g.id group by g.id order by n.name, g.device"
exit: 0
--- stdout
908_results.json.gz: rocprofv3-json, node default, 1 GPU, 1 sample, 43915 kernels (1310 comm)
default|0|AMD Instinct MI350X|43915
--- stderr
