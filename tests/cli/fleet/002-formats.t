desc: the fleet view as a table, CSV and JSON, and with --recurring 1/1 (only the latest run counts)
setup: for r in 1 2; do for n in 1 2; do s="--temp-spread 0"; [ $n = 1 ] && [ $r = 1 ] && s="--straggler 3"; litsi synth --gpus 4 --samples 3 --layers 4 --seed $((r * 10 + n)) $s -o t$r$n >/dev/null && litsi -q -d d$r$n.db ingest --node job$r/n$n t$r$n || exit 1; done; done
setup: litsi -q merge litsi.db d*.db
run: litsi fleet --format table; litsi fleet --format csv --recurring 1/1; litsi fleet --format json | python3 -c 'import json, sys; d = json.load(sys.stdin); print(sorted(d), [(r["node"], r["run"], r["verdict"], r["straggler"]) for r in d["runs"]])'
exit: 0
--- stdout
recurring: imbalanced in 2 of the last 3 runs
summary: 2 nodes, 4 runs: 0 recurring, 0 imbalanced in the latest run

runs
node  run   verdict     straggler  temp_spread  clock_spread  speedup  lead_ms  lead_pct
n1    job1  imbalanced          3        1.159         1.047    1.050    0.636      1.32
n1    job2  balanced            -        1.022         1.002    1.013    0.030      0.06
n2    job1  balanced            -        1.007         1.003    1.013    0.018      0.04
n2    job2  balanced            -        1.007         1.001    1.013    0.022      0.05

nodes
rank  node  runs  window  imbalanced  inconclusive  imbalanced_all  recurring  straggler  straggler_runs  max_temp_spread  action
   1  n1       2       2           1             0               1  no                 3               1            1.159  watch
   -  n2       2       2           0             0               0  no                 -               0            1.007  none

slots
gpu  straggler_runs  runs  share_pct
  3               1     4       25.0

heat
node  gpu  straggler_runs
n1      0               0
n1      1               0
n1      2               0
n1      3               1

n2      0               0
n2      1               0
n2      2               0
n2      3               0
# recurring: imbalanced in 1 of the last 1 runs
# summary: 2 nodes, 4 runs: 0 recurring, 0 imbalanced in the latest run

node,run,verdict,straggler,temp_spread,clock_spread,speedup,lead_ms,lead_pct
n1,job1,imbalanced,3,1.1594202898550725,1.0471359253891235,1.049893663856395,0.6362796521739129,1.3169113146918885
n1,job2,balanced,-,1.0223880597014925,1.0021596976423301,1.0129960446220803,0.029709913043478257,0.06439345181081721
n2,job1,balanced,-,1.0074074074074073,1.0033538959094448,1.0127117632094407,0.017620405797101446,0.03822231913613267
n2,job2,balanced,-,1.0074074074074073,1.0007185198491109,1.012662347782064,0.022005797101449277,0.04765918620647632

rank,node,runs,window,imbalanced,inconclusive,imbalanced_all,recurring,straggler,straggler_runs,max_temp_spread,action
-,n1,2,1,0,0,1,no,-,0,1.0223880597014925,none
-,n2,2,1,0,0,0,no,-,0,1.0074074074074073,none

gpu,straggler_runs,runs,share_pct
3,1,4,25

node,gpu,straggler_runs
n1,0,0
n1,1,0
n1,2,0
n1,3,1
n2,0,0
n2,1,0
n2,2,0
n2,3,0
['heat', 'nodes', 'recurring', 'runs', 'slots', 'summary'] [('n1', 'job1', 'imbalanced', 3), ('n1', 'job2', 'balanced', None), ('n2', 'job1', 'balanced', None), ('n2', 'job2', 'balanced', None)]
--- stderr
