desc: missing output directory, rocprof formats on an NVIDIA node, bad values
run: litsi synth --gpus 4; echo $?; litsi synth --format rocprof --telemetry nvidia-smi -o x; echo $?; litsi synth --temp-spread -1 -o x 2>/dev/null; echo $?; litsi synth --format json -o x 2>&1 | head -1
exit: 0
--- stdout
2
2
2
litsi synth: invalid --format (expected pytorch, rocprofv3, rocprof or all) 'json'
--- stderr
litsi synth: no output directory given (-o dir)
usage: litsi synth [--gpus n] [--samples n] [--layers n] [--seed n]
                   [--straggler gpu[,gpu...]] [--temp-spread c]
                   [--format pytorch|rocprofv3|rocprof|all]
                   [--telemetry amd-smi|nvidia-smi|none] [--gzip]
                   [--power-cap w] [--caps file] [--physics key=value[,...]]
                   [--fault gpu:clock|cap|work|link|host=value ...]
                   [--jitter c] [--drift c] [--slot c] [--tick 1000|100]
                   [--noise x] [--noise-seed n] [--duration s] [--reasons]
                   -o dir
litsi synth: rocprof formats need an AMD node; nvidia-smi telemetry makes an NVIDIA node
usage: litsi synth [--gpus n] [--samples n] [--layers n] [--seed n]
                   [--straggler gpu[,gpu...]] [--temp-spread c]
                   [--format pytorch|rocprofv3|rocprof|all]
                   [--telemetry amd-smi|nvidia-smi|none] [--gzip]
                   [--power-cap w] [--caps file] [--physics key=value[,...]]
                   [--fault gpu:clock|cap|work|link|host=value ...]
                   [--jitter c] [--drift c] [--slot c] [--tick 1000|100]
                   [--noise x] [--noise-seed n] [--duration s] [--reasons]
                   -o dir
