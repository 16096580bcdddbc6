desc: --summary with --kernels or with --by is a usage error naming both
setup: litsi -q ingest "$SAMPLES/mi300x-straggler"
run: litsi overlap --summary --kernels; echo "exit $?"; litsi overlap --kernels --by layer; echo "exit $?"; litsi overlap --by kernel --format tsv | sed -n '4p'
exit: 0
--- stdout
exit 2
exit 2
# overlap
--- stderr
litsi overlap: --summary and --kernels contradict each other: --summary rows are per GPU and sample, not per kernel
usage: litsi overlap [--node name] [--gpu n] [--sample n] [--summary | --kernels |
                     --by kernel|operation|layer] [--comm-pattern regex] [--format fmt]
litsi overlap: --kernels and --by layer contradict each other
usage: litsi overlap [--node name] [--gpu n] [--sample n] [--summary | --kernels |
                     --by kernel|operation|layer] [--comm-pattern regex] [--format fmt]
