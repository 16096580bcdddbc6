desc: the main job on sample-traces/mi300x-balanced: golden report
run: cd "$TOP" && litsi report sample-traces/mi300x-balanced
exit: 0
--- stdout
sample-traces/mi300x-balanced/amd-smi.csv.gz: amd-smi-csv, node mi300x-balanced, 8 GPUs, 0 samples, 0 kernels (0 comm), 8568 telemetry readings
sample-traces/mi300x-balanced/rank0.json.gz: pytorch, node mi300x-balanced, rank 0, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-balanced/rank1.json.gz: pytorch, node mi300x-balanced, rank 1, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-balanced/rank2.json.gz: pytorch, node mi300x-balanced, rank 2, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-balanced/rank3.json.gz: pytorch, node mi300x-balanced, rank 3, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-balanced/rank4.json.gz: pytorch, node mi300x-balanced, rank 4, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-balanced/rank5.json.gz: pytorch, node mi300x-balanced, rank 5, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-balanced/rank6.json.gz: pytorch, node mi300x-balanced, rank 6, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-balanced/rank7.json.gz: pytorch, node mi300x-balanced, rank 7, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-balanced/truth.json: skipped (not a trace or telemetry log)
ingested 9, already present 0, skipped 1, failed 0
# litsi report: node mi300x-balanced

what to do (goal: throughput; --goal throughput|power|energy):
  verdict:   balanced
  cause:     no GPU is the slowest in most samples
             in collectives gpu 2 waited 1.34 ms per step, the most; gpu 0 arrived last in 93 of 144
  action:    nothing: the node is balanced

inputs: 9 sources (1 amd-smi-csv, 8 pytorch)
GPUs (lead: time ahead of the last GPU per step, averaged over its kernels; wait: in collectives per step; overlap of computation with communication, duration-weighted; telemetry: medians in the traced window)
gpu  rank  product              samples  kernels  lead_ms  lead_pct  wait_ms  overlap_pct  temp_c  clock_mhz  power_w  role
  0     0  AMD Instinct MI300X        6     1248    0.009       0.0    0.140         33.6    69.0       2078    750.0  -
  1     1  AMD Instinct MI300X        6     1248    0.069       0.1    1.142         34.6    69.0       2087    750.0  -
  2     2  AMD Instinct MI300X        6     1248    0.081       0.1    1.338         34.8    68.0       2087    750.0  -
  3     3  AMD Instinct MI300X        6     1248    0.026       0.0    0.431         33.9    69.0       2084    750.0  -
  4     4  AMD Instinct MI300X        6     1248    0.073       0.1    1.213         34.7    68.5       2089    750.5  -
  5     5  AMD Instinct MI300X        6     1248    0.061       0.1    0.997         34.5    69.0       2086    750.0  -
  6     6  AMD Instinct MI300X        6     1248    0.028       0.0    0.480         34.0    69.0       2081    750.5  -
  7     7  AMD Instinct MI300X        6     1248    0.075       0.1    1.232         34.7    69.0       2088    749.0  -

straggler: none persistent (gpu 0 is the slowest in 3 of 6 samples)
thermal: temperature spread 1.015x, clock spread 1.005x (max/min of per-GPU medians)
  hottest first: 0,1,3,5,6,7,4,2; slowest clock first: 0,6,3,5,2,1,7,4
  Spearman correlation of temperature and lead: -0.655 (negative: hotter GPUs lead less)

overlap vs duration (strongest across-GPU correlations of matched kernels, at least 10 instances):
  r =  0.874 over   48 instances  void at::native::vectorized_elementwise_kernel<4, at::native::(anonymo...
  r =  0.597 over   96 instances  Cijk_Alik_Bljk_BBS_BH_Bias_HAS_SAV_UserArgs_MT256x128x64_MI32x32x8x1_S...
  r =  0.546 over  192 instances  Cijk_Alik_Bjlk_BBS_BH_SAV_UserArgs_MT256x256x64_MI32x32x8x1_SN_LDSB1_A...

throughput ceilings (what aligning every GPU to one GPU's pace could give at best; ratios to the recorded run):
  gpu-red      pace of the slowest GPU: throughput up to x1.000, node GPU power x0.991
  gpu-realloc  pace of the median GPU:  throughput up to x1.011, node GPU power x1.000
  cpu-slosh    pace of the fastest GPU: throughput up to x1.023, node GPU power x1.009

power caps by scenario (predicted by the caps model, never above the ceiling; the commands are printed, not run):
  gpu-red: sum 5973 W of 6000 W, predicted throughput x0.996 (ceiling x1.000), power x0.996
    gpu  0  748 W   amd-smi set -g '0' -o '748'
    gpu  1  746 W   amd-smi set -g '1' -o '746'
    gpu  2  746 W   amd-smi set -g '2' -o '746'
    gpu  3  747 W   amd-smi set -g '3' -o '747'
    gpu  4  746 W   amd-smi set -g '4' -o '746'
    gpu  5  746 W   amd-smi set -g '5' -o '746'
    gpu  6  748 W   amd-smi set -g '6' -o '748'
    gpu  7  746 W   amd-smi set -g '7' -o '746'
  gpu-realloc: sum 6000 W of 6000 W, predicted throughput x1.000 (ceiling x1.011), power x1.000
    no headroom: gpu -1 already runs at the part's 750 W
    gpu  0  750 W   amd-smi set -g '0' -o '750'
    gpu  1  750 W   amd-smi set -g '1' -o '750'
    gpu  2  750 W   amd-smi set -g '2' -o '750'
    gpu  3  750 W   amd-smi set -g '3' -o '750'
    gpu  4  750 W   amd-smi set -g '4' -o '750'
    gpu  5  750 W   amd-smi set -g '5' -o '750'
    gpu  6  750 W   amd-smi set -g '6' -o '750'
    gpu  7  750 W   amd-smi set -g '7' -o '750'
  cpu-slosh: sum 6000 W of 6160 W, predicted throughput x1.000 (ceiling x1.023), power x1.000
    no headroom: gpu -1 already runs at the part's 750 W
    gpu  0  750 W   amd-smi set -g '0' -o '750'
    gpu  1  750 W   amd-smi set -g '1' -o '750'
    gpu  2  750 W   amd-smi set -g '2' -o '750'
    gpu  3  750 W   amd-smi set -g '3' -o '750'
    gpu  4  750 W   amd-smi set -g '4' -o '750'
    gpu  5  750 W   amd-smi set -g '5' -o '750'
    gpu  6  750 W   amd-smi set -g '6' -o '750'
    gpu  7  750 W   amd-smi set -g '7' -o '750'
  limits: TDP 750 W (table), initial cap 750 W (power readings), min limit none
  calibration: power-to-clock curve assumed (the line through idle); litsi caps --calibrate prints a short probe that measures it

== Verdict (litsi check) ==
node mi300x-balanced: balanced: 2 thermal rules passed
  straggler: none persistent
  passed  temp-spread  1.015 (threshold 1.100); hottest minus coolest 1.0 C (needs 5.0)
  passed  freq-spread  1.005 (threshold 1.040)
  passed  straggler    1.023 (threshold 1.016); no persistent straggler (most frequent: 50.0% of samples)
  skipped throttle     no throttling telemetry
  recommended caps (gpu-realloc, model prediction): gpu 0 750 W, gpu 1 750 W, gpu 2 750 W, gpu 3 750 W, gpu 4 750 W, gpu 5 750 W, gpu 6 750 W, gpu 7 750 W
--- stderr
