#!/bin/sh
# run.sh: golden CLI tests. Each tests/cli/<cmd>/NNN-slug.t holds:
#   desc: one line
#   needs: corpus | gnuplot | python3 ...     (optional; skipped when missing)
#   setup: a shell command that must exit 0   (any number, in order)
#   run: the command under test                (one line, run by sh)
#   exit: expected exit code
#   --- stdout
#   expected standard output, exactly
#   --- stderr
#   expected standard error, exactly
# Commands run in a fresh temporary directory with LITSI_DB, LC_ALL=C, TZ=UTC,
# NO_COLOR=1, and $SAMPLES, $DATA, $CORPUS, $SCRIPTS pointing at the inputs.
# LITSI_REGEN=1 rewrites the expected blocks. LITSI_CLI_TIMES=FILE appends
# "WALL CPU NAME" for each case run, in seconds (where the suite's time goes). Prints TAP,
# in case order. Cases run LITSI_CLI_JOBS at a time (default: the CPU count),
# each in its own directory with its own database; a worker claims the next
# case (mkdir is atomic), so a long case never holds up the others.
# LITSI_CLI_EXCLUDE="SUBSTR ..." leaves out the cases whose names hold one.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
: "${LITSI:=$top/build/litsi}"
corpus=${LITSI_CORPUS:-$top/../shared/corpus}
case $corpus in /*) ;; *) corpus=$(cd "$corpus" 2>/dev/null && pwd || echo "$corpus") ;; esac
filter=${1:-}
tmproot=$(mktemp -d "${TMPDIR:-/tmp}/litsi-cli.XXXXXX")
trap 'rm -rf "$tmproot"' EXIT INT TERM
mkdir -p "$tmproot/bin"
ln -s "$LITSI" "$tmproot/bin/litsi"
n=0 pass=0 fail=0 skip=0
jobs=${LITSI_CLI_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
case $jobs in '' | *[!0-9]* | 0) jobs=1 ;; esac
mkdir -p "$tmproot/claim" "$tmproot/res"

field() { sed -n "s/^$1: //p" "$2"; }
block() { awk -v b="--- $1" '$0 == b {on=1; next} /^--- (stdout|stderr)$/ {on=0} on' "$2"; }

# run_case N FILE: runs one case; its TAP line (and diagnostics) go to res/N.
run_case() {
	n=$1 t=$2
	name=${t#"$top"/tests/cli/}
	name=${name%.t}
	needs=$(field needs "$t")
	missing=
	for need in $needs; do
		case $need in
		corpus) [ -d "$corpus" ] || missing="../shared/corpus absent" ;;
		*) command -v "$need" >/dev/null 2>&1 || missing="$need not installed" ;;
		esac
	done
	if [ -n "$missing" ]; then
		echo "ok $n - $name # SKIP $missing"
		return
	fi
	dir="$tmproot/t$n"
	mkdir -p "$dir"
	env="PATH=$tmproot/bin:$PATH LITSI_DB=$dir/litsi.db LC_ALL=C TZ=UTC NO_COLOR=1 \
SAMPLES=$top/sample-traces DATA=$top/tests/data CORPUS=$corpus SCRIPTS=$top/scripts TOP=$top"
	ok=1
	field setup "$t" > "$dir/.setup"
	while IFS= read -r cmd; do
		if ! (cd "$dir" && env $env sh -c "$cmd") >"$dir/.setup.out" 2>&1; then
			echo "# setup failed: $cmd"
			sed 's/^/#   /' "$dir/.setup.out" | head -20
			ok=0
			break
		fi
	done < "$dir/.setup"
	if [ $ok = 1 ]; then
		cmd=$(field run "$t")
		(cd "$dir" && env $env sh -c "$cmd") >"$dir/.out" 2>"$dir/.err" </dev/null
		code=$?
		want=$(field exit "$t")
		block stdout "$t" > "$dir/.want_out"
		block stderr "$t" > "$dir/.want_err"
		if [ "${LITSI_REGEN:-}" = 1 ]; then
			awk '/^--- stdout$/ {exit} {print}' "$t" | sed "s/^exit: .*/exit: $code/" > "$dir/.new"
			{ echo "--- stdout"; cat "$dir/.out"; echo "--- stderr"; cat "$dir/.err"; } >> "$dir/.new"
			cp "$dir/.new" "$t"
		elif [ "$code" != "$want" ]; then
			echo "# exit $code, expected $want"
			sed 's/^/#   /' "$dir/.err" | head -20
			ok=0
		elif ! cmp -s "$dir/.out" "$dir/.want_out"; then
			echo "# stdout differs:"
			diff "$dir/.want_out" "$dir/.out" | head -30 | sed 's/^/#   /'
			ok=0
		elif ! cmp -s "$dir/.err" "$dir/.want_err"; then
			echo "# stderr differs:"
			diff "$dir/.want_err" "$dir/.err" | head -30 | sed 's/^/#   /'
			ok=0
		fi
	fi
	if [ $ok = 1 ]; then
		echo "ok $n - $name"
	else
		echo "not ok $n - $name"
	fi
	rm -rf "$dir"
}

# The cases, numbered in order; each worker claims the next unclaimed one.
for t in "$top"/tests/cli/*/*.t; do
	[ -f "$t" ] || continue
	name=${t#"$top"/tests/cli/}
	case ${name%.t} in *"$filter"*) ;; *) continue ;; esac
	skipped=0
	for x in ${LITSI_CLI_EXCLUDE:-}; do
		case ${name%.t} in *"$x"*) skipped=1 ;; esac
	done
	[ $skipped = 0 ] || continue
	n=$((n + 1))
	echo "$n $t"
done > "$tmproot/cases"
total=$n
worker() {
	while read -r i f; do
		mkdir "$tmproot/claim/$i" 2>/dev/null || continue
		t0=$(date +%s.%N)
		(run_case "$i" "$f"; times > "$tmproot/res/$i.cpu") > "$tmproot/res/$i.tmp" 2>&1
		if [ -n "${LITSI_CLI_TIMES:-}" ]; then
			# times: the case's children, "XmY.YYYs XmY.YYYs" (user, system) on line 2.
			awk -v t0="$t0" -v t1="$(date +%s.%N)" -v n="${f#"$top"/tests/cli/}" '
				function sec(x) { sub(/s$/, "", x); split(x, p, "m"); return p[1] * 60 + p[2] }
				NR == 2 { sub(/\.t$/, "", n); printf "%.2f %.2f %s\n", t1 - t0, sec($1) + sec($2), n }' \
				"$tmproot/res/$i.cpu" >> "$LITSI_CLI_TIMES"
		fi
		mv "$tmproot/res/$i.tmp" "$tmproot/res/$i"
	done < "$tmproot/cases"
}
w=0 pids=
while [ $w -lt "$jobs" ]; do
	worker &
	pids="$pids $!"
	w=$((w + 1))
done
trap 'kill $pids 2>/dev/null; rm -rf "$tmproot"' EXIT INT TERM
alive() { for p in $pids; do kill -0 "$p" 2>/dev/null && return 0; done; return 1; }
# Print the results in case order as they arrive.
i=0
while [ $i -lt "$total" ]; do
	i=$((i + 1))
	while [ ! -f "$tmproot/res/$i" ]; do
		if ! alive && [ ! -f "$tmproot/res/$i" ]; then
			echo "not ok $i - (no result: its worker stopped)" > "$tmproot/res/$i"
			break
		fi
		sleep 0.05
	done
	cat "$tmproot/res/$i"
	case $(grep -m1 -e '^ok ' -e '^not ok ' "$tmproot/res/$i") in
	"not ok "*) fail=$((fail + 1)) ;;
	*"# SKIP "*) skip=$((skip + 1)) ;;
	*) pass=$((pass + 1)) ;;
	esac
done
wait
echo "1..$total"
echo "cli: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
