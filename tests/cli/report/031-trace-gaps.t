desc: a rocprofv3 trace without step markers is one sample across untraced iterations (98% of its span no GPU runs a kernel): the caps are predicted with that time as host time, and the report, its JSON and caps say what they give if it is work the trace left out; the same node's PyTorch trace has no such note
setup: litsi -q synth --gpus 4 --layers 2 --samples 3 --seed 7 --straggler 3 --power-cap 700 --format rocprofv3 -o a && litsi -q ingest a
setup: litsi -q synth --gpus 4 --layers 2 --samples 3 --seed 7 --straggler 3 --power-cap 700 -o b && litsi -q -d b.db ingest b
run: litsi report | grep -E '^  action:|predicted throughput|gaps'; litsi report --format json | python3 -c 'import json,sys; a=json.load(sys.stdin)["advice"][0]; print(a["throughput"], a["throughput_work"], a["gap_pct"])'; litsi caps --scenario gpu-realloc | grep '^# gaps'; litsi caps --scenario gpu-realloc --format json | python3 -c 'import json,sys; p=json.load(sys.stdin)["prediction"][0]; print(p["S_iter"], p["S_iter_work"], round(p["gap_pct"]))'; litsi -d b.db report | grep -c gaps; litsi -d b.db report --format json | python3 -c 'import json,sys; a=json.load(sys.stdin)["advice"][0]; print(a["throughput_work"], a["gap_pct"])'
exit: 0
--- stdout
  action:    apply the cpu-slosh caps (litsi caps --scenario cpu-slosh)
             predicted throughput x1.001, node GPU power x1.029
             gaps: in 98% of the trace's span no GPU ran a kernel; counted as host time, as above; as work the trace left out (untraced iterations) x1.045; the next run shows which
  gpu-red: sum 2731 W of 2800 W, predicted throughput x0.997 (ceiling x1.000), power x0.975
  gpu-realloc: sum 2800 W of 2800 W, predicted throughput x1.000 (ceiling x1.036), power x1.000
    gaps: x1.027 if the 98% of the trace's span in which no GPU ran a kernel is work the trace left out, not host time
  cpu-slosh: sum 2880 W of 2880 W, predicted throughput x1.001 (ceiling x1.045), power x1.029
    unproven: a GPU would run faster than any clock its runs showed; the runs promise x1.000 (power x1.000); gaps: x1.045 if the 98% of the trace's span in which no GPU ran a kernel is work the trace left out, not host time
1.0010804430471512 1.044837840406642 98.15418344410386
# gaps: node default: in 98% of the samples' span no GPU ran a traced kernel; S_iter x1.000 counts that time as host time, which no clock shortens; as work the trace left out (a trace without step markers spans untraced iterations) the same caps give x1.027; the next run shows which
1.0004903101031861 1.0272744437719823 98
0
None None
--- stderr
