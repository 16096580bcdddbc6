desc: -h prints the usage and every option with one line of description, taken from the man page
run: litsi ingest -h
exit: 0
--- stdout
usage: litsi ingest [-f] [-j n] [--run name [--role calibration]] [--rank n]
                    [--device n] [--format name]
                    [--clock-offset ns] [--time when] [--interval dur] [--tz zone]
                    [--node name | --node-from dir|host] path ...

options:
  -f, --force              Replace a file that was already ingested with identical content.
  -j n, --jobs n           Use n threads (1 to 1024).
  --node name              Store the GPUs of the paths that follow under node name, until the next --node or --node-from
  --node-from dir|host     Name the node of each file of the paths that follow (until the next --node or --node-from).
  --run name               Record the files as part of the run name of their node (a job, or one setting of its power caps).
  --run auto               Choose each file's run
  --role calibration       Record the run of --run as a calibration run (the probe of litsi caps --calibrate; the role is kept per file in source_meta, key role, see litsi-db(5)).
  --rank n                 The rank of a PyTorch trace that names none.
  --device n               The GPU of a telemetry log that names none (an nvidia-smi log without an index, pci.bus_id or uuid column)
  --format name            Skip detection and read every file with the named parser.
  --clock-offset ns        Add ns (or a value with a unit: ns, us, ms, s) to every time of the files, and record them as epoch times
  --time when              The time of telemetry samples that carry none (rocm-smi, one-shot amd-smi, Prometheus text without timestamps, the first tick of dcgmi dmon)
  --interval dur           The time between the ticks of a telemetry log that prints no times (dcgmi dmon -d), a duration with a unit, e.g. 100ms (default 1s, dmon's default)
  --tz zone                Time zone of nvidia-smi's local timestamps (default: the machine's).
--- stderr
