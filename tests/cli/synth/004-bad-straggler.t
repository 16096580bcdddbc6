desc: a straggler outside the node is a usage error
run: litsi synth --gpus 4 --straggler 4 -o out
exit: 2
--- stdout
--- stderr
litsi synth: straggler GPU 4 is not in 0..3
usage: litsi synth [--gpus n] [--samples n] [--layers n] [--seed n]
                   [--straggler gpu[,gpu...]] [--temp-spread c]
                   [--format pytorch|rocprofv3|rocprof|all]
                   [--telemetry amd-smi|nvidia-smi|none] [--gzip]
                   [--power-cap w] [--caps file] [--physics key=value[,...]]
                   [--fault gpu:clock|cap|work|link|host=value ...]
                   [--jitter c] [--drift c] [--slot c] [--tick 1000|100]
                   [--noise x] [--noise-seed n] [--duration s] [--reasons]
                   -o dir
