#!/bin/sh
# fnlen.sh: lines per function definition (KNF: name at line start, '{' alone), longest first.
cd "$(dirname "$0")/.."
for f in src/*.c src/*/*.c; do
	awk -v f="$f" '
		/^[a-z_][a-z0-9_]*\(/ { name = $0; sub(/\(.*/, "", name) }
		/^\{/ { start = NR }
		/^\}/ && start { print NR - start - 1, f ":" name; start = 0 }
	' "$f"
done | sort -rn
