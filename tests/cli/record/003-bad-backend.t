desc: an unknown backend lists the valid ones
run: litsi record --backend dcgm -- true
exit: 2
--- stdout
--- stderr
litsi record: invalid --backend 'dcgm' (auto, nvml, rocm-smi, nvidia-smi, amd-smi)
usage: litsi record [-o dir] [-i ms] [--backend name] [--profiler nsys|rocprofv3]
                    [--db file [--node name] [--run name]] [--] command [arg ...]
