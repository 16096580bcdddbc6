desc: a --time that is neither epoch time with a unit nor ISO 8601 is a usage error
run: litsi ingest --time 2026-13-30T19:42 x.csv
exit: 2
--- stdout
--- stderr
litsi ingest: invalid --time '2026-13-30T19:42' (epoch time with a unit, e.g. 1700000000s or 1700000000000ms, or ISO 8601, e.g. 2026-11-30T18:42:33Z)
usage: litsi ingest [-f] [-j n] [--run name [--role calibration]] [--rank n]
                    [--device n] [--format name]
                    [--clock-offset ns] [--time when] [--interval dur] [--tz zone]
                    [--node name | --node-from dir|host] path ...
