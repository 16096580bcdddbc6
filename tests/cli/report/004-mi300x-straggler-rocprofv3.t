desc: the main job on sample-traces/mi300x-straggler-rocprofv3: golden report
run: cd "$TOP" && litsi report sample-traces/mi300x-straggler-rocprofv3
exit: 1
--- stdout
sample-traces/mi300x-straggler-rocprofv3/amd-smi.csv.gz: amd-smi-csv, node mi300x-straggler-rocprofv3, 8 GPUs, 0 samples, 0 kernels (0 comm), 8568 telemetry readings
sample-traces/mi300x-straggler-rocprofv3/synth-node0/48211/48211_agent_info.csv: rocprofv3-csv, node mi300x-straggler-rocprofv3, 8 GPUs, 0 samples, 0 kernels (0 comm)
sample-traces/mi300x-straggler-rocprofv3/synth-node0/48211/48211_kernel_trace.csv.gz: rocprofv3-csv, node mi300x-straggler-rocprofv3, 1 GPU, 1 sample, 1248 kernels (144 comm)
sample-traces/mi300x-straggler-rocprofv3/synth-node0/48228/48228_agent_info.csv: already ingested into node mi300x-straggler-rocprofv3 from sample-traces/mi300x-straggler-rocprofv3/synth-node0/48211/48211_agent_info.csv (identical content), skipped; use --force to replace it
sample-traces/mi300x-straggler-rocprofv3/synth-node0/48228/48228_kernel_trace.csv.gz: rocprofv3-csv, node mi300x-straggler-rocprofv3, 1 GPU, 1 sample, 1248 kernels (144 comm)
sample-traces/mi300x-straggler-rocprofv3/synth-node0/48245/48245_agent_info.csv: already ingested into node mi300x-straggler-rocprofv3 from sample-traces/mi300x-straggler-rocprofv3/synth-node0/48211/48211_agent_info.csv (identical content), skipped; use --force to replace it
sample-traces/mi300x-straggler-rocprofv3/synth-node0/48245/48245_kernel_trace.csv.gz: rocprofv3-csv, node mi300x-straggler-rocprofv3, 1 GPU, 1 sample, 1248 kernels (144 comm)
sample-traces/mi300x-straggler-rocprofv3/synth-node0/48262/48262_agent_info.csv: already ingested into node mi300x-straggler-rocprofv3 from sample-traces/mi300x-straggler-rocprofv3/synth-node0/48211/48211_agent_info.csv (identical content), skipped; use --force to replace it
sample-traces/mi300x-straggler-rocprofv3/synth-node0/48262/48262_kernel_trace.csv.gz: rocprofv3-csv, node mi300x-straggler-rocprofv3, 1 GPU, 1 sample, 1248 kernels (144 comm)
sample-traces/mi300x-straggler-rocprofv3/synth-node0/48279/48279_agent_info.csv: already ingested into node mi300x-straggler-rocprofv3 from sample-traces/mi300x-straggler-rocprofv3/synth-node0/48211/48211_agent_info.csv (identical content), skipped; use --force to replace it
sample-traces/mi300x-straggler-rocprofv3/synth-node0/48279/48279_kernel_trace.csv.gz: rocprofv3-csv, node mi300x-straggler-rocprofv3, 1 GPU, 1 sample, 1248 kernels (144 comm)
sample-traces/mi300x-straggler-rocprofv3/synth-node0/48296/48296_agent_info.csv: already ingested into node mi300x-straggler-rocprofv3 from sample-traces/mi300x-straggler-rocprofv3/synth-node0/48211/48211_agent_info.csv (identical content), skipped; use --force to replace it
sample-traces/mi300x-straggler-rocprofv3/synth-node0/48296/48296_kernel_trace.csv.gz: rocprofv3-csv, node mi300x-straggler-rocprofv3, 1 GPU, 1 sample, 1248 kernels (144 comm)
sample-traces/mi300x-straggler-rocprofv3/synth-node0/48313/48313_agent_info.csv: already ingested into node mi300x-straggler-rocprofv3 from sample-traces/mi300x-straggler-rocprofv3/synth-node0/48211/48211_agent_info.csv (identical content), skipped; use --force to replace it
sample-traces/mi300x-straggler-rocprofv3/synth-node0/48313/48313_kernel_trace.csv.gz: rocprofv3-csv, node mi300x-straggler-rocprofv3, 1 GPU, 1 sample, 1248 kernels (144 comm)
sample-traces/mi300x-straggler-rocprofv3/synth-node0/48330/48330_agent_info.csv: already ingested into node mi300x-straggler-rocprofv3 from sample-traces/mi300x-straggler-rocprofv3/synth-node0/48211/48211_agent_info.csv (identical content), skipped; use --force to replace it
sample-traces/mi300x-straggler-rocprofv3/synth-node0/48330/48330_kernel_trace.csv.gz: rocprofv3-csv, node mi300x-straggler-rocprofv3, 1 GPU, 1 sample, 1248 kernels (144 comm)
sample-traces/mi300x-straggler-rocprofv3/truth.json: skipped (not a trace or telemetry log)
ingested 10, already present 7, skipped 1, failed 0
# litsi report: node mi300x-straggler-rocprofv3

what to do (goal: throughput; --goal throughput|power|energy):
  verdict:   imbalanced: gpu 5 is the straggler, the slowest in 1 of 1 samples
  cause:     heat: the hottest GPU under load, 12 C above the coolest, its clock 108 MHz (5.1%) below the fastest
  evidence:  the other GPUs run 0.69 to 1.05 ms ahead of gpu 5, averaged over each sample's kernels
             in collectives gpu 4 waited 102.97 ms per sample, the most; gpu 5 arrived last in 102 of 144
             under load gpu 5: +12 C against the coolest GPU, clock 108 MHz (5.1%) below the fastest
  action:    no caps for this goal; fix the straggler's cooling
  why:       no headroom: gpu 5 already runs at the part's 750 W, so no power can be moved to it; caps save 3.4% power instead (--goal power)
  also:      inspect the cooling of gpu 5's slot (airflow, fans, heat sink, paste)
  caution:   thin evidence: from 1 sample only

inputs: 10 sources (1 amd-smi-csv, 9 rocprofv3-csv)
GPUs (lead: time ahead of the last GPU per step, averaged over its kernels; wait: in collectives per step; overlap of computation with communication, duration-weighted; telemetry: medians in the traced window)
gpu  rank  product              samples  kernels  lead_ms  lead_pct  wait_ms  overlap_pct  temp_c  clock_mhz  power_w  role
  0     -  AMD Instinct MI300X        1     1248    0.850       n/a   83.642         46.1    71.0       2064    749.0  -
  1     -  AMD Instinct MI300X        1     1248    0.958       n/a   94.166         47.9    69.0       2077    747.0  -
  2     -  AMD Instinct MI300X        1     1248    0.690       n/a   68.058         43.4    72.0       2051    749.0  -
  3     -  AMD Instinct MI300X        1     1248    0.820       n/a   80.708         45.6    71.0       2066    748.0  -
  4     -  AMD Instinct MI300X        1     1248    1.050       n/a  102.966         49.4    68.0       2089    748.0  -
  5     -  AMD Instinct MI300X        1     1248    0.000       n/a    0.000         32.0    80.0       1982    750.0  straggler
  6     -  AMD Instinct MI300X        1     1248    1.018       n/a   99.982         48.9    68.0       2084    749.0  -
  7     -  AMD Instinct MI300X        1     1248    1.019       n/a   99.945         48.9    68.5       2085    750.0  -

straggler: gpu 5, the slowest in 1 of 1 samples
thermal: temperature spread 1.176x, clock spread 1.054x (max/min of per-GPU medians)
  hottest first: 5,2,0,3,1,7,4,6; slowest clock first: 5,2,0,3,1,6,7,4
  Spearman correlation of temperature and lead: -0.952 (negative: hotter GPUs lead less)
  (telemetry does not cover the traced window: the whole log is used)

overlap vs duration (strongest across-GPU correlations of matched kernels, at least 10 instances):
  r =  0.983 over  144 instances  void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunc...
  r =  0.979 over   48 instances  void at::native::vectorized_elementwise_kernel<4, at::native::(anonymo...
  r =  0.970 over   96 instances  void at::native::(anonymous namespace)::vectorized_layer_norm_kernel<c...

throughput ceilings (what aligning every GPU to one GPU's pace could give at best; ratios to the recorded run):
  gpu-red      pace of the slowest GPU: throughput up to x1.000, node GPU power x0.969
  gpu-realloc  pace of the median GPU:  throughput up to x1.044, node GPU power x1.003
  cpu-slosh    pace of the fastest GPU: throughput up to x1.060, node GPU power x1.016

power caps by scenario (predicted by the caps model, never above the ceiling; the commands are printed, not run):
  gpu-red: sum 5796 W of 6000 W, predicted throughput x0.997 (ceiling x1.000), power x0.966
    gpu  0  723 W   amd-smi set -g '0' -o '723'
    gpu  1  720 W   amd-smi set -g '1' -o '720'
    gpu  2  728 W   amd-smi set -g '2' -o '728'
    gpu  3  724 W   amd-smi set -g '3' -o '724'
    gpu  4  717 W   amd-smi set -g '4' -o '717'
    gpu  5  748 W   amd-smi set -g '5' -o '748'
    gpu  6  718 W   amd-smi set -g '6' -o '718'
    gpu  7  718 W   amd-smi set -g '7' -o '718'
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
node mi300x-straggler-rocprofv3: IMBALANCED: 2 thermal rules fired
  straggler: gpu 5 (100.0% of 1 samples)
  fired   temp-spread  1.176 (threshold 1.100); hottest minus coolest 12.0 C (needs 5.0)
  fired   freq-spread  1.054 (threshold 1.040)
  skipped straggler    1 matched sample; persistence needs 3 (--min-samples)
  skipped throttle     no throttling telemetry
  recommended caps (gpu-realloc, model prediction): gpu 0 737 W, gpu 1 736 W, gpu 2 740 W, gpu 3 738 W, gpu 4 735 W, gpu 5 750 W, gpu 6 735 W, gpu 7 735 W
--- stderr
