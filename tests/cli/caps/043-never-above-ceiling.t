desc: on the capped sample node caps alone prints the same prediction and the same ceiling as the report, for each scenario; cpu-slosh's ceiling is against the initial caps with its boost, so its prediction is not cut to what aligning the GPUs alone could give
setup: litsi -q ingest "$SAMPLES/mi300x-capped"
run: for s in gpu-red gpu-realloc cpu-slosh; do litsi caps --scenario $s --emit none --format tsv | awk -F '\t' '/^# prediction$/ { on = 1; next } on && !/^#/ && NF { printf "caps %s S_iter %.3f ceiling %.3f above: %s\n", $2, $10, $18, ($10 > $18 ? "YES" : "no") }'; done; litsi caps --scenario cpu-slosh | grep '^# ceiling'; litsi report | grep -E '^ *(gpu-red|gpu-realloc|cpu-slosh): sum' | sed 's/^ *//; s/ of [0-9]* W//'
exit: 0
--- stdout
caps gpu-red S_iter 0.996 ceiling 0.967 above: YES
caps gpu-realloc S_iter 1.036 ceiling 0.995 above: YES
caps cpu-slosh S_iter 1.070 ceiling 1.000 above: YES
gpu-red: sum 5413 W, predicted throughput x0.996 (ceiling x1.000), power x0.967
gpu-realloc: sum 5600 W, predicted throughput x1.036 (ceiling x1.043), power x1.000
cpu-slosh: sum 5760 W, predicted throughput x1.070 (ceiling x1.095), power x1.029
--- stderr
