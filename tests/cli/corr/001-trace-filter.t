desc: corr on trace_filter, first rows of each table
needs: corpus
setup: litsi ingest --node n1 $CORPUS/hta/tests/data/trace_filter/sampled_rank-0.json.gz $CORPUS/hta/tests/data/trace_filter/sampled_rank-1.json.gz
run: litsi corr --gpu 0 --format csv | head -8
exit: 0
--- stdout
# node: n1

gpu,n,pearson,cosine,kernel
0,2,,,ampere_sgemm_128x128_tn
0,6,0.07137034438970959,0.5577977700735496,ampere_sgemm_128x128_tt
0,8,-0.12531486944207187,0.23876897704505531,ampere_sgemm_128x64_nn
0,8,-0.12852291056597595,0.5294624363911143,ampere_sgemm_32x128_nn
0,8,-0.20398884718218072,0.22306627767179002,ampere_sgemm_32x128_tn
--- stderr
