desc: ingest -j takes 1 to 1024 files at once
run: litsi ingest -j 0 x.json
exit: 2
--- stdout
--- stderr
litsi ingest: invalid -j '0' (files at once, 1 to 1024)
usage: litsi ingest [-f] [-j n] [--run name [--role calibration]] [--rank n]
                    [--device n] [--format name]
                    [--clock-offset ns] [--time when] [--interval dur] [--tz zone]
                    [--node name | --node-from dir|host] path ...
