desc: timestamps past INT64 ns, or outside the plausible 0..2^62 ns, are refused with exit 3; those just below 2^62 are handled
needs: python3
setup: python3 $TOP/tests/stress/gen-kineto.py --ts-base 9223372036854775 --kernels 3 > over.json && python3 $TOP/tests/stress/gen-kineto.py --ts-base 9223372036854000 --kernels 3 > far.json && python3 $TOP/tests/stress/gen-kineto.py --ts-base 4611686018427000 --kernels 3 > near.json && python3 $TOP/tests/stress/gen-kineto.py --ts-base 9223372036854775807 --kernels 3 > max.json
run: litsi ingest over.json; echo "exit $?"; litsi ingest max.json; echo "exit $?"; for f in pytorch-ts-dur-overflow.json pytorch-late-base-overflow.json; do litsi ingest $DATA/bad/$f 2>&1 | sed "s|^litsi: .*/tests/data/|litsi: |"; done; litsi ingest far.json; echo "exit $?"; litsi ingest near.json; echo "exit $?"; litsi ingest --clock-offset 9000000000000000000 $SAMPLES/mi300x-straggler/rank0.json.gz 2>&1 | sed "s|^litsi: /.*/sample-traces/|litsi: |"; (cd $SAMPLES && litsi -q ingest --clock-offset -9000000000000000000 mi300x-straggler/rank0.json.gz); echo "exit $?"; litsi lead --format tsv | head -3; litsi info --format tsv >/dev/null; echo "exit $?"
exit: 0
--- stdout
exit 3
exit 3
litsi: bad/pytorch-ts-dur-overflow.json: byte 160: expected "ts" + "dur" to fit in 64-bit nanoseconds
litsi: bad/pytorch-late-base-overflow.json: byte 154: expected "baseTimeNanoseconds" plus the event times to fit in 64-bit nanoseconds
exit 3
near.json: pytorch, node default, 1 GPU, 1 sample, 3 kernels (0 comm)
exit 0
litsi: mi300x-straggler/rank0.json.gz: byte 3570: time 1771149600750000000 ns shifted by 9000000000000000000 ns (--clock-offset or the trace's time base) does not fit in 64-bit nanoseconds
exit 3
# node: default


exit 0
--- stderr
litsi: over.json: byte 220: expected "ts" + "dur" to fit in 64-bit nanoseconds
litsi: max.json: byte 192: expected a number of microseconds for "ts", got '9223372036854775807'
litsi: far.json: byte 220: time 9223372036854000000 ns is outside the plausible range 0 to 4611686018427387904 ns
litsi: mi300x-straggler/rank0.json.gz: byte 3570: time -7228850399250000000 ns is outside the plausible range 0 to 4611686018427387904 ns
