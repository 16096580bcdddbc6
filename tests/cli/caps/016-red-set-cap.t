desc: gpu-red on a node run at a set cap below the part's max (600 W on a 750 W MI300X) starts from that cap: no cap above 600 W, P_n 8 x 600 W, power_ratio against it
setup: litsi -q synth --layers 2 --samples 3 --straggler 5 --power-cap 600 -o a && litsi -q ingest --run r0 a/rank*.json a/amd-smi.csv a/amd-smi-static.json
run: litsi caps --scenario gpu-red --format tsv > c.tsv; awk -F '\t' '/^# [a-z_]*$/ {on = $0 == "# caps"; next} on && !/^#/ && NF {n++; if ($4 > 600) print "above 600 W: " $0} END {print n " caps, none above 600 W unless listed"}' c.tsv; grep -E '^# (limits|baseline)|model prediction' c.tsv | cut -f 1-5,14-16
exit: 0
--- stdout
8 caps, none above 600 W unless listed
default	gpu-red	model prediction	4800	4649	750	600	0
# limits: node default: TDP 750 W (telemetry), cap 600 W (telemetry), min limit none
# baseline: node default: S_iter and power_ratio are against the initial caps, 8 x 600 W (the cap in force in run 'r0', the only run (--baseline-run chooses)); the budget P_n follows from them
--- stderr
