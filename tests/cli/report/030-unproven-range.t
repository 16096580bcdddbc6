desc: a straggler at its cap whose temperature may hold its clock: the first run cannot tell, so the report's action says beside the prediction what the runs promise (the caps' S_iter_low), in text and JSON
setup: litsi -q synth --gpus 4 --layers 2 --samples 3 --seed 130 --temp-spread 24.7 --straggler 3 --power-cap 700 --physics curve=convex,curve_exp=2.5 -o a && litsi -q ingest --run r0 a/rank*.json a/amd-smi.csv a/amd-smi-static.json
run: litsi report | grep -E '^  action:|predicted throughput|unproven'; litsi report --format json | python3 -c 'import json,sys; a=json.load(sys.stdin)["advice"][0]; print(a["throughput"], a["throughput_low"], a["power_ratio_low"])'
exit: 0
--- stdout
  action:    apply the cpu-slosh caps (litsi caps --scenario cpu-slosh)
             predicted throughput x1.053, node GPU power x1.029
             unproven: that needs a GPU faster than any clock its runs showed; the runs promise x1.000 (power x1.000), the next run shows which
  gpu-red: sum 2736 W of 2800 W, predicted throughput x0.996 (ceiling x1.000), power x0.977
  gpu-realloc: sum 2800 W of 2800 W, predicted throughput x1.021 (ceiling x1.032), power x1.000
    unproven: a GPU would run faster than any clock its runs showed; the runs promise x1.000 (power x0.995)
  cpu-slosh: sum 2880 W of 2880 W, predicted throughput x1.053 (ceiling x1.073), power x1.029
    unproven: a GPU would run faster than any clock its runs showed; the runs promise x1.000 (power x1.000)
1.0530554416450044 1 1
--- stderr
