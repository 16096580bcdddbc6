#!/bin/sh
# lint.sh: house rules that the compiler does not check (STYLE §3.10, §3.9).
set -u
cd "$(dirname "$0")/.."
rc=0
bad=$(grep -ln '#include <sqlite3.h>' src/*.c src/*/*.c 2>/dev/null | grep -v '^src/store/')
if [ -n "$bad" ]; then echo "lint: <sqlite3.h> outside src/store/: $bad"; rc=1; fi
bad=$(grep -nE '\b(system|popen)\s*\(' src/*.c src/*/*.c 2>/dev/null)
if [ -n "$bad" ]; then echo "lint: no shell may run user input: $bad"; rc=1; fi
bad=$(grep -lE '\b(printf|puts|fprintf\(stdout)' src/analysis/*.c src/store/*.c src/parse/*.c 2>/dev/null)
if [ -n "$bad" ]; then echo "lint: printing below cmd/: $bad"; rc=1; fi
# Function length report (STYLE §3.9): the longest functions.
sh scripts/fnlen.sh | head -n 10
exit $rc
