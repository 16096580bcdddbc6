desc: usage errors exit 2
run: litsi report --format xml
exit: 2
--- stdout
--- stderr
litsi report: invalid --format 'xml' (expected table or json)
usage: litsi report [--detail] [--keep] [--node name | --node-from dir|host]
                    [--run name|all] [--plots dir]
                    [--goal throughput|power|energy] [--script file] [--html file]
                    [--tdp W] [--cap W] [--budget W] [--baseline-power W]
                    [--idle-power W] [--tz zone] [--clock-offset ns]
                    [--allow-inconclusive] [--min-instances n] [--format table|json]
                    [path ...]
