desc: report --run ingests its paths as that run and reports on it alone; a second run of the node does not enter the first one's report
setup: litsi -q synth --layers 2 --samples 4 --straggler 5 --power-cap 700 -o a && litsi -q synth --layers 2 --samples 4 --temp-spread 1 --power-cap 720 -o b
run: litsi -q -d r.db report --run base a/rank*.json a/amd-smi.csv a/amd-smi-static.json > base1.txt; echo "exit $?"; litsi -q -d r.db ingest --run next b/rank*.json b/amd-smi.csv b/amd-smi-static.json; litsi -d r.db report --run base > base2.txt; echo "exit $?"; cmp base1.txt base2.txt && echo same; grep '^inputs:' base2.txt; grep -E '^(straggler|node default)' base2.txt; litsi -d r.db report --run next > next.txt; echo "exit $?"; grep '^inputs:' next.txt; grep -E '^(straggler|node default)' next.txt
exit: 0
--- stdout
exit 1
exit 1
same
inputs: 10 sources of run base (8 pytorch, 1 amd-smi-csv, 1 amd-smi-json)
straggler: gpu 5, the slowest in 4 of 4 samples
node default (run base): IMBALANCED: 2 thermal rules fired
exit 0
inputs: 10 sources of run next (8 pytorch, 1 amd-smi-csv, 1 amd-smi-json)
straggler: none persistent (gpu 2 is the slowest in 2 of 4 samples)
node default (run next): balanced: 2 thermal rules passed
--- stderr
