#!/bin/sh
# merge-signal.sh: `litsi merge` honours SIGINT and SIGTERM as ingest does:
# stopped mid-merge it exits 130 or 143, the output is as it was (absent when
# it was new, byte for byte the same dump when it existed) and no temporary
# file (out.db.merge-PID, -journal, -wal) is left. A signal that comes after
# the merge finished may find it done: then the output is the complete merge.
# Env: LITSI (binary), STRESS_REPEAT (default 2).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
: "${LITSI:=$top/build/litsi}"
repeat=${STRESS_REPEAT:-2}
command -v sqlite3 >/dev/null 2>&1 || { echo "ok 1 - merge signals # SKIP sqlite3 not installed"; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/litsi-msig.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
cd "$tmp" || exit 2
fail=0 n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); echo "not ok $n - $1"; fail=1; }

i=0
while [ $i -le 8 ]; do
	"$LITSI" synth --gpus 8 --samples 2 --layers 8 --seed $((i + 1)) --telemetry none \
		-o s$i >/dev/null || exit 1
	LITSI_DB=n$i.db "$LITSI" -q ingest --node node$i s$i || exit 1
	i=$((i + 1))
done
set -- n1.db n2.db n3.db n4.db n5.db n6.db n7.db n8.db
dump() { sqlite3 "$1" .dump | cksum; }
t0=$(date +%s%N)
"$LITSI" -q merge ref.db "$@" || { echo "not ok 1 - reference merge"; exit 1; }
t1=$(date +%s%N)
ms=$(( (t1 - t0) / 1000000 ))
want=$(dump ref.db)
base=$(dump n0.db)

for sig in INT TERM; do
	[ $sig = INT ] && code=130 || code=143
	for out in new existing; do
		k=0 stopped=0 done=0 bad=
		while [ $k -lt "$repeat" ]; do
			k=$((k + 1))
			rm -f o.db o.db-* o.db.merge-*
			[ $out = existing ] && cp n0.db o.db
			delay=$(awk -v s="$$$k$sig" -v ms="$ms" 'BEGIN { srand(s); printf "%.3f", (0.05 + rand() * 0.4) * ms / 1000 }')
			"$LITSI" -q merge o.db "$@" 2>err &
			pid=$!
			# The signal is sent once the merge is writing (its temporary output or
			# the output's journal exists): a signal before litsi has started
			# (a slow start under a sanitizer) would test the shell, not litsi.
			j=0
			while [ $j -lt 1000 ] && kill -0 $pid 2>/dev/null &&
			      [ -z "$(ls -d o.db.merge-* o.db-journal o.db-wal 2>/dev/null)" ]; do
				sleep 0.005
				j=$((j + 1))
			done
			sleep "$delay"
			kill -$sig $pid 2>/dev/null
			wait $pid
			rc=$?
			left=$(ls | grep -E '^o\.db(\.merge-|-journal|-wal)' | tr '\n' ' ')
			if [ -n "$left" ]; then
				bad="$bad; left $left"
			elif [ $rc = $code ] && grep -q 'interrupted' err; then
				if [ $out = new ] && [ -e o.db ]; then bad="$bad; a new output appeared"
				elif [ $out = existing ] && [ "$(dump o.db)" != "$base" ]; then bad="$bad; output changed"
				else stopped=$((stopped + 1)); fi
			elif [ $rc = 0 ] && [ $out = new ] && [ "$(dump o.db)" = "$want" ]; then
				done=$((done + 1))
			elif [ $rc = 0 ] && [ $out = existing ]; then
				done=$((done + 1))
			else
				bad="$bad; exit $rc after ${delay}s: $(cat err)"
			fi
		done
		if [ -z "$bad" ] && [ $stopped -gt 0 ]; then
			ok "SIG$sig, $out output: $stopped stopped (exit $code, output as before), $done finished first"
		elif [ -z "$bad" ]; then
			ok "SIG$sig, $out output: the merge (${ms} ms) finished before every signal # SKIP too fast to stop"
		else
			notok "SIG$sig, $out output:$bad"
		fi
	done
done
echo "1..$n"
exit $fail
