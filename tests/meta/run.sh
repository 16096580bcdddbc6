#!/bin/sh
# run.sh: meta-tests keeping -h, the man pages, their EXAMPLES and the output
# formats consistent (STYLE §3.12). Prints TAP; tests needing a missing tool
# are skipped with a reason.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
: "${LITSI:=$top/build/litsi}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/litsi-meta.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
n=0 pass=0 fail=0 skip=0
export LC_ALL=C TZ=UTC NO_COLOR=1

ok() { n=$((n + 1)); pass=$((pass + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); fail=$((fail + 1)); echo "not ok $n - $1"; [ -n "${2:-}" ] && echo "$2" | sed 's/^/#   /'; }
skipt() { n=$((n + 1)); skip=$((skip + 1)); echo "ok $n - $1 # SKIP $2"; }
squeeze() { tr -s ' \t\n' '   ' | sed 's/^ //; s/ $//; s/ *| */|/g'; }

have_mandoc=0
command -v mandoc >/dev/null 2>&1 && have_mandoc=1
cmds=$("$LITSI" --list-commands)

# The slow checks (6, 8's consistency, 11) start now and run beside the rest;
# each is reported in its place below.
main_sample=$top/sample-traces/mi300x-straggler
run_examples() {
	for page in "$top"/man/*.1; do
		exs=$(awk '/^\.Sh EXAMPLES/ {on=1; next} /^\.Sh/ {on=0} on && /^\.Dl \$ / { sub(/^\.Dl \$ /, ""); print }' "$page" | sed 's/\\-/-/g; s/\\e/\\/g; s/\\(aq/'"'"'/g')
		[ -n "$exs" ] || continue
		name=$(basename "$page" .1)
		d=$tmp/ex-$name
		mkdir -p "$d/bin"
		ln -s "$top/sample-traces" "$d/sample-traces"
		ln -s "$top/scripts" "$d/scripts"
		ln -s "$LITSI" "$d/bin/litsi"
		if [ -d "$main_sample" ]; then
			(cd "$d" && LITSI_DB=$d/litsi.db "$LITSI" -q ingest sample-traces/mi300x-straggler) >/dev/null 2>&1
		fi
		echo "$exs" > "$d/examples"
		bad=
		while IFS= read -r ex; do
			(cd "$d" && PATH=$d/bin:$PATH LITSI_DB=$d/litsi.db sh -c "$ex") >"$d/out" 2>&1 </dev/null
			rc=$?
			# litsi check and report exit 1 (imbalanced) or 5 (inconclusive): not a failure here.
			case "$ex" in *"litsi check"*|*"litsi report"*) [ $rc = 1 ] || [ $rc = 5 ] && rc=0 ;; esac
			[ $rc = 0 ] || bad="$bad
$ex (exit $rc): $(head -c 300 "$d/out")"
		done < "$d/examples"
		if [ -z "$bad" ]; then : > "$tmp/ex-$name.ok"; else printf '%s\n' "$bad" > "$tmp/ex-$name.bad"; fi
	done
}
run_examples &
bg_examples=$!
if command -v python3 >/dev/null 2>&1; then
	c=$top/../shared/corpus
	s=$top/sample-traces
	mkdir -p "$tmp/consistency"
	python3 "$top/tests/meta/consistency.py" "$LITSI" "$tmp/consistency" \
		"straggler=$s/mi300x-straggler" "balanced=$s/mi300x-balanced" \
		"two-stragglers=$s/mi300x-two-stragglers" "rocprofv3=$s/mi300x-straggler-rocprofv3" \
		"nccl_data=$c/hta/tests/data/nccl_parser_config/nccl_data.json.gz" \
		"sampled=$c/hta/tests/data/trace_filter/sampled_rank-0.json.gz,$c/hta/tests/data/trace_filter/sampled_rank-1.json.gz" \
		"fused-amd=$c/hpctrainingexamples/MLExamples/TraceLens/fused_traces/merged_all_events.json.gz" \
		"b200=$c/tracelens/tests/traces/b200/eager_trace.json.gz" \
		"mi250=$c/hta/tests/data/amd_trace/mi250_minitoy_train_ROCm6_2_kineto.json.gz" \
		"nvidia-smi=$c/nvidia_smi_gpu_glasses/nvidia_smi.csv" \
		"v100=$c/hta/tests/data/ns_resolution_trace/rank-0.Apr_03_18_51_38.1102.pt.trace.json.gz" \
		>"$tmp/cons" 2>&1 &
	bg_cons=$!
fi
if command -v python3 >/dev/null 2>&1 && command -v sqlite3 >/dev/null 2>&1 && [ -d "$main_sample" ]; then
	mkdir -p "$tmp/hostile"
	python3 "$top/tests/meta/hostile.py" "$LITSI" "$tmp/hostile" "$main_sample" >"$tmp/host" 2>&1 &
	bg_host=$!
fi

for c in $cmds; do
	# 1. -h: exit 0, usage on stdout, nothing on stderr.
	out=$("$LITSI" "$c" -h 2>"$tmp/err"); rc=$?
	if [ $rc = 0 ] && [ -n "$out" ] && [ ! -s "$tmp/err" ]; then ok "$c -h"; else notok "$c -h" "exit $rc"; fi
	# 1b. A bad option: exit 2, exactly one message (litsi's, never getopt's), then the usage.
	"$LITSI" "$c" --bogus-option >/dev/null 2>"$tmp/err"; rc=$?
	msgs=$(grep -c -v -e '^usage: ' -e '^   ' "$tmp/err")
	if [ $rc = 2 ] && [ "$msgs" = 1 ] && head -1 "$tmp/err" | grep -q "^litsi $c: "; then
		ok "$c: a bad option is one message and exit 2"
	else
		notok "$c: a bad option is one message and exit 2" "exit $rc: $(cat "$tmp/err")"
	fi
	page=$top/man/litsi-$c.1
	if [ ! -f "$page" ]; then notok "$c has a man page" "missing $page"; continue; fi
	ok "$c has a man page"
	# 2. .Nd equals the summary in the command table.
	nd=$(sed -n 's/^\.Nd //p' "$page")
	summary=$("$LITSI" -h | awk -v c="$c" '$1 == c { $1 = ""; sub(/^ +/, ""); print }')
	if [ "$nd" = "$summary" ]; then ok "$c .Nd = summary"; else notok "$c .Nd = summary" "man: $nd
cmd: $summary"; fi
	# 3. SYNOPSIS equals the -h usage (rendered, whitespace squeezed).
	if [ $have_mandoc = 1 ]; then
		syn=$(mandoc -Tascii "$page" | col -b 2>/dev/null | awk '/^SYNOPSIS/ {on=1; next} /^[A-Z]/ {on=0} on' | squeeze)
		use=$(echo "$out" | sed '/^$/,$d; s/^usage: //' | squeeze)
		if [ "$syn" = "$use" ]; then ok "$c SYNOPSIS = usage"; else notok "$c SYNOPSIS = usage" "man: $syn
cmd: $use"; fi
	else
		skipt "$c SYNOPSIS = usage" "mandoc not installed"
	fi
	# 4. --list-opts equals the .Fl entries under OPTIONS.
	opts=$("$LITSI" "$c" --list-opts | grep -vx -- --help | sort -u | squeeze)
	fl=$(awk '/^\.Sh OPTIONS/ {on=1; next} /^\.Sh/ {on=0} on && /^\.It Fl/ { n = split($0, w, " "); for (i = 1; i < n; i++) if (w[i] == "Fl" && w[i + 1] ~ /^-[a-z]/) print "-" w[i + 1] }' "$page" | sed 's/^--*/--/' | grep -vx -- --help | sort -u | squeeze)
	if [ "$opts" = "$fl" ]; then ok "$c options documented"; else notok "$c options documented" "cmd: $opts
man: $fl"; fi
	# 4b. -h lists every option, one line each, under "options:".
	hopts=$(echo "$out" | awk '/^options:$/ {on=1; next} on && /^  -/ { sub(/^  /, ""); split($0, col, "  "); n = split(col[1], w, /[ ,]+/); for (i = 1; i <= n; i++) if (w[i] ~ /^--[a-z]/) print w[i] }' | grep -vx -- --help | sort -u | squeeze)
	if [ "$opts" = "$hopts" ]; then ok "$c -h lists its options"; else notok "$c -h lists its options" "cmd: $opts
-h: $hopts"; fi
done

# 5. Every man page passes mandoc -Tlint (style warnings allowed).
for page in "$top"/man/*.[157]; do
	[ -f "$page" ] || continue
	if [ $have_mandoc = 0 ]; then skipt "lint $(basename "$page")" "mandoc not installed"; continue; fi
	msg=$(mandoc -Tlint -W warning "$page" 2>&1 | grep -v "cross reference to self")
	if [ -z "$msg" ]; then ok "lint $(basename "$page")"; else notok "lint $(basename "$page")" "$msg"; fi
done

# 6. The EXAMPLES of every page run and exit 0, in a scratch directory that
# sees sample-traces/ and scripts/, with a database holding the main sample
# (run_examples, started at the top; reported here, in page order).
wait $bg_examples
for page in "$top"/man/*.1; do
	name=$(basename "$page" .1)
	if [ -f "$tmp/ex-$name.ok" ]; then ok "$name EXAMPLES run"
	elif [ -f "$tmp/ex-$name.bad" ]; then notok "$name EXAMPLES run" "$(cat "$tmp/ex-$name.bad")"
	fi
done
# ... and none hides from that run in a literal block.
hidden=$(awk '/^\.Sh EXAMPLES/ {on=1; next} /^\.Sh/ {on=0} on && /^\$ litsi/ { print FILENAME }' "$top"/man/*.1 | sort -u)
if [ -z "$hidden" ]; then ok "every EXAMPLES command is a .Dl line that runs"; else notok "every EXAMPLES command is a .Dl line that runs" "$hidden"; fi

# 7. A write error on standard output is exit 4 with a message.
if [ -w /dev/full ]; then
	"$LITSI" --version >/dev/full 2>"$tmp/err"; rc=$?
	if [ $rc = 4 ] && grep -q 'write error on standard output' "$tmp/err"; then ok "/dev/full gives exit 4"; else notok "/dev/full gives exit 4" "exit $rc: $(cat "$tmp/err")"; fi
else
	skipt "/dev/full gives exit 4" "/dev/full not writable"
fi

# 8. JSON output is valid JSON; CSV has a stable column count.
if [ -d "$main_sample" ] && command -v python3 >/dev/null 2>&1; then
	db=$tmp/fmt.db
	LITSI_DB=$db "$LITSI" -q ingest "$main_sample" >/dev/null 2>&1
	for c in info overlap lead corr thermal model caps; do
		echo "$cmds" | grep -qx "$c" || continue
		extra=
		[ "$c" = caps ] && extra="--scenario gpu-red"
		[ "$c" = overlap ] && extra="--summary"
		LITSI_DB=$db "$LITSI" $c $extra --format json >"$tmp/j" 2>/dev/null
		if python3 -m json.tool "$tmp/j" >/dev/null 2>&1; then ok "$c --format json is JSON"; else notok "$c --format json is JSON" "$(head -c 300 "$tmp/j")"; fi
		LITSI_DB=$db "$LITSI" $c $extra --format csv >"$tmp/c" 2>/dev/null
		if python3 -c '
import csv, sys
blocks = open(sys.argv[1]).read().split("\n\n")
for b in blocks:
    rows = [r for r in csv.reader(l for l in b.strip().splitlines() if not l.startswith("#")) if r]
    if rows and len({len(r) for r in rows}) != 1: sys.exit(1)
' "$tmp/c"; then ok "$c --format csv is rectangular"; else notok "$c --format csv is rectangular"; fi
	done
else
	skipt "output format linters" "no sample-traces/mi300x-straggler or python3"
fi

# 8. One source of truth: every figure two outputs both show is the same number
# (report JSON, the single commands' JSON, check JSON) on every sample node and
# the corpus traces (tests/meta/consistency.py).
if [ -n "${bg_cons:-}" ]; then
	wait $bg_cons
	while IFS='	' read -r st name why; do
		case $st in
		ok) ok "$name" ;;
		notok) notok "$name" "$why" ;;
		skip) skipt "$name" "$why" ;;
		*) notok "consistency.py output" "$st $name $why" ;;
		esac
	done <"$tmp/cons"
else
	skipt "consistency of the outputs" "python3 not installed"
fi

# 9. The README's set-up commands work as root where sudo does not exist (a
# fresh Debian container) and as a user with sudo: run with stub apt-get,
# make, sudo and ./litsi that only log what they were asked to do.
readme_setup() {	# $1: "sudo" to give the stub PATH a sudo
	d=$tmp/readme-$1
	mkdir -p "$d/bin"
	for t in apt-get make; do
		printf '#!/bin/sh\necho "%s $*" >>"%s/log"\n' "$t" "$d" >"$d/bin/$t"
	done
	printf '#!/bin/sh\necho "litsi $*" >>"%s/log"\n' "$d" >"$d/litsi"
	[ "$1" = sudo ] && printf '#!/bin/sh\necho "sudo:" >>"%s/log"\nexec "$@"\n' "$d" >"$d/bin/sudo"
	chmod +x "$d"/bin/* "$d/litsi"
	grep '^    .*apt-get install' "$top/README.md" | while IFS= read -r line; do
		(cd "$d" && PATH=$d/bin /bin/sh -c "$line") || echo "failed: $line" >>"$d/log"
	done
	cat "$d/log"
}
for who in root sudo; do
	got=$(readme_setup $who 2>&1)
	want_sudo=$(echo "$got" | grep -c '^sudo:')
	[ $who = root ] && exp=0 || exp=4
	if [ "$want_sudo" = "$exp" ] && echo "$got" | grep -q '^apt-get update' &&
	   [ "$(echo "$got" | grep -c '^apt-get install -y build-essential')" = 2 ] &&
	   echo "$got" | grep -q '^litsi report sample-traces/mi300x-capped' &&
	   echo "$got" | grep -q '^make check' && ! echo "$got" | grep -q '^failed'; then
		ok "README set-up commands as $who"
	else
		notok "README set-up commands as $who" "$got"
	fi
done

# 9b. The figures the README quotes from the two sample reports are the ones
# the report prints: the capped node's predicted cpu-slosh throughput and the
# TDP-bound node's power saving.
rd=$tmp/readme-figures
mkdir -p "$rd"
cap=$(cd "$rd" && "$LITSI" -q -d cap.db report "$top/sample-traces/mi300x-capped" 2>&1 |
	sed -n 's/^ *predicted throughput \(x[0-9.]*\),.*/\1/p' | head -1)
sav=$(cd "$rd" && "$LITSI" -q -d tdp.db report "$top/sample-traces/mi300x-straggler" 2>&1 |
	sed -n 's/.*caps save \([0-9.]*%\) power instead.*/\1/p' | head -1)
readme=$(tr '\n' ' ' <"$top/README.md")
if [ -n "$cap" ] && [ -n "$sav" ] &&
   echo "$readme" | grep -q "the action is the cpu-slosh caps, predicted $cap" &&
   echo "$readme" | grep -q "caps save $sav power instead"; then
	ok "README quotes the sample reports' figures ($cap, $sav)"
else
	notok "README quotes the sample reports' figures" "report: predicted '$cap', saving '$sav'"
fi

# One judgement: report and check give the same verdict and exit code for
# every (node, run) of every kind of database (one run, several runs, several
# nodes, a merged fleet, no telemetry, idle telemetry), by default and with
# --run all.
vdir=$tmp/verdicts
mkdir -p "$vdir"
if (cd "$vdir" &&
	S=$top/sample-traces &&
	"$LITSI" -q synth --gpus 4 --layers 2 --samples 3 --telemetry none -o notel &&
	mkdir -p idle && cp "$top/../shared/corpus/nvidia_smi_gpu_glasses/nvidia_smi.csv" idle/ 2>/dev/null ||
	cp "$top/tests/data/telemetry/nvidia-smi-units.csv" idle/ &&
	"$LITSI" -q -d one.db ingest --node n1 "$S/mi300x-straggler" &&
	"$LITSI" -q -d runs.db ingest --node n1 "$S/mi300x-balanced" &&
	"$LITSI" -q -d runs.db ingest --node n1 --run auto "$S/mi300x-two-stragglers" &&
	"$LITSI" -q -d runs.db ingest --node n1 --run r3 "$S/mi300x-straggler" &&
	"$LITSI" -q -d nodes.db ingest --node a "$S/mi300x-straggler" --node b "$S/mi300x-balanced" &&
	"$LITSI" -q -d f1.db ingest --node x --run j1 "$S/mi300x-two-stragglers" &&
	"$LITSI" -q -d f2.db ingest --node x --run j2 "$S/mi300x-balanced" --node y --run j2 "$S/mi300x-straggler" &&
	"$LITSI" -q merge fleet.db f1.db f2.db nodes.db &&
	"$LITSI" -q -d notel.db ingest notel &&
	"$LITSI" -q -d idle.db ingest idle) >"$vdir/log" 2>&1; then
	bad=
	for db in one runs nodes fleet notel idle; do
		for run in "" all; do
			set --
			[ -n "$run" ] && set -- --run "$run"
			"$LITSI" -d "$vdir/$db.db" check "$@" --format json >"$vdir/c.json" 2>/dev/null
			crc=$?
			"$LITSI" -d "$vdir/$db.db" report "$@" --format json >"$vdir/r.json" 2>/dev/null
			rrc=$?
			cv=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(sorted((n["node"], n["verdict"]) for n in d["nodes"]))' "$vdir/c.json" 2>&1)
			rv=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(sorted((n["node"], n["verdict"]) for n in d["nodes"]))' "$vdir/r.json" 2>&1)
			if [ "$crc" != "$rrc" ] || [ "$cv" != "$rv" ]; then
				bad="$bad
$db ${run:-latest}: check exit $crc $cv; report exit $rrc $rv"
			fi
		done
	done
	if [ -z "$bad" ]; then ok "report and check: one verdict and exit code per (node, run)"
	else notok "report and check: one verdict and exit code per (node, run)" "$bad"; fi
else
	notok "report and check: building the databases" "$(cat "$vdir/log")"
fi

# 10. One door for text leaving litsi: every print in the front end of a
# string that is not litsi's own goes through out_printf() (scripts/lint-print.awk).
msg=$(cd "$top" && awk -f scripts/lint-print.awk src/cmd/*.c src/main.c 2>&1)
if [ -z "$msg" ]; then ok "every print of a name goes through out_printf()"; else notok "every print of a name goes through out_printf()" "$msg"; fi

# 11. Every command and output format on a database whose every name field
# is hostile (control bytes, invalid UTF-8, quotes, 64 KiB): no raw control
# byte on stdout or stderr, valid JSON, well-formed XML (tests/meta/hostile.py).
if [ -n "${bg_host:-}" ]; then
	wait $bg_host
	[ -s "$tmp/host" ] || echo "notok	hostile names	no output" >"$tmp/host"
	while IFS='	' read -r st name why; do
		case $st in
		ok) ok "$name" ;;
		notok) notok "$name" "$why" ;;
		skip) skipt "$name" "$why" ;;
		*) notok "hostile.py output" "$st $name $why" ;;
		esac
	done <"$tmp/host"
else
	skipt "hostile names" "python3, sqlite3 or the sample missing"
fi

# 12. The house rules of scripts/lint.sh hold, and the lint itself fails on a
# planted violation of each layer rule (a copy of the tree, one file changed).
if (cd "$top" && sh scripts/lint.sh) >"$tmp/lint" 2>&1; then
	ok "lint: the tree keeps the house rules"
else
	notok "lint: the tree keeps the house rules" "$(grep '^lint:' "$tmp/lint")"
fi
lint_plant() {	# name, file (from the top), line to append, message the lint must give
	d=$tmp/lint-tree
	rm -rf "$d" && mkdir -p "$d" && cp -R "$top/scripts" "$top/src" "$top/include" "$d/"
	printf '%s\n' "$3" >>"$d/$2"
	if (cd "$d" && sh scripts/lint.sh) >"$tmp/lint" 2>&1; then
		notok "lint fails on $1" "no failure for: $3 in $2"
	elif grep -q "^lint: $4" "$tmp/lint"; then
		ok "lint fails on $1"
	else
		notok "lint fails on $1" "$(grep '^lint:' "$tmp/lint")"
	fi
}
lint_plant "a print in the results library" src/results/run.c \
	'void lint_planted(void) { printf("x"); }' "printing below cmd/"
lint_plant "a print in the ingest library" src/ingest/ingest.c \
	'void lint_planted(void) { fputs("x", stdout); }' "printing below cmd/"
lint_plant "a writer printing to stdout" src/fmt/fmt.c \
	'void lint_planted(FILE *f) { f = stdout; }' "a writer picks a standard stream"
lint_plant "a writer including the store" src/fmt/fleet_fmt.c \
	'#include "litsi/store.h"' "a writer includes the store"
lint_plant "the results library including a parser" src/results/run.c \
	'#include "litsi/parse.h"' "the results library includes"
lint_plant "an analysis including the results library" src/analysis/stats.c \
	'#include "litsi/results.h"' "an analysis includes the results library"
lint_plant "a command including an analysis header" src/cmd/overlap.c \
	'#include "litsi/overlap.h"' "a command includes an analysis header"
lint_plant "store.h including the parser API" include/litsi/store.h \
	'#include "litsi/parse.h"' "include/litsi/store.h includes the parser API"
lint_plant "a print in the merge" src/merge/merge_sql.c \
	'void lint_planted(void) { printf("x"); }' "printing below cmd/"
lint_plant "the store including the merge" src/store/store.c \
	'#include "litsi/merge.h"' "the store includes the merge"
lint_plant "the merge including an analysis header" src/merge/merge_copy.c \
	'#include "litsi/caps.h"' "the merge includes a parser, analysis"
lint_plant "the store's internal API outside the store and the merge" src/results/run.c \
	'#include "store/store_int.h"' "the store's internal API outside"

# 13. The --format names of every command come from the table of writers
# (src/fmt/fmt.c, printed by the hidden `litsi --list-formats`) and equal the
# --format item of its man page (tests/meta/formats.sh); the comparison fails
# on a page that lists a name the table does not give, or misses one.
if got=$(sh "$top/tests/meta/formats.sh" "$LITSI" "$top/man" 2>&1); then
	ok "--format names = the man pages"
else
	notok "--format names = the man pages" "$(echo "$got" | grep -v '^ok ')"
fi
fplant() {	# $1: what is planted, $2: page, $3: sed expression
	rm -rf "$tmp/fman" && cp -r "$top/man" "$tmp/fman"
	sed -i "$3" "$tmp/fman/$2"
	if cmp -s "$top/man/$2" "$tmp/fman/$2"; then notok "planted $1 changes $2"; return; fi
	if got=$(sh "$top/tests/meta/formats.sh" "$LITSI" "$tmp/fman" 2>&1); then
		notok "--format names: planted $1 fails" "$got"
	else
		ok "--format names: planted $1 fails"
	fi
}
fplant "a name the table lacks" litsi-report.1 's/^\(\.It Fl -format Ar\) table|json$/\1 table|csv|json/'
fplant "a missing name" litsi-check.1 's/^table (default, the readable text), json or junit;$/table or json;/'
fplant "a name out of order" litsi-lead.1 's/^\.It Fl -format Cm table | tsv | csv | json$/.It Fl -format Cm table | csv | tsv | json/'

echo "1..$n"
echo "meta: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
