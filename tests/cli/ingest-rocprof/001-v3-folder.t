desc: a rocprofv3 output folder HOST/PID/*.csv: agent_info maps "Agent 2"/"Agent 3" to GPUs 0/1, host from the folder
needs: sqlite3
setup: cp -R "$DATA/rocprof/v3dir" .
run: litsi ingest v3dir && sqlite3 litsi.db "select n.name, g.device, coalesce(g.product, '-'), count(k.id) from gpu g join node n on n.id = g.node_id left join kernel k on k.gpu_id = g.id group by g.id order by n.name, g.device"
exit: 0
--- stdout
v3dir/node7/199/199_agent_info.csv: rocprofv3-csv, node default, 2 GPUs, 0 samples, 0 kernels (0 comm)
v3dir/node7/199/199_hip_api_trace.csv: rocprofv3-csv, node default, 0 GPUs, 0 samples, 0 kernels (0 comm)
v3dir/node7/199/199_kernel_trace.csv: rocprofv3-csv, node default, 2 GPUs, 2 samples, 3 kernels (1 comm)
v3dir/node7/199/199_memory_copy_trace.csv: rocprofv3-csv, node default, 2 GPUs, 2 samples, 2 kernels (0 comm)
ingested 4, already present 0, skipped 0, failed 0
default|0|AMD Instinct MI300X|3
default|1|AMD Instinct MI300X|2
--- stderr
