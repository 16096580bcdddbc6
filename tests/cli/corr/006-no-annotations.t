desc: --by operation on traces without annotations is a usage error
setup: litsi ingest $SAMPLES/mi300x-straggler-rocprofv3/synth-node0 >/dev/null 2>&1
run: litsi corr --by operation --format csv
exit: 2
--- stdout
# node: default
--- stderr
litsi: node 'default' has no annotations to group kernels by (--by operation needs user_annotation or gpu_user_annotation ranges)
