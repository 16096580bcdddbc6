desc: the scenario is required
setup: litsi synth --seed 1 --straggler 5 -o node >/dev/null && litsi ingest node >/dev/null 2>&1; litsi info >/dev/null
run: litsi caps
exit: 2
--- stdout
--- stderr
litsi caps: --scenario is required (gpu-red, gpu-realloc or cpu-slosh)
usage: litsi caps --scenario gpu-red|gpu-realloc|cpu-slosh [--node name] [--run name]
                  [--baseline-run name] [--tdp W] [--cap W] [--budget W] [--max-adj W]
                  [--window n]
                  [--window-agg median|mean] [--warmup n] [--agg sum|max|last]
                  [--scale global|local] [--replay] [--idle-power W]
                  [--emit amd-smi|rocm-smi|nvidia-smi|none] [--comm-pattern regex]
                  [--script file] [--format fmt]
       litsi caps --calibrate [--node name] [--run name] [--tdp W] [--cap W]
                  [--idle-power W] [--emit amd-smi|rocm-smi|nvidia-smi|none] [--format fmt]
