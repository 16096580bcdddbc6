desc: --script prints the built-in script of a figure, the same as scripts/leads.gp
run: litsi plot --script leads | cmp - "$SCRIPTS/leads.gp" && echo same
exit: 0
--- stdout
same
--- stderr
