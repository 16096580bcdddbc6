desc: --node-from dir gives each folder of the HTA test data its own node: everything goes in, one product and one run per GPU
needs: corpus sqlite3
setup: ln -s "$CORPUS/hta/tests/data" hta
run: litsi -q ingest --node-from dir hta && sqlite3 litsi.db "select n.name, g.device, coalesce(g.product, '-'), count(distinct s.source_id) from gpu g join node n on n.id = g.node_id join sample s on s.gpu_id = g.id group by g.id order by n.name, g.device"
exit: 0
--- stdout
amd_trace|2|AMD Radeon Graphics|1
critical_path|0|NVIDIA A100-PG509-200|1
nccl_parser_config|0|NVIDIA A100-PG509-200|1
ns_resolution_trace|0|Tesla V100-SXM2-32GB|1
trace_filter|0|-|1
trace_filter|1|-|1
--- stderr
