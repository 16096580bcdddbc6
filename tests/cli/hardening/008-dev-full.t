desc: /dev/full as standard output: exit 4 "write error on standard output"
setup: litsi -q ingest $SAMPLES/mi300x-straggler/rank0.json.gz
run: litsi info > /dev/full; echo "exit $?"; litsi lead > /dev/full; echo "exit $?"; litsi ingest -f $SAMPLES/mi300x-straggler/rank0.json.gz > /dev/full; echo "exit $?"
exit: 0
--- stdout
exit 4
exit 4
exit 4
--- stderr
litsi: write error on standard output: No space left on device
litsi: write error on standard output: No space left on device
litsi: write error on standard output: No space left on device
