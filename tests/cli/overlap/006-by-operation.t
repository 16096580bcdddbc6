desc: operations of the ns_resolution trace grouped by annotation, first lines
needs: corpus
setup: litsi ingest $CORPUS/hta/tests/data/ns_resolution_trace/*.json.gz
run: litsi overlap --by operation --format csv | head -6
exit: 0
--- stdout
# node: default

gpu,sample,kernels,start_ns,span_ns,kernel_ns,overlap_ns,ratio_pct,name
0,101,299,1712195495505582988,32432069,29835320,0,0,DistributedDataParallel.forward
0,101,6,1712195495538015921,27808,23264,0,0,## backward ##
0,101,556,1712195495538044561,63397972,62734390,0,0,## backward ##
--- stderr
