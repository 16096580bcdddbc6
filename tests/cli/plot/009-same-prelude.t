desc: every figure script carries the same litsi prelude (input, output, colours)
run: for f in "$SCRIPTS"/*.gp; do sed -n '/^# ---- litsi prelude/,/^# ---- end of the litsi prelude/p' "$f" | cksum; done | sort -u | wc -l
exit: 0
--- stdout
1
--- stderr
