#!/bin/sh
# embed-gp.sh: turn the figure scripts scripts/*.gp into C string constants
# (build/plot_scripts.h) for litsi plot, keyed by file name without ".gp".
set -eu
echo "/* generated from the figure scripts by scripts/embed-gp.sh; do not edit */"
for f in "$@"; do
	name=$(basename "$f" .gp)
	echo "static const char plot_gp_$name[] ="
	sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/\t"/' -e 's/$/\\n"/' "$f"
	echo ";"
done
echo "static const struct { const char *name, *text; } plot_scripts[] = {"
for f in "$@"; do
	name=$(basename "$f" .gp)
	echo "	{ \"$name\", plot_gp_$name },"
done
echo "};"
