desc: the main job on sample-traces/mi300x-straggler: golden report
run: cd "$TOP" && litsi report sample-traces/mi300x-straggler
exit: 1
--- stdout
sample-traces/mi300x-straggler/amd-smi.csv.gz: amd-smi-csv, node mi300x-straggler, 8 GPUs, 0 samples, 0 kernels (0 comm), 8568 telemetry readings
sample-traces/mi300x-straggler/rank0.json.gz: pytorch, node mi300x-straggler, rank 0, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-straggler/rank1.json.gz: pytorch, node mi300x-straggler, rank 1, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-straggler/rank2.json.gz: pytorch, node mi300x-straggler, rank 2, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-straggler/rank3.json.gz: pytorch, node mi300x-straggler, rank 3, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-straggler/rank4.json.gz: pytorch, node mi300x-straggler, rank 4, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-straggler/rank5.json.gz: pytorch, node mi300x-straggler, rank 5, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-straggler/rank6.json.gz: pytorch, node mi300x-straggler, rank 6, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-straggler/rank7.json.gz: pytorch, node mi300x-straggler, rank 7, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-straggler/truth.json: skipped (not a trace or telemetry log)
ingested 9, already present 0, skipped 1, failed 0
# litsi report: node mi300x-straggler

what to do (goal: throughput; --goal throughput|power|energy):
  verdict:   imbalanced: gpu 5 is the straggler, the slowest in 6 of 6 samples
  cause:     heat: the hottest GPU under load, 12 C above the coolest, its clock 108 MHz (5.1%) below the fastest
  evidence:  the other GPUs run 0.69 to 1.05 ms ahead of gpu 5, averaged over each step's kernels (0.7% to 1.1% of the 95.73 ms step)
             in collectives gpu 4 waited 17.16 ms per step, the most; gpu 5 arrived last in 102 of 144
             under load gpu 5: +12 C against the coolest GPU, clock 108 MHz (5.1%) below the fastest
  action:    no caps for this goal; fix the straggler's cooling
  why:       no headroom: gpu 5 already runs at the part's 750 W, so no power can be moved to it; caps save 3.4% power instead (--goal power)
  also:      inspect the cooling of gpu 5's slot (airflow, fans, heat sink, paste)

inputs: 9 sources (1 amd-smi-csv, 8 pytorch)
GPUs (lead: time ahead of the last GPU per step, averaged over its kernels; wait: in collectives per step; overlap of computation with communication, duration-weighted; telemetry: medians in the traced window)
gpu  rank  product              samples  kernels  lead_ms  lead_pct  wait_ms  overlap_pct  temp_c  clock_mhz  power_w  role
  0     0  AMD Instinct MI300X        6     1248    0.850       0.9   13.940         46.1    71.0       2065    749.5  -
  1     1  AMD Instinct MI300X        6     1248    0.958       1.0   15.694         47.9    69.0       2077    748.0  -
  2     2  AMD Instinct MI300X        6     1248    0.690       0.7   11.343         43.4    72.0       2051    749.0  -
  3     3  AMD Instinct MI300X        6     1248    0.820       0.9   13.451         45.6    71.0       2066    749.5  -
  4     4  AMD Instinct MI300X        6     1248    1.050       1.1   17.161         49.4    68.0       2089    748.5  -
  5     5  AMD Instinct MI300X        6     1248    0.000       0.0    0.000         32.0    80.0       1982    751.5  straggler
  6     6  AMD Instinct MI300X        6     1248    1.018       1.1   16.664         48.9    68.0       2084    751.5  -
  7     7  AMD Instinct MI300X        6     1248    1.019       1.1   16.658         48.9    68.0       2085    751.5  -

straggler: gpu 5, the slowest in 6 of 6 samples
thermal: temperature spread 1.176x, clock spread 1.054x (max/min of per-GPU medians)
  hottest first: 5,2,0,3,1,4,6,7; slowest clock first: 5,2,0,3,1,6,7,4
  Spearman correlation of temperature and lead: -0.970 (negative: hotter GPUs lead less)

overlap vs duration (strongest across-GPU correlations of matched kernels, at least 10 instances):
  r =  0.983 over  144 instances  void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunc...
  r =  0.979 over   48 instances  void at::native::vectorized_elementwise_kernel<4, at::native::(anonymo...
  r =  0.970 over   96 instances  void at::native::(anonymous namespace)::vectorized_layer_norm_kernel<c...

throughput ceilings (what aligning every GPU to one GPU's pace could give at best; ratios to the recorded run):
  gpu-red      pace of the slowest GPU: throughput up to x1.000, node GPU power x0.969
  gpu-realloc  pace of the median GPU:  throughput up to x1.044, node GPU power x1.003
  cpu-slosh    pace of the fastest GPU: throughput up to x1.060, node GPU power x1.016

power caps by scenario (predicted by the caps model, never above the ceiling; the commands are printed, not run):
  gpu-red: sum 5797 W of 6000 W, predicted throughput x0.996 (ceiling x1.000), power x0.966
    gpu  0  723 W   amd-smi set -g '0' -o '723'
    gpu  1  720 W   amd-smi set -g '1' -o '720'
    gpu  2  728 W   amd-smi set -g '2' -o '728'
    gpu  3  724 W   amd-smi set -g '3' -o '724'
    gpu  4  717 W   amd-smi set -g '4' -o '717'
    gpu  5  748 W   amd-smi set -g '5' -o '748'
    gpu  6  718 W   amd-smi set -g '6' -o '718'
    gpu  7  719 W   amd-smi set -g '7' -o '719'
  gpu-realloc: sum 5906 W of 6000 W, predicted throughput x1.000 (ceiling x1.044), power x0.984
    no headroom: gpu 5 already runs at the part's 750 W
    gpu  0  737 W   amd-smi set -g '0' -o '737'
    gpu  1  736 W   amd-smi set -g '1' -o '736'
    gpu  2  740 W   amd-smi set -g '2' -o '740'
    gpu  3  738 W   amd-smi set -g '3' -o '738'
    gpu  4  735 W   amd-smi set -g '4' -o '735'
    gpu  5  750 W   amd-smi set -g '5' -o '750'
    gpu  6  735 W   amd-smi set -g '6' -o '735'
    gpu  7  735 W   amd-smi set -g '7' -o '735'
  cpu-slosh: sum 5906 W of 6160 W, predicted throughput x1.000 (ceiling x1.060), power x0.984
    no headroom: gpu 5 already runs at the part's 750 W
    gpu  0  737 W   amd-smi set -g '0' -o '737'
    gpu  1  736 W   amd-smi set -g '1' -o '736'
    gpu  2  740 W   amd-smi set -g '2' -o '740'
    gpu  3  738 W   amd-smi set -g '3' -o '738'
    gpu  4  735 W   amd-smi set -g '4' -o '735'
    gpu  5  750 W   amd-smi set -g '5' -o '750'
    gpu  6  735 W   amd-smi set -g '6' -o '735'
    gpu  7  735 W   amd-smi set -g '7' -o '735'
  limits: TDP 750 W (table), initial cap 750 W (power readings), min limit none
  calibration: power-to-clock curve assumed (the line through idle); litsi caps --calibrate prints a short probe that measures it

== Verdict (litsi check) ==
node mi300x-straggler: IMBALANCED: 2 thermal rules fired
  straggler: gpu 5 (100.0% of 6 samples)
  cause: thermal: clock 4.6% lower, kernels 4.8% longer; 11.0 C hotter than the others' median at the same cap and power
  fired   temp-spread  1.176 (threshold 1.100); hottest minus coolest 12.0 C (needs 5.0)
  fired   freq-spread  1.054 (threshold 1.040)
  fired   straggler    1.048 (threshold 1.016); gpu 5 straggler in 100.0% of samples, 4.80% slower (S_C(min) 1.060)
  skipped throttle     no throttling telemetry
  recommended caps (gpu-realloc, model prediction): gpu 0 737 W, gpu 1 736 W, gpu 2 740 W, gpu 3 738 W, gpu 4 735 W, gpu 5 750 W, gpu 6 735 W, gpu 7 735 W
--- stderr
