desc: a rocpd SQLite database (views kernels, memory_copies, rocpd_info_agent) read through a second connection
needs: sqlite3
setup: sqlite3 28_results.db < "$DATA/rocprof/rocpd.sql"
run: litsi ingest 28_results.db && sqlite3 litsi.db "select s.format, s.clock from source s" && sqlite3 litsi.db "select n.name, g.device, coalesce(g.product, '-'), count(k.id) from gpu g join node n on n.id = g.node_id left join kernel k on k.gpu_id = g.id group by g.id order by n.name, g.device"
exit: 0
--- stdout
28_results.db: rocpd, node default, 2 GPUs, 2 samples, 5 kernels (1 comm)
rocpd|boottime
default|0|AMD Instinct MI300X|3
default|1|AMD Instinct MI300X|2
--- stderr
