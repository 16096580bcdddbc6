desc: --node and --run need --db
run: litsi record --node n1 -- true
exit: 2
--- stdout
--- stderr
litsi record: --node and --run name what --db ingests: give --db file
usage: litsi record [-o dir] [-i ms] [--backend name] [--profiler nsys|rocprofv3]
                    [--db file [--node name] [--run name]] [--] command [arg ...]
