desc: merge needs an output and at least one input; an input that is the output is refused
setup: litsi -d a.db ingest --node n1 "$SAMPLES/mi300x-straggler" >/dev/null
run: litsi merge; echo "exit $?"; litsi merge out.db; echo "exit $?"; litsi merge a.db a.db; echo "exit $?"; litsi merge --bogus x y; echo "exit $?"
exit: 0
--- stdout
exit 2
exit 2
exit 2
exit 2
--- stderr
litsi merge: no output database given
usage: litsi merge out.db in.db ...
litsi merge: no input database given
usage: litsi merge out.db in.db ...
litsi: 'a.db' is the output database
litsi merge: unknown option or missing value '--bogus'
usage: litsi merge out.db in.db ...
