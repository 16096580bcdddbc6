desc: --interval must be a positive duration
run: litsi ingest --interval 0 x.txt
exit: 2
--- stdout
--- stderr
litsi ingest: invalid --interval '0' (a duration, e.g. 1s or 100ms)
usage: litsi ingest [-f] [-j n] [--run name [--role calibration]] [--rank n]
                    [--device n] [--format name]
                    [--clock-offset ns] [--time when] [--interval dur] [--tz zone]
                    [--node name | --node-from dir|host] path ...
