desc: a command is required
run: litsi record -o out
exit: 2
--- stdout
--- stderr
litsi record: no command given (litsi record -- command [arg ...])
usage: litsi record [-o dir] [-i ms] [--backend name] [--profiler nsys|rocprofv3]
                    [--db file [--node name] [--run name]] [--] command [arg ...]
