#!/bin/sh
# lint.sh: house rules that the compiler does not check (STYLE §3.10, §3.9).
set -u
cd "$(dirname "$0")/.."
rc=0
bad=$(grep -ln '#include <sqlite3.h>' src/*.c src/*/*.c 2>/dev/null | grep -v '^src/store/')
if [ -n "$bad" ]; then echo "lint: <sqlite3.h> outside src/store/: $bad"; rc=1; fi
bad=$(grep -nE '\b(system|popen)\s*\(' src/*.c src/*/*.c 2>/dev/null)
if [ -n "$bad" ]; then echo "lint: no shell may run user input: $bad"; rc=1; fi
# No shell anywhere: the programs litsi starts are gnuplot (src/fmt/plot_gnuplot.c)
# and, for litsi record, the user's command and the vendor tools
# (src/record/proc.c), each by execvp() with an argv array; no "sh -c", no exec
# of a built string.
bad=$(grep -nE '\b(exec[lv]p?e?|posix_spawnp?)\s*\(' src/*.c src/*/*.c 2>/dev/null |
	grep -v '^src/fmt/plot_gnuplot.c:.*execvp(argv\[0\], argv)' |
	grep -v '^src/record/proc.c:.*execvp(argv\[0\], argv)')
if [ -n "$bad" ]; then echo "lint: exec outside plot_gnuplot.c: $bad"; rc=1; fi
bad=$(grep -nE '"(/bin/)?sh"|"-c", *"' src/*.c src/*/*.c 2>/dev/null | grep -v '"gnuplot", "-c", "/dev/fd/4"')
if [ -n "$bad" ]; then echo "lint: a shell is started: $bad"; rc=1; fi
# SQL: prepared statements with bound parameters only. No SQL text is built
# with printf-style formatting (store_input.c quotes an identifier by hand).
bad=$(grep -nE 'sqlite3_(v?mprintf|snprintf|str_appendf)' src/*.c src/*/*.c 2>/dev/null)
if [ -n "$bad" ]; then echo "lint: SQL built with sqlite3 printf: $bad"; rc=1; fi
bad=$(grep -nE '(snprintf|sbuf_addf)\(.*"[^"]*\b(SELECT|INSERT|UPDATE|DELETE|WHERE|VALUES)\b' \
	src/*.c src/*/*.c 2>/dev/null)
if [ -n "$bad" ]; then echo "lint: SQL built with printf: $bad"; rc=1; fi
bad=$(grep -nE 'sqlite3_exec\([^,]+, *[a-z_]+[,)]' src/store/*.c src/merge/*.c 2>/dev/null |
	grep -vE 'sqlite3_exec\([^,]+, *(sql|unstage_sql|schema_sql),')
if [ -n "$bad" ]; then echo "lint: sqlite3_exec of a non-constant: $bad"; rc=1; fi
bad=$(grep -nE '(^|[^a-z_])(printf|puts|fputs|fprintf|putchar)[[:space:]]*\(' src/analysis/*.c src/store/*.c src/parse/*.c src/results/*.c src/ingest/*.c src/merge/*.c 2>/dev/null | grep -vE '^[^:]+:[0-9]+:[[:space:]]*(/?\*|//)' | cut -d: -f1 | sort -u)
if [ -n "$bad" ]; then echo "lint: printing below cmd/: $bad"; rc=1; fi
# The writers (src/fmt/) write to the stream they are handed, never to a
# standard stream of their own choosing: the command decides where output goes.
bad=$(grep -nE '(^|[^a-z_])(printf|puts|putchar|vprintf)[[:space:]]*\(|\b(stdout|stderr)\b' src/fmt/*.c 2>/dev/null | grep -vE '^[^:]+:[0-9]+:[[:space:]]*(/?\*|//)' | cut -d: -f1 | sort -u)
if [ -n "$bad" ]; then echo "lint: a writer picks a standard stream: $bad"; rc=1; fi
# One door for text leaving litsi: a print in the front end of anything but
# litsi's own text goes through out_printf() (scripts/lint-print.awk).
if ! awk -f scripts/lint-print.awk src/cmd/*.c src/main.c; then
	echo "lint: a print bypasses out_printf() (src/util/textesc.c)"; rc=1
fi
# Layers (STYLE §3.2): the analyses and their headers never see the store, the
# store never sees an analysis, the parsers never see the store: each speaks
# trace.h records. The results library (src/results/) is the one layer that
# joins the store and the analyses.
ana_h="interval lead overlap caps model thermal stats check synth"
for h in $ana_h; do
	if grep -q '#include "litsi/store.h"' include/litsi/$h.h; then
		echo "lint: include/litsi/$h.h includes the store API"; rc=1
	fi
done
bad=$(grep -l '#include "litsi/store.h"' src/analysis/*.c src/parse/*.c src/parse/*.h 2>/dev/null)
if [ -n "$bad" ]; then echo "lint: the store API below the results library: $bad"; rc=1; fi
bad=$(grep -lE '#include "litsi/(interval|lead|overlap|caps|model|thermal|stats|check|synth|results)\.h"' \
	src/store/*.c src/store/*.h 2>/dev/null)
if [ -n "$bad" ]; then echo "lint: the store includes an analysis header: $bad"; rc=1; fi
# The results library joins the store and the analyses and renders nothing;
# the writers render results and never query: neither sees the parsers, the
# ingest library or a command; the analyses never see the results library.
bad=$(grep -lE '#include "(litsi/(parse|ingest|fmt|plot|htmlpage)\.h|cmd\.h)"' src/results/*.c 2>/dev/null)
if [ -n "$bad" ]; then echo "lint: the results library includes a parser, writer or command header: $bad"; rc=1; fi
bad=$(grep -lE '#include "(litsi/(store|parse|ingest|dbinput)\.h|cmd\.h)"' src/fmt/*.c 2>/dev/null)
if [ -n "$bad" ]; then echo "lint: a writer includes the store, a parser or a command header: $bad"; rc=1; fi
# The commands are options and rendering: they reach the analyses' result
# types through the results library (results.h includes what it returns),
# never an analysis header of their own. fleet.h and synth.h also declare
# their writers (src/fmt/fleet_fmt.c, src/fmt/synth_write.c) and stay allowed.
bad=$(grep -lE '#include "litsi/(interval|lead|overlap|caps|model|thermal|stats|check|compare|parts)\.h"' \
	src/cmd/*.c src/cmd/*.h src/cmd.h src/main.c 2>/dev/null)
if [ -n "$bad" ]; then echo "lint: a command includes an analysis header: $bad"; rc=1; fi
bad=$(grep -l '#include "litsi/results.h"' src/analysis/*.c 2>/dev/null)
if [ -n "$bad" ]; then echo "lint: an analysis includes the results library: $bad"; rc=1; fi
bad=$(grep -lE '#include "(litsi/(results|fmt|plot|htmlpage)\.h|cmd\.h)"' src/ingest/*.c 2>/dev/null)
if [ -n "$bad" ]; then echo "lint: the ingest library includes a results, writer or command header: $bad"; rc=1; fi
# The merge (src/merge/) speaks SQL through the store's internal API
# (store/store_int.h), which no other layer sees; the store never sees the
# merge, and the merge sees no parser, analysis, result, writer or command.
bad=$(grep -l '#include "store/store_int.h"' src/*.c src/*/*.c src/*/*.h 2>/dev/null | grep -vE '^src/(store|merge)/')
if [ -n "$bad" ]; then echo "lint: the store's internal API outside src/store/ and src/merge/: $bad"; rc=1; fi
bad=$(grep -lE '#include "(litsi/merge\.h|merge_int\.h|merge/merge_int\.h)"' src/store/*.c src/store/*.h include/litsi/store.h 2>/dev/null)
if [ -n "$bad" ]; then echo "lint: the store includes the merge: $bad"; rc=1; fi
bad=$(grep -lE '#include "(litsi/(parse|dbinput|ingest|results|fmt|plot|htmlpage|interval|lead|overlap|caps|model|thermal|stats|check|synth)\.h|cmd\.h)"' \
	src/merge/*.c src/merge/*.h include/litsi/merge.h 2>/dev/null)
if [ -n "$bad" ]; then echo "lint: the merge includes a parser, analysis, result, writer or command header: $bad"; rc=1; fi
# One door for other programs' SQLite files: the store's API is not the
# parsers' (store.h never includes parse.h), and an input database is read
# only through the cursor of dbinput.h by a parser in src/parse/.
if grep -q '#include "litsi/parse.h"' include/litsi/store.h; then
	echo "lint: include/litsi/store.h includes the parser API"; rc=1
fi
# Function length report (STYLE §3.9): the longest functions.
sh scripts/fnlen.sh | head -n 10
exit $rc
