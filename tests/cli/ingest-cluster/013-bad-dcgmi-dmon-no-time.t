desc: a dmon log without --time: exit 3 saying what to pass
run: cd "$DATA/cluster" && litsi ingest dcgmi-dmon.txt
exit: 3
--- stdout
--- stderr
litsi: dcgmi-dmon.txt:3: dcgmi dmon prints no times: pass --time (the first tick) and --interval (dmon -d) to date the rows
