desc: without a named database the report uses a temporary one and removes it; --keep keeps it
run: unset LITSI_DB; cd "$TOP" && TMPDIR="$OLDPWD" litsi report sample-traces/mi300x-balanced >/dev/null; echo "exit $?"; ls "$OLDPWD" | grep -c litsi-report; TMPDIR="$OLDPWD" litsi report --keep sample-traces/mi300x-balanced >/dev/null 2>"$OLDPWD/err"; sed "s|'.*/litsi-report\.[A-Za-z0-9]*'|'DIR/litsi-report.X'|" "$OLDPWD/err"; ls "$OLDPWD" | grep -c 'litsi-report\.[A-Za-z0-9]*$'
exit: 0
--- stdout
exit 0
0
litsi: the database is kept in 'DIR/litsi-report.X'
1
--- stderr
