desc: the quick-start node, sample-traces/mi300x-capped (GPUs under a 700 W cap below the part's 750 W): what to do recommends caps that win throughput, at the ceiling
run: cd "$TOP" && litsi report sample-traces/mi300x-capped
exit: 1
--- stdout
sample-traces/mi300x-capped/amd-smi-static.json.gz: amd-smi-json, node mi300x-capped, 8 GPUs, 0 samples, 0 kernels (0 comm)
sample-traces/mi300x-capped/amd-smi.csv.gz: amd-smi-csv, node mi300x-capped, 8 GPUs, 0 samples, 0 kernels (0 comm), 8568 telemetry readings
sample-traces/mi300x-capped/rank0.json.gz: pytorch, node mi300x-capped, rank 0, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-capped/rank1.json.gz: pytorch, node mi300x-capped, rank 1, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-capped/rank2.json.gz: pytorch, node mi300x-capped, rank 2, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-capped/rank3.json.gz: pytorch, node mi300x-capped, rank 3, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-capped/rank4.json.gz: pytorch, node mi300x-capped, rank 4, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-capped/rank5.json.gz: pytorch, node mi300x-capped, rank 5, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-capped/rank6.json.gz: pytorch, node mi300x-capped, rank 6, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-capped/rank7.json.gz: pytorch, node mi300x-capped, rank 7, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-capped/truth.json: skipped (not a trace or telemetry log)
ingested 10, already present 0, skipped 1, failed 0
# litsi report: node mi300x-capped

what to do (goal: throughput; --goal throughput|power|energy):
  verdict:   imbalanced: gpu 5 is the straggler, the slowest in 6 of 6 samples
  cause:     heat: the hottest GPU under load, 12 C above the coolest, its clock 100 MHz (5.2%) below the fastest
  evidence:  the other GPUs run 0.75 to 1.14 ms ahead of gpu 5, averaged over each step's kernels (0.7% to 1.1% of the 103.58 ms step)
             in collectives gpu 4 waited 18.71 ms per step, the most; gpu 5 arrived last in 102 of 144
             under load gpu 5: +12 C against the coolest GPU, clock 100 MHz (5.2%) below the fastest
  action:    apply the cpu-slosh caps (litsi caps --scenario cpu-slosh)
             predicted throughput x1.070, node GPU power x1.029
             unproven: that needs a GPU faster than any clock its runs showed; the runs promise x1.000 (power x1.000), the next run shows which
             ceiling x1.095: what aligning every GPU to the fastest GPU's pace at the budget's mean cap could give at best
             uncertainty: the step time varies by 0.1% from step to step over 6 steps
  also:      inspect the cooling of gpu 5's slot (airflow, fans, heat sink, paste)

inputs: 10 sources (1 amd-smi-json, 1 amd-smi-csv, 8 pytorch)
GPUs (lead: time ahead of the last GPU per step, averaged over its kernels; wait: in collectives per step; overlap of computation with communication, duration-weighted; telemetry: medians in the traced window)
gpu  rank  product              samples  kernels  lead_ms  lead_pct  wait_ms  overlap_pct  temp_c  clock_mhz  power_w  role
  0     0  AMD Instinct MI300X        6     1248    0.923       0.9   15.187         43.6    71.0       1896    699.5  -
  1     1  AMD Instinct MI300X        6     1248    1.040       1.0   17.101         45.4    69.0       1907    698.0  -
  2     2  AMD Instinct MI300X        6     1248    0.749       0.7   12.361         40.9    72.0       1883    699.0  -
  3     3  AMD Instinct MI300X        6     1248    0.890       0.9   14.655         43.1    71.0       1897    699.5  -
  4     4  AMD Instinct MI300X        6     1248    1.140       1.1   18.706         46.9    68.0       1918    698.5  -
  5     5  AMD Instinct MI300X        6     1248    0.000       0.0    0.000         29.5    80.0       1819    701.5  straggler
  6     6  AMD Instinct MI300X        6     1248    1.105       1.1   18.156         46.4    68.0       1913    701.5  -
  7     7  AMD Instinct MI300X        6     1248    1.106       1.1   18.149         46.4    68.0       1914    701.5  -

straggler: gpu 5, the slowest in 6 of 6 samples
thermal: temperature spread 1.176x, clock spread 1.055x (max/min of per-GPU medians)
  hottest first: 5,2,0,3,1,4,6,7; slowest clock first: 5,2,0,3,1,6,7,4
  Spearman correlation of temperature and lead: -0.970 (negative: hotter GPUs lead less)

overlap vs duration (strongest across-GPU correlations of matched kernels, at least 10 instances):
  r =  0.978 over   48 instances  void at::native::vectorized_elementwise_kernel<4, at::native::(anonymo...
  r =  0.963 over   96 instances  void at::native::(anonymous namespace)::vectorized_layer_norm_kernel<c...
  r =  0.938 over   96 instances  Cijk_Alik_Bljk_BBS_BH_Bias_HAS_SAV_UserArgs_MT256x128x64_MI32x32x8x1_S...

throughput ceilings (what aligning every GPU to one GPU's pace could give at best; ratios to the recorded run):
  gpu-red      pace of the slowest GPU: throughput up to x1.000, node GPU power x0.969
  gpu-realloc  pace of the median GPU:  throughput up to x1.043, node GPU power x1.003
  cpu-slosh    pace of the fastest GPU: throughput up to x1.060, node GPU power x1.016

power caps by scenario (predicted by the caps model, never above the ceiling; the commands are printed, not run):
  gpu-red: sum 5413 W of 5600 W, predicted throughput x0.996 (ceiling x1.000), power x0.967
    gpu  0  675 W   amd-smi set -g '0' -o '675'
    gpu  1  672 W   amd-smi set -g '1' -o '672'
    gpu  2  680 W   amd-smi set -g '2' -o '680'
    gpu  3  676 W   amd-smi set -g '3' -o '676'
    gpu  4  670 W   amd-smi set -g '4' -o '670'
    gpu  5  698 W   amd-smi set -g '5' -o '698'
    gpu  6  671 W   amd-smi set -g '6' -o '671'
    gpu  7  671 W   amd-smi set -g '7' -o '671'
  gpu-realloc: sum 5600 W of 5600 W, predicted throughput x1.036 (ceiling x1.043), power x1.000
    unproven: a GPU would run faster than any clock its runs showed; the runs promise x1.000 (power x0.995)
    gpu  0  699 W   amd-smi set -g '0' -o '699'
    gpu  1  695 W   amd-smi set -g '1' -o '695'
    gpu  2  703 W   amd-smi set -g '2' -o '703'
    gpu  3  699 W   amd-smi set -g '3' -o '699'
    gpu  4  693 W   amd-smi set -g '4' -o '693'
    gpu  5  723 W   amd-smi set -g '5' -o '723'
    gpu  6  694 W   amd-smi set -g '6' -o '694'
    gpu  7  694 W   amd-smi set -g '7' -o '694'
  cpu-slosh: sum 5760 W of 5760 W, predicted throughput x1.070 (ceiling x1.095), power x1.029
    unproven: a GPU would run faster than any clock its runs showed; the runs promise x1.000 (power x1.000)
    gpu  0  719 W   amd-smi set -g '0' -o '719'
    gpu  1  715 W   amd-smi set -g '1' -o '715'
    gpu  2  723 W   amd-smi set -g '2' -o '723'
    gpu  3  719 W   amd-smi set -g '3' -o '719'
    gpu  4  713 W   amd-smi set -g '4' -o '713'
    gpu  5  743 W   amd-smi set -g '5' -o '743'
    gpu  6  714 W   amd-smi set -g '6' -o '714'
    gpu  7  714 W   amd-smi set -g '7' -o '714'
  limits: TDP 750 W (telemetry), initial cap 700 W (telemetry), min limit none
  calibration: power-to-clock curve assumed (the line through idle); litsi caps --calibrate prints a short probe that measures it

== Verdict (litsi check) ==
node mi300x-capped: IMBALANCED: 2 thermal rules fired
  straggler: gpu 5 (100.0% of 6 samples)
  cause: thermal: clock 4.6% lower, kernels 4.8% longer; 11.0 C hotter than the others' median at the same cap and power
  fired   temp-spread  1.176 (threshold 1.100); hottest minus coolest 12.0 C (needs 5.0)
  fired   freq-spread  1.055 (threshold 1.040)
  fired   straggler    1.048 (threshold 1.016); gpu 5 straggler in 100.0% of samples, 4.78% slower (S_C(min) 1.060)
  skipped throttle     no throttling telemetry
  recommended caps (gpu-realloc, model prediction): gpu 0 699 W, gpu 1 695 W, gpu 2 703 W, gpu 3 699 W, gpu 4 693 W, gpu 5 723 W, gpu 6 694 W, gpu 7 694 W
--- stderr
