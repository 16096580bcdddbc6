desc: the interval is 10 to 60000 ms
run: litsi record -i 5 -- true
exit: 2
--- stdout
--- stderr
litsi record: invalid --interval-ms '5' (10 to 60000)
usage: litsi record [-o dir] [-i ms] [--backend name] [--profiler nsys|rocprofv3]
                    [--db file [--node name] [--run name]] [--] command [arg ...]
