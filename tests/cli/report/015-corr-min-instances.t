desc: the correlation ranking of real NVIDIA traces (HTA trace_filter) skips kernels with fewer than 10 instances and says how many; --min-instances changes it
needs: corpus
setup: litsi -q ingest $CORPUS/hta/tests/data/trace_filter
run: litsi report --allow-inconclusive | sed -n '/^overlap vs duration/,/^$/p' | cut -c1-60; litsi report --allow-inconclusive --min-instances 13 | grep -E "^overlap vs|not ranked"; litsi report --min-instances 0
exit: 2
--- stdout
overlap vs duration (strongest across-GPU correlations of ma
  r =  1.000 over   12 instances  void cub::DeviceScanKernel
  r =  0.200 over   16 instances  void at::native::vectorize
  r =  0.200 over   12 instances  void cub::DeviceScanInitKe
  (176 kernels with fewer instances not ranked; see litsi co

overlap vs duration (strongest across-GPU correlations of matched kernels, at least 13 instances):
  (180 kernels with fewer instances not ranked; see litsi corr)
--- stderr
litsi report: invalid --min-instances '0' (a count, 1 or more)
usage: litsi report [--detail] [--keep] [--node name | --node-from dir|host]
                    [--run name|all] [--plots dir]
                    [--goal throughput|power|energy] [--script file] [--html file]
                    [--tdp W] [--cap W] [--budget W] [--baseline-power W]
                    [--idle-power W] [--tz zone] [--clock-offset ns]
                    [--allow-inconclusive] [--min-instances n] [--format table|json]
                    [path ...]
