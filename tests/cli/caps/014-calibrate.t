desc: caps --calibrate prints a probe 40 W under what each GPU drew, the commands that apply and restore it, its predicted cost and how to record it; the probe's telemetry ingested as a calibration run fits every GPU's curve
setup: litsi -q synth --layers 2 --samples 3 --straggler 5 --power-cap 700 --physics curve=convex -o a && litsi -q ingest --run r0 a/rank*.json a/amd-smi.csv a/amd-smi-static.json
run: litsi caps --calibrate --format tsv > probe.tsv; cat probe.tsv; awk -F '\t' '/^# [a-z_]*$/ {on = $0 == "# probe"; next} on && !/^#/ && NF {print $2 "\t" $3}' probe.tsv > p.tsv && (echo '# gpu	cap_w'; cat p.tsv) > pc.tsv && litsi -q synth --layers 2 --samples 3 --straggler 5 --power-cap 700 --caps pc.tsv --physics curve=convex -o p && litsi ingest --run probe --role calibration p/amd-smi.csv p/amd-smi-static.json && litsi caps --scenario gpu-realloc --format tsv | grep -E '^# (runs|calibration)'
exit: 0
--- stdout
# probe
# node	gpu	probe_w	restore_w	clock_mhz	command	restore
default	0	660	700	1869.201854334227	amd-smi set -g '0' -o '660'	amd-smi set -g '0' -o '700'
default	1	660	700	1874.7728999106346	amd-smi set -g '1' -o '660'	amd-smi set -g '1' -o '700'
default	2	660	700	1865.9520777479893	amd-smi set -g '2' -o '660'	amd-smi set -g '2' -o '700'
default	3	660	700	1872.4516309204648	amd-smi set -g '3' -o '660'	amd-smi set -g '3' -o '700'
default	4	660	700	1880.8081992850762	amd-smi set -g '4' -o '660'	amd-smi set -g '4' -o '700'
default	5	660	700	1839.4896112600538	amd-smi set -g '5' -o '660'	amd-smi set -g '5' -o '700'
default	6	660	700	1877.0941689008046	amd-smi set -g '6' -o '660'	amd-smi set -g '6' -o '700'
default	7	660	700	1878.0226764968722	amd-smi set -g '7' -o '660'	amd-smi set -g '7' -o '700'


# probe_cost
# node	run	S_iter	power_ratio	fitted_gpus	gpus
default	r0	0.9380535262298212	0.9428571428571428	0	8
# probe: node default: S_iter and power_ratio are the probe's against the caps the run ran under (restore_w), predicted on the line through idle: its cost is at most about that
# record: apply the probe caps (command), run the job for a few minutes with the telemetry log running, restore the caps (restore); then `litsi ingest --run NAME --role calibration` the probe's telemetry files only: its readings give each GPU a second point of its power-to-clock curve, and the next `litsi caps` fits the curve to them
p/amd-smi.csv: amd-smi-csv, node default, 8 GPUs, 0 samples, 0 kernels (0 comm), 5544 telemetry readings
p/amd-smi-static.json: amd-smi-json, node default, 8 GPUs, 0 samples, 0 kernels (0 comm)
ingested 2, already present 0, skipped 0, failed 0
# runs: node default: traces of run 'r0' (the latest; --run chooses); power-to-clock points from the telemetry of 2 runs
# calibration: node default: power-to-clock curves of 8 of 8 GPUs fitted to the runs' operating points (ingest --run), 0 took their median; exponents 2.49 to 2.51, each within +-0.52 (99%: gpu-red keeps its floor at the slow end)
--- stderr
