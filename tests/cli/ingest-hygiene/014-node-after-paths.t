desc: a --node after the last path would apply to nothing (it names the node of the paths after it): usage error, nothing ingested
run: litsi ingest "$SAMPLES"/mi300x-straggler/rank0.json.gz --node n17
exit: 2
--- stdout
--- stderr
litsi ingest: --node comes after the last path: it applies to the paths that follow it
usage: litsi ingest [-f] [-j n] [--run name [--role calibration]] [--rank n]
                    [--device n] [--format name]
                    [--clock-offset ns] [--time when] [--interval dur] [--tz zone]
                    [--node name | --node-from dir|host] path ...
