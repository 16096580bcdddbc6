desc: corr on trace_filter, first rows of each table
needs: corpus
setup: litsi ingest --node n1 $CORPUS/hta/tests/data/trace_filter/sampled_rank-0.json.gz $CORPUS/hta/tests/data/trace_filter/sampled_rank-1.json.gz
run: litsi corr --gpu 0 --format csv | head -8
exit: 0
--- stdout
# node: n1

gpu,n,pearson,cosine,kernel
0,2,nan,nan,ampere_sgemm_128x128_tn
0,6,0.0714,0.5578,ampere_sgemm_128x128_tt
0,8,-0.1253,0.2388,ampere_sgemm_128x64_nn
0,8,-0.1285,0.5295,ampere_sgemm_32x128_nn
0,8,-0.2040,0.2231,ampere_sgemm_32x128_tn
--- stderr
