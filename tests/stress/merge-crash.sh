#!/bin/sh
# merge-crash.sh: `litsi merge` is all or nothing. SIGKILL at random points
# while it merges, REPEAT times for each path (4 inputs copied straight into the
# output; 12 inputs gathered through the stage first): afterwards PRAGMA
# integrity_check is ok and the output holds exactly what it held before, or,
# when the merge had finished, exactly what a complete merge gives; a re-run
# completes it.
# Env: LITSI (binary), STRESS_REPEAT (default 4).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
: "${LITSI:=$top/build/litsi}"
repeat=${STRESS_REPEAT:-4}
command -v sqlite3 >/dev/null 2>&1 || { echo "ok 1 - merge crash # SKIP sqlite3 not installed"; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/litsi-mcrash.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
cd "$tmp" || exit 2
fail=0
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); echo "not ok $n - $1"; fail=1; }

i=0
while [ $i -le 12 ]; do
	"$LITSI" synth --gpus 8 --samples 2 --layers 8 --seed $((i + 1)) --telemetry none \
		-o s$i >/dev/null || exit 1
	LITSI_DB=n$i.db "$LITSI" -q ingest --node node$i s$i || exit 1
	i=$((i + 1))
done
LITSI_DB=base.db "$LITSI" -q ingest --node node0 s0 || exit 1
dump() { sqlite3 "$1" .dump | cksum; }
base=$(dump base.db)

for inputs in "n1.db n2.db n3.db n4.db" \
	"n1.db n2.db n3.db n4.db n5.db n6.db n7.db n8.db n9.db n10.db n11.db n12.db"; do
	set -- $inputs
	cp base.db ref.db
	t0=$(date +%s%N)
	"$LITSI" -q merge ref.db "$@" || { notok "reference merge of $# inputs"; continue; }
	t1=$(date +%s%N)
	ms=$(( (t1 - t0) / 1000000 ))
	want=$(dump ref.db)
	k=0 none=0 all=0
	while [ $k -lt "$repeat" ]; do
		k=$((k + 1))
		rm -f kill.db kill.db-wal kill.db-shm
		cp base.db kill.db
		delay=$(awk -v s="$$$k$#" -v ms="$ms" 'BEGIN { srand(s); printf "%.3f", rand() * ms * 1.1 / 1000 }')
		"$LITSI" -q merge kill.db "$@" 2>/dev/null &
		pid=$!
		sleep "$delay"
		kill -KILL $pid 2>/dev/null
		wait $pid 2>/dev/null
		ic=$(sqlite3 kill.db 'pragma integrity_check')
		got=$(dump kill.db)
		if [ "$ic" != ok ]; then
			notok "$# inputs, SIGKILL after ${delay}s: integrity '$ic'"
		elif [ "$got" = "$base" ]; then
			none=$((none + 1))
		elif [ "$got" = "$want" ]; then
			all=$((all + 1))
		else
			notok "$# inputs, SIGKILL after ${delay}s: a partial merge"
		fi
	done
	ok "$# inputs (${ms} ms), SIGKILL x $repeat: integrity ok, output unchanged ($none) or complete ($all)"
	"$LITSI" -q merge kill.db "$@"
	[ "$(dump kill.db)" = "$want" ] && ok "$# inputs: a re-run completes it" ||
		notok "$# inputs: a re-run does not give the complete merge"
done

# A new output is built under a temporary name: after SIGKILL it is absent or
# complete, never partial.
set -- n1.db n2.db n3.db n4.db n5.db n6.db n7.db n8.db n9.db n10.db n11.db n12.db
"$LITSI" -q merge new-ref.db "$@" || notok "reference merge into a new output"
want=$(dump new-ref.db)
k=0 none=0 all=0
while [ $k -lt "$repeat" ]; do
	k=$((k + 1))
	rm -f new.db new.db-wal new.db-shm new.db.merge-*
	delay=$(awk -v s="$$$k" -v ms="$ms" 'BEGIN { srand(s); printf "%.3f", rand() * ms * 1.1 / 1000 }')
	"$LITSI" -q merge new.db "$@" 2>/dev/null &
	pid=$!
	sleep "$delay"
	kill -KILL $pid 2>/dev/null
	wait $pid 2>/dev/null
	if [ ! -e new.db ]; then
		none=$((none + 1))
	elif [ "$(sqlite3 new.db 'pragma integrity_check')" = ok ] && [ "$(dump new.db)" = "$want" ]; then
		all=$((all + 1))
	else
		notok "new output, SIGKILL after ${delay}s: a partial new.db"
	fi
done
ok "new output, SIGKILL x $repeat: absent ($none) or complete ($all)"
echo "1..$n"
exit $fail
