desc: a CUDA Kineto trace: rank, GPU, steps, comm kernels and the longest collective
needs: corpus sqlite3
run: litsi ingest $CORPUS/hta/tests/data/nccl_parser_config/nccl_data.json.gz | sed 's|.*/||' && sqlite3 litsi.db "select device, rank, vendor, product from gpu; select format, rank, world_size, n_samples, n_kernels, n_comm from source; select coll_name, in_nelems, out_nelems, dtype, pg_name, pg_desc, pg_ranks, kernel_id is not null from collective order by end_ns - start_ns desc limit 1; select key, value from source_meta where key in ('backend', 'schemaVersion') order by key"
exit: 0
--- stdout
nccl_data.json.gz: pytorch, node default, rank 0, 1 GPU, 3 samples, 3774 kernels (21 comm)
0|0|NVIDIA|NVIDIA A100-PG509-200
pytorch|0|2|3|3774|21
allreduce|2049000|2049000|Float|0|default_pg|[0, 1]|1
backend|nccl
schemaVersion|1
--- stderr
