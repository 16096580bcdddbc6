desc: caps --calibrate on a node whose straggler is held by its temperature: it goes 40 W under what it drew, each GPU the probe leaves faster than that pace goes further, 10 W at a time, while a step more would still not slow the probe (its predicted cost is the straggler's alone), and each command applies the cap its row prints
setup: litsi -q synth --gpus 4 --layers 2 --samples 3 --straggler 2 --temp-spread 26 --physics curve=convex -o a && litsi -q ingest --run r0 a/rank*.json a/amd-smi.csv a/amd-smi-static.json
run: litsi caps --calibrate --format tsv > probe.tsv; cat probe.tsv; awk -F '\t' '/^# [a-z_]*$/ {on = $0 == "# probe"; next} on && !/^#/ && NF && $6 != "amd-smi set -g '"'"'" $2 "'"'"' -o '"'"'" $3 "'"'"'" {print "row " $2 ": command " $6 " for " $3 " W"; bad = 1} END {exit bad}' probe.tsv
exit: 0
--- stdout
# probe
# node	gpu	probe_w	restore_w	clock_mhz	command	restore
default	0	680	750	1835.6680327868853	amd-smi set -g '0' -o '680'	amd-smi set -g '0' -o '750'
default	1	670	750	1811.2315573770493	amd-smi set -g '1' -o '670'	amd-smi set -g '1' -o '750'
default	2	650	750	1775.8836258555732	amd-smi set -g '2' -o '650'	amd-smi set -g '2' -o '750'
default	3	680	750	1835.6680327868853	amd-smi set -g '3' -o '680'	amd-smi set -g '3' -o '750'


# probe_cost
# node	run	S_iter	power_ratio	fitted_gpus	gpus
default	r0	0.9339306203090939	0.9112569657516413	0	4
# probe: node default: S_iter and power_ratio are the probe's against the caps the run ran under (restore_w), predicted on the line through idle: its cost is at most about that
# record: apply the probe caps (command), run the job for a few minutes with the telemetry log running, restore the caps (restore); then `litsi ingest --run NAME --role calibration` the probe's telemetry files only: its readings give each GPU a second point of its power-to-clock curve, and the next `litsi caps` fits the curve to them
--- stderr
