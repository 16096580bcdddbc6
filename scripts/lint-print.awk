# lint-print.awk: every print in the front end (src/cmd/, src/main.c) of text
# that is not litsi's own goes through out_printf() (src/util/textesc.c),
# which makes control characters and invalid UTF-8 visible. Flags:
#  - printf/fprintf/vfprintf/dprintf whose format has a %s or %c conversion,
#    or whose format is not a string literal;
#  - puts/fputs/fwrite whose text is not a string literal (or a ?: of two);
#  - putc/fputc/putchar of anything but a character constant.
# A statement is read from the call to its ';'. A line ending in
# "/* lint-print: own text */" is litsi's own text (usage, scripts) and passes.
function flush(   s, f) {
	s = stmt; stmt = ""; collecting = 0
	if (s ~ /lint-print: own text/)
		return
	if (match(s, /(^|[^a-z_])(printf|fprintf|vfprintf|dprintf)[ \t]*\(/)) {
		f = substr(s, RSTART + RLENGTH)
		if (s ~ /(^|[^a-z_])(fprintf|vfprintf|dprintf)[ \t]*\(/)
			sub(/^[^,]*,[ \t]*/, "", f)	# the stream
		# a ?: of two formats: both are checked
		if (f ~ /^[^,"]*\?[ \t]*"/)
			sub(/^[^,"]*\?[ \t]*/, "", f)
		if (f !~ /^"/) { bad("format not a literal"); return }
		# the concatenated literals of the format (and of the ?:'s second)
		fmt = ""
		while (match(f, /^"([^"\\]|\\.)*"[ \t]*(:[ \t]*)?/)) {
			fmt = fmt substr(f, 2, RLENGTH - 2)
			f = substr(f, RLENGTH + 1)
		}
		if (fmt ~ /%[-+ #0]*[0-9*]*(\.[0-9*]+)?[hlzjtL]*[sc]/)
			bad("%s/%c of a string not through out_printf()")
		return
	}
	if (match(s, /(^|[^a-z_])(puts|fputs|fwrite)[ \t]*\(/)) {
		f = substr(s, RSTART + RLENGTH)
		if (f ~ /^"/ || f ~ /^[^,"]*\?[ \t]*("([^"\\]|\\.)*"[ \t]*)+:[ \t]*"/)
			return
		bad("text not a literal")
		return
	}
	if (match(s, /(^|[^a-z_])(putc|fputc|putchar)[ \t]*\(/)) {
		f = substr(s, RSTART + RLENGTH)
		if (f !~ /^'/)
			bad("a character not a constant")
	}
}
function bad(why) {
	printf "%s:%d: %s: %s\n", FILENAME, start, why, line1
	rc = 1
}
FNR == 1 && collecting { flush() }
{
	if (!collecting && $0 ~ /(^|[^a-z_])(v?f?printf|dprintf|f?puts|fwrite|f?putc|putchar)[ \t]*\(/ &&
	    $0 !~ /^[ \t]*(\/?\*|\/\/)/ && $0 !~ /(^|[^a-z_])(v?snprintf|sbuf_addf|err_set|err_prefix|out_v?printf)[ \t]*\(/) {
		collecting = 1; stmt = ""; start = FNR; line1 = $0
		sub(/^[ \t]+/, "", line1)
	}
	if (collecting) {
		l = $0; sub(/^[ \t]+/, "", l)
		stmt = stmt (stmt == "" ? "" : " ") l
		if ($0 ~ /;[ \t]*(\/\*.*\*\/)?[ \t]*$/)
			flush()
	}
}
END { if (collecting) flush(); exit rc }
