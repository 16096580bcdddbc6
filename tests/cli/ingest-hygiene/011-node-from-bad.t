desc: --node-from takes dir or host
run: litsi ingest --node-from rack x.json
exit: 2
--- stdout
--- stderr
litsi ingest: invalid --node-from 'rack' (expected dir or host)
usage: litsi ingest [-f] [-j n] [--run name [--role calibration]] [--rank n]
                    [--device n] [--format name]
                    [--clock-offset ns] [--time when] [--interval dur] [--tz zone]
                    [--node name | --node-from dir|host] path ...
