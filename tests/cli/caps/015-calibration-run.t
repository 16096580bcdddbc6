desc: a calibration run is never the run whose traces caps and model read: --run naming it is a usage error, and so is --baseline-run
setup: litsi -q synth --layers 2 --samples 3 --straggler 5 --power-cap 700 -o a && litsi -q synth --layers 2 --samples 3 --straggler 5 --power-cap 660 -o p && litsi -q ingest --run r0 a/rank*.json a/amd-smi.csv a/amd-smi-static.json && litsi -q ingest --run probe --role calibration p/amd-smi.csv p/amd-smi-static.json
run: litsi caps --scenario gpu-red --run probe 2>&1 | head -1; litsi model --run probe; echo "exit $?"; litsi caps --scenario gpu-red --baseline-run probe 2>&1 | head -1; litsi caps --scenario gpu-red --baseline-run nosuch 2>&1 | head -1; litsi caps --scenario gpu-red --run probe >/dev/null 2>&1; echo "exit $?"
exit: 0
--- stdout
litsi caps: node 'default': run 'probe' is a calibration run (ingest --role calibration): its telemetry feeds the power curve, its traces never the timing model; --run names another run
exit 2
litsi caps: node 'default': run 'probe' is a calibration run, not one the node ran at (--baseline-run)
litsi caps: node 'default' has no run 'nosuch' (--baseline-run; ingest --run names runs)
exit 2
--- stderr
litsi: node 'default': run 'probe' is a calibration run (ingest --role calibration): its telemetry feeds the power curve, its traces never the timing model; --run names another run
