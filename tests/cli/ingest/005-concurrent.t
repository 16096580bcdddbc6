desc: two ingest processes on one database both succeed
needs: corpus sqlite3
run: (litsi ingest --node a $CORPUS/hta/tests/data/trace_filter/sampled_rank-0.json.gz > a.out 2>&1 & litsi ingest --node b $CORPUS/hta/tests/data/trace_filter/sampled_rank-1.json.gz > b.out 2>&1 & wait) && sed 's|.*/||' a.out b.out | sort && sqlite3 litsi.db 'select n.name, s.rank, s.n_kernels, s.n_comm, s.n_samples from source s join node n on n.id = s.node_id order by n.name; select count(*) from kernel'
exit: 0
--- stdout
sampled_rank-0.json.gz: pytorch, node a, rank 0, 1 GPU, 2 samples, 1204 kernels (10 comm)
sampled_rank-1.json.gz: pytorch, node b, rank 1, 1 GPU, 2 samples, 1154 kernels (10 comm)
a|0|1204|10|2
b|1|1154|10|2
2358
--- stderr
