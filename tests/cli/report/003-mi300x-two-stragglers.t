desc: the main job on sample-traces/mi300x-two-stragglers: golden report
run: cd "$TOP" && litsi report sample-traces/mi300x-two-stragglers
exit: 1
--- stdout
sample-traces/mi300x-two-stragglers/amd-smi.csv.gz: amd-smi-csv, node mi300x-two-stragglers, 8 GPUs, 0 samples, 0 kernels (0 comm), 8568 telemetry readings
sample-traces/mi300x-two-stragglers/rank0.json.gz: pytorch, node mi300x-two-stragglers, rank 0, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-two-stragglers/rank1.json.gz: pytorch, node mi300x-two-stragglers, rank 1, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-two-stragglers/rank2.json.gz: pytorch, node mi300x-two-stragglers, rank 2, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-two-stragglers/rank3.json.gz: pytorch, node mi300x-two-stragglers, rank 3, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-two-stragglers/rank4.json.gz: pytorch, node mi300x-two-stragglers, rank 4, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-two-stragglers/rank5.json.gz: pytorch, node mi300x-two-stragglers, rank 5, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-two-stragglers/rank6.json.gz: pytorch, node mi300x-two-stragglers, rank 6, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-two-stragglers/rank7.json.gz: pytorch, node mi300x-two-stragglers, rank 7, 1 GPU, 6 samples, 1248 kernels (144 comm)
sample-traces/mi300x-two-stragglers/truth.json: skipped (not a trace or telemetry log)
ingested 9, already present 0, skipped 1, failed 0
# litsi report: node mi300x-two-stragglers

what to do (goal: throughput; --goal throughput|power|energy):
  verdict:   imbalanced: gpu 2 is the straggler, the slowest in 6 of 6 samples
  cause:     heat: the hottest GPU under load, 14 C above the coolest, its clock 126 MHz (6.1%) below the fastest
  evidence:  the other GPUs run 0.37 to 1.25 ms ahead of gpu 2, averaged over each step's kernels (0.4% to 1.3% of the 96.48 ms step)
             in collectives gpu 4 waited 20.36 ms per step, the most; gpu 2 arrived last in 101 of 144
             under load gpu 2: +14 C against the coolest GPU, clock 126 MHz (6.1%) below the fastest
  action:    no caps for this goal; fix the straggler's cooling
  why:       no headroom: gpu 2 already runs at the part's 750 W, so no power can be moved to it; caps save 3.3% power instead (--goal power)
  also:      inspect the cooling of gpu 2's slot (airflow, fans, heat sink, paste)

inputs: 9 sources (1 amd-smi-csv, 8 pytorch)
GPUs (lead: time ahead of the last GPU per step, averaged over its kernels; wait: in collectives per step; overlap of computation with communication, duration-weighted; telemetry: medians in the traced window)
gpu  rank  product              samples  kernels  lead_ms  lead_pct  wait_ms  overlap_pct  temp_c  clock_mhz  power_w  role
  0     0  AMD Instinct MI300X        6     1248    0.815       0.8   13.374         45.1    73.0       2048    751.0  -
  1     1  AMD Instinct MI300X        6     1248    0.758       0.8   12.432         44.2    73.0       2040    750.5  -
  2     2  AMD Instinct MI300X        6     1248    0.000       0.0    0.000         31.7    82.0       1964    752.5  straggler
  3     3  AMD Instinct MI300X        6     1248    0.969       1.0   15.870         47.7    71.0       2062    749.0  -
  4     4  AMD Instinct MI300X        6     1248    1.248       1.3   20.357         52.3    68.0       2091    749.5  -
  5     5  AMD Instinct MI300X        6     1248    1.152       1.2   18.816         50.7    69.0       2076    751.0  -
  6     6  AMD Instinct MI300X        6     1248    0.368       0.4    6.084         37.8    77.5       2002    748.5  -
  7     7  AMD Instinct MI300X        6     1248    1.016       1.1   16.607         48.4    71.0       2068    751.5  -

straggler: gpu 2, the slowest in 6 of 6 samples
thermal: temperature spread 1.206x, clock spread 1.064x (max/min of per-GPU medians)
  hottest first: 2,6,0,1,3,7,5,4; slowest clock first: 2,6,1,0,3,7,5,4
  Spearman correlation of temperature and lead: -0.988 (negative: hotter GPUs lead less)

overlap vs duration (strongest across-GPU correlations of matched kernels, at least 10 instances):
  r =  0.979 over   96 instances  void at::native::(anonymous namespace)::vectorized_layer_norm_kernel<c...
  r =  0.945 over   48 instances  void at::native::vectorized_elementwise_kernel<4, at::native::(anonymo...
  r =  0.940 over   96 instances  Cijk_Alik_Bljk_BBS_BH_Bias_HAS_SAV_UserArgs_MT256x128x64_MI32x32x8x1_S...

throughput ceilings (what aligning every GPU to one GPU's pace could give at best; ratios to the recorded run):
  gpu-red      pace of the slowest GPU: throughput up to x1.000, node GPU power x0.968
  gpu-realloc  pace of the median GPU:  throughput up to x1.044, node GPU power x1.003
  cpu-slosh    pace of the fastest GPU: throughput up to x1.067, node GPU power x1.021

power caps by scenario (predicted by the caps model, never above the ceiling; the commands are printed, not run):
  gpu-red: sum 5801 W of 6000 W, predicted throughput x0.996 (ceiling x1.000), power x0.967
    gpu  0  724 W   amd-smi set -g '0' -o '724'
    gpu  1  726 W   amd-smi set -g '1' -o '726'
    gpu  2  748 W   amd-smi set -g '2' -o '748'
    gpu  3  720 W   amd-smi set -g '3' -o '720'
    gpu  4  712 W   amd-smi set -g '4' -o '712'
    gpu  5  715 W   amd-smi set -g '5' -o '715'
    gpu  6  737 W   amd-smi set -g '6' -o '737'
    gpu  7  719 W   amd-smi set -g '7' -o '719'
  gpu-realloc: sum 6000 W of 6000 W, predicted throughput x1.000 (ceiling x1.044), power x1.000
    no headroom: gpu 2 already runs at the part's 750 W
    gpu  0  750 W   amd-smi set -g '0' -o '750'
    gpu  1  750 W   amd-smi set -g '1' -o '750'
    gpu  2  750 W   amd-smi set -g '2' -o '750'
    gpu  3  750 W   amd-smi set -g '3' -o '750'
    gpu  4  750 W   amd-smi set -g '4' -o '750'
    gpu  5  750 W   amd-smi set -g '5' -o '750'
    gpu  6  750 W   amd-smi set -g '6' -o '750'
    gpu  7  750 W   amd-smi set -g '7' -o '750'
  cpu-slosh: sum 6000 W of 6160 W, predicted throughput x1.000 (ceiling x1.067), power x1.000
    no headroom: gpu 2 already runs at the part's 750 W
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
node mi300x-two-stragglers: IMBALANCED: 2 thermal rules fired
  straggler: gpu 2 (100.0% of 6 samples)
  cause: thermal: clock 4.7% lower, kernels 4.8% longer; 11.0 C hotter than the others' median at the same cap and power
  fired   temp-spread  1.206 (threshold 1.100); hottest minus coolest 14.0 C (needs 5.0)
  fired   freq-spread  1.064 (threshold 1.040)
  fired   straggler    1.048 (threshold 1.016); gpu 2 straggler in 100.0% of samples, 4.85% slower (S_C(min) 1.067)
  skipped throttle     no throttling telemetry
  recommended caps (gpu-realloc, model prediction): gpu 0 750 W, gpu 1 750 W, gpu 2 750 W, gpu 3 750 W, gpu 4 750 W, gpu 5 750 W, gpu 6 750 W, gpu 7 750 W
--- stderr
