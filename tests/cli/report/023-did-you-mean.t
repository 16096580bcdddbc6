desc: a misspelled command or long option is answered with the closest name; a name far from all gets none
run: litsi leads; echo "exit $?"; litsi report --nodde x 2>&1 | head -1; litsi report --zzzz 2>&1 | head -1; litsi frobnicate; echo "exit $?"
exit: 0
--- stdout
exit 2
litsi report: unknown option '--nodde'; did you mean '--node'?
litsi report: unknown option or missing value '--zzzz'
exit 2
--- stderr
litsi: 'leads' is not a litsi command; did you mean 'lead'? see 'litsi -h'
litsi: 'frobnicate' is not a litsi command; see 'litsi -h'
