desc: an unknown --by value is a usage error
setup: litsi ingest $SAMPLES/mi300x-straggler/rank0.json.gz
run: litsi corr --by stream
exit: 2
--- stdout
--- stderr
litsi corr: invalid --by 'stream' (expected kernel, operation or layer)
usage: litsi corr [--node name] [--gpu n] [--by kernel|operation|layer]
                  [--comm-pattern regex] [--format fmt]
