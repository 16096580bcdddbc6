desc: -o into a folder that does not exist is a clear usage error naming the folder, before gnuplot runs; a path through a file too
setup: litsi -q ingest "$SAMPLES/mi300x-straggler" && touch afile
run: litsi plot leads -o missing/dir/x.png; echo "exit $?"; litsi plot leads -o afile/x.svg; echo "exit $?"; ls missing 2>/dev/null | wc -l
exit: 0
--- stdout
exit 2
exit 2
0
--- stderr
litsi: cannot write 'missing/dir/x.png': folder 'missing/dir' does not exist
litsi: cannot write 'afile/x.svg': 'afile' is not a folder
