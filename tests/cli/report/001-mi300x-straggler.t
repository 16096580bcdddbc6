desc: the main job on sample-traces/mi300x-straggler: golden report
run: cd "$TOP" && litsi report sample-traces/mi300x-straggler
exit: 1
--- stdout
sample-traces/mi300x-straggler/amd-smi.csv.gz: amd-smi-csv, node default, 8 GPUs, 0 samples, 0 kernels (0 comm), 8568 telemetry readings
sample-traces/mi300x-straggler/rank0.json.gz: pytorch, node default, rank 0, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-straggler/rank1.json.gz: pytorch, node default, rank 1, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-straggler/rank2.json.gz: pytorch, node default, rank 2, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-straggler/rank3.json.gz: pytorch, node default, rank 3, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-straggler/rank4.json.gz: pytorch, node default, rank 4, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-straggler/rank5.json.gz: pytorch, node default, rank 5, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-straggler/rank6.json.gz: pytorch, node default, rank 6, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-straggler/rank7.json.gz: pytorch, node default, rank 7, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-straggler/truth.json: skipped (not a trace or telemetry log)
ingested 9, already present 0, skipped 1, failed 0
# litsi report: node default

inputs: 9 sources (1 amd-smi-csv, 8 pytorch)
GPUs (lead: mean summed lead per sample; overlap: duration-weighted; telemetry: medians)
gpu  rank  product              samples  kernels  lead_ms  overlap_pct  temp_c  clock_mhz  power_w  role
  0     0  AMD Instinct MI300X        6     1248  156.467        46.09    71.0       2065    749.5  -
  1     1  AMD Instinct MI300X        6     1248  176.316        47.88    69.0       2077    748.0  -
  2     2  AMD Instinct MI300X        6     1248  127.004        43.41    72.0       2051    749.0  -
  3     3  AMD Instinct MI300X        6     1248  150.848        45.57    71.0       2066    749.5  -
  4     4  AMD Instinct MI300X        6     1248  193.111        49.40    68.0       2089    748.5  -
  5     5  AMD Instinct MI300X        6     1248    0.000        31.98    80.0       1982    751.5  straggler
  6     6  AMD Instinct MI300X        6     1248  187.356        48.89    68.0       2084    751.5  -
  7     7  AMD Instinct MI300X        6     1248  187.408        48.89    68.0       2085    751.5  -

straggler: gpu 5, the slowest in 6 of 6 samples
thermal: temperature spread 1.176x, clock spread 1.054x (max/min of per-GPU medians)
  hottest first: 5,2,0,3,1,4,6,7; slowest clock first: 5,2,0,3,1,6,7,4
  Spearman correlation of temperature and lead: -0.970 (negative: hotter GPUs lead less)

overlap vs duration (strongest across-GPU correlations of matched kernels, at least 10 instances):
  r =  0.983 over  144 instances  void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunc...
  r =  0.979 over   48 instances  void at::native::vectorized_elementwise_kernel<4, at::native::(anonymo...
  r =  0.970 over   96 instances  void at::native::(anonymous namespace)::vectorized_layer_norm_kernel<c...

model predictions (METHOD 5-6; ratios to the recorded run):
  gpu-red      align to max GPU: throughput x1.000, node GPU power x0.969
  gpu-realloc  align to med GPU: throughput x1.044, node GPU power x1.003
  cpu-slosh    align to min GPU: throughput x1.060, node GPU power x1.016

recommended power caps (model prediction of the closed loop; the commands are printed, not run):
  gpu-red: sum 5789 W of 6000 W, predicted throughput x0.997, power x0.965
    gpu  0  722 W   amd-smi set -g '0' -o '722'
    gpu  1  717 W   amd-smi set -g '1' -o '717'
    gpu  2  726 W   amd-smi set -g '2' -o '726'
    gpu  3  722 W   amd-smi set -g '3' -o '722'
    gpu  4  715 W   amd-smi set -g '4' -o '715'
    gpu  5  749 W   amd-smi set -g '5' -o '749'
    gpu  6  719 W   amd-smi set -g '6' -o '719'
    gpu  7  719 W   amd-smi set -g '7' -o '719'
  gpu-realloc: sum 5825 W of 6000 W, predicted throughput x1.000, power x0.971
    gpu  0  726 W   amd-smi set -g '0' -o '726'
    gpu  1  724 W   amd-smi set -g '1' -o '724'
    gpu  2  731 W   amd-smi set -g '2' -o '731'
    gpu  3  728 W   amd-smi set -g '3' -o '728'
    gpu  4  722 W   amd-smi set -g '4' -o '722'
    gpu  5  750 W   amd-smi set -g '5' -o '750'
    gpu  6  722 W   amd-smi set -g '6' -o '722'
    gpu  7  722 W   amd-smi set -g '7' -o '722'
  cpu-slosh: sum 5825 W of 6160 W, predicted throughput x1.000, power x0.971
    gpu  0  726 W   amd-smi set -g '0' -o '726'
    gpu  1  724 W   amd-smi set -g '1' -o '724'
    gpu  2  731 W   amd-smi set -g '2' -o '731'
    gpu  3  728 W   amd-smi set -g '3' -o '728'
    gpu  4  722 W   amd-smi set -g '4' -o '722'
    gpu  5  750 W   amd-smi set -g '5' -o '750'
    gpu  6  722 W   amd-smi set -g '6' -o '722'
    gpu  7  722 W   amd-smi set -g '7' -o '722'
  limits: TDP 750 W (table), initial cap 750 W (power readings), min limit none

== Verdict (litsi check) ==
node default: IMBALANCED: 2 thermal rules fired
  straggler: gpu 5 (100.0% of 6 samples)
  cause: thermal: clock 4.6% lower, kernels 4.8% longer; 11.0 C hotter than the others' median at the same cap and power
  fired   temp-spread  1.176 (threshold 1.100); hottest minus coolest 12.0 C (needs 5.0)
  fired   freq-spread  1.054 (threshold 1.040)
  fired   straggler    1.048 (threshold 1.016); gpu 5 straggler in 100.0% of samples, 4.80% slower (S_C(min) 1.060)
  skipped throttle     no throttling telemetry
  recommended caps (gpu-realloc, model prediction): gpu 0 726 W, gpu 1 724 W, gpu 2 731 W, gpu 3 728 W, gpu 4 722 W, gpu 5 750 W, gpu 6 722 W, gpu 7 722 W
--- stderr
