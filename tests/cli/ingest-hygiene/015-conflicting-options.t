desc: options that contradict each other are usage errors (exit 2), not one of them silently ignored
setup: litsi -q ingest "$SAMPLES"/mi300x-straggler/rank0.json.gz
run: litsi overlap --summary --by layer; echo "exit $?"; litsi report --detail --format json; echo "exit $?"; litsi report --keep; echo "exit $?"
exit: 0
--- stdout
exit 2
exit 2
exit 2
--- stderr
litsi overlap: --summary and --by contradict each other: --summary rows are per GPU and sample, not per group
usage: litsi overlap [--node name] [--gpu n] [--sample n] [--summary | --kernels |
                     --by kernel|operation|layer] [--comm-pattern regex] [--format fmt]
litsi report: --detail and --format json contradict each other: --detail adds tables to the text report
usage: litsi report [--detail] [--keep] [--node name | --node-from dir|host]
                    [--run name|all] [--plots dir]
                    [--goal throughput|power|energy] [--script file] [--html file]
                    [--tdp W] [--cap W] [--budget W] [--baseline-power W]
                    [--idle-power W] [--tz zone] [--clock-offset ns]
                    [--allow-inconclusive] [--min-instances n] [--format table|json]
                    [path ...]
litsi report: --keep keeps the temporary database of a report on paths; without paths, or with -d or LITSI_DB, there is none
usage: litsi report [--detail] [--keep] [--node name | --node-from dir|host]
                    [--run name|all] [--plots dir]
                    [--goal throughput|power|energy] [--script file] [--html file]
                    [--tdp W] [--cap W] [--budget W] [--baseline-power W]
                    [--idle-power W] [--tz zone] [--clock-offset ns]
                    [--allow-inconclusive] [--min-instances n] [--format table|json]
                    [path ...]
