desc: without gnuplot on PATH plot exits 4 naming the Debian package
setup: litsi -q ingest "$SAMPLES/mi300x-straggler/rank0.json.gz"
setup: mkdir nognuplot && ln -s "$(command -v litsi)" nognuplot/litsi
run: env PATH="$PWD/nognuplot" litsi plot -o leads.png leads; echo "exit $?"; test ! -e leads.png
exit: 0
--- stdout
exit 4
--- stderr
litsi: gnuplot is not installed or not on PATH; install it (Debian package 'gnuplot-nox')
