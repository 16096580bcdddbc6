desc: a node that holds two runs (a hot straggler at 700 W, then a cooler run at 720 W): check judges the latest run by default (balanced, exit 0), --run all each run on its own files (imbalanced then balanced, exit 1), --run picks one run (exit 0); the verdicts are those compare prints
setup: litsi -q synth --layers 2 --samples 4 --straggler 5 --power-cap 700 -o a && litsi -q synth --layers 2 --samples 4 --temp-spread 1 --power-cap 720 -o b && litsi -q ingest --run base a/rank*.json a/amd-smi.csv a/amd-smi-static.json && litsi -q ingest --run next b/rank*.json b/amd-smi.csv b/amd-smi-static.json
run: litsi check > /dev/null; echo "latest: exit $?"; litsi check --run all | grep '^node\|of 2'; litsi check --run all > /dev/null; echo "exit $?"; litsi check --run next --format json | grep -o '"node":"[^"]*","imbalanced":[a-z]*'; echo "exit $?"; litsi compare --format tsv base next | awk -F '\t' '/^# runs/ {on = 1; next} on && /^#/ {next} on && !NF {exit} on {print $2, $9}'
exit: 0
--- stdout
latest: exit 0
node default (run base): IMBALANCED: 2 thermal rules fired
node default (run next): balanced: 2 thermal rules passed
1 of 2 node runs imbalanced: default (run base); 0 inconclusive
exit 1
"node":"default (run next)","imbalanced":false
exit 0
base imbalanced
next balanced
--- stderr
