desc: two ranks of HTA trace_filter: GPU 1 is the persistent straggler; it also arrives last at 8 of 10 collectives and has less nccl kernel time (379.053 vs 396.199 ms)
needs: corpus
setup: litsi ingest --node n1 $CORPUS/hta/tests/data/trace_filter/sampled_rank-0.json.gz $CORPUS/hta/tests/data/trace_filter/sampled_rank-1.json.gz
run: litsi lead --format table
exit: 0
--- stdout
node: n1

lead
sample  gpu  lead_ms  lead_sum_ns  straggler
   551    0   10.145   5549137000  -
   551    1    8.141   4453131000  yes
   552    0   11.761   6433428000  -
   552    1    8.113   4437925000  yes

lead_per_step
gpu  lead_ms  lead_pct  lead_sum_ms  straggler_samples
  0   10.953      1.77     5991.283                  0
  1    8.127      1.31     4445.528                  2

samples
sample  matched  dropped  constant  varying  straggler
   551      547       25       362      185  1
   552      547       25       368      179  1
persistent_straggler: gpu 1 (2 of 2 samples)
--- stderr
