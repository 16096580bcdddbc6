desc: --reasons on an AMD node writes amd-smi metric's --throttle group (what litsi record asks amd-smi for): each busy reading's power cap as ppt_violation_activity, which ingest reads as pviol; without a log --reasons is refused, and --tick 100 without nvidia-smi
needs: sqlite3
setup: litsi -q synth --gpus 4 --layers 2 --samples 3 --seed 130 --temp-spread 24.7 --straggler 3 --power-cap 700 --reasons -o a && litsi -q ingest a
run: sed -n 2p a/amd-smi.csv | tr ',' '\n' | grep -c violation_activity; sqlite3 "$LITSI_DB" "select device, metric, round(avg(value)) from telemetry_view where metric in ('pviol', 'tviol') and value is not null group by device, metric order by 1, 2"; litsi synth --telemetry none --reasons -o b; litsi synth --tick 100 -o c
exit: 2
--- stdout
5
0|pviol|45.0
0|tviol|0.0
1|pviol|55.0
1|tviol|0.0
2|pviol|55.0
2|tviol|0.0
3|pviol|55.0
3|tviol|0.0
--- stderr
litsi synth: --reasons needs a telemetry log (--telemetry nvidia-smi or amd-smi)
usage: litsi synth [--gpus n] [--samples n] [--layers n] [--seed n]
                   [--straggler gpu[,gpu...]] [--temp-spread c]
                   [--format pytorch|rocprofv3|rocprof|all]
                   [--telemetry amd-smi|nvidia-smi|none] [--gzip]
                   [--power-cap w] [--caps file] [--physics key=value[,...]]
                   [--fault gpu:clock|cap|work|link|host=value ...]
                   [--jitter c] [--drift c] [--slot c] [--tick 1000|100]
                   [--noise x] [--noise-seed n] [--duration s] [--reasons]
                   -o dir
litsi synth: --tick 100 needs --telemetry nvidia-smi (amd-smi logs whole seconds)
usage: litsi synth [--gpus n] [--samples n] [--layers n] [--seed n]
                   [--straggler gpu[,gpu...]] [--temp-spread c]
                   [--format pytorch|rocprofv3|rocprof|all]
                   [--telemetry amd-smi|nvidia-smi|none] [--gzip]
                   [--power-cap w] [--caps file] [--physics key=value[,...]]
                   [--fault gpu:clock|cap|work|link|host=value ...]
                   [--jitter c] [--drift c] [--slot c] [--tick 1000|100]
                   [--noise x] [--noise-seed n] [--duration s] [--reasons]
                   -o dir
