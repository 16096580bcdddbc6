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
# "SECONDS NAME" for each case run (where the suite's time goes). Prints TAP.
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

field() { sed -n "s/^$1: //p" "$2"; }
block() { awk -v b="--- $1" '$0 == b {on=1; next} /^--- (stdout|stderr)$/ {on=0} on' "$2"; }

for t in "$top"/tests/cli/*/*.t; do
	[ -f "$t" ] || continue
	name=${t#"$top"/tests/cli/}
	name=${name%.t}
	case $name in *"$filter"*) ;; *) continue ;; esac
	n=$((n + 1))
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
		skip=$((skip + 1))
		continue
	fi
	dir="$tmproot/t$n"
	mkdir -p "$dir"
	t0=$(date +%s.%N)
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
	if [ -n "${LITSI_CLI_TIMES:-}" ]; then
		echo "$t0 $(date +%s.%N) $name" | awk '{printf "%.2f %s\n", $2 - $1, $3}' >>"$LITSI_CLI_TIMES"
	fi
	if [ $ok = 1 ]; then
		echo "ok $n - $name"
		pass=$((pass + 1))
	else
		echo "not ok $n - $name"
		fail=$((fail + 1))
	fi
done
echo "1..$n"
echo "cli: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
