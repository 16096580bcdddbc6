desc: an unknown profiler lists the valid ones
run: litsi record --profiler perf -- true
exit: 2
--- stdout
--- stderr
litsi record: invalid --profiler 'perf' (nsys, rocprofv3)
usage: litsi record [-o dir] [-i ms] [--backend name] [--profiler nsys|rocprofv3]
                    [--db file [--node name] [--run name]] [--] command [arg ...]
