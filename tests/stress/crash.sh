#!/bin/sh
# crash.sh: crash safety of `litsi ingest` (one transaction per file).
#  1. SIGKILL at random points while a large Kineto trace is ingested, REPEAT
#     times: afterwards PRAGMA integrity_check is ok, the database holds either
#     none or all of that file (the earlier file untouched), and a re-run completes it.
#  2. SIGINT mid-ingest (while parsing and while writing): exit 130,
#     "interrupted; nothing of it was written", nothing of the file in the database.
# Env: LITSI (binary), STRESS_MB (trace size, default 10), STRESS_REPEAT (default 5).
# `make check` runs the defaults; `make check-stress` runs 40 MB x 25.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
: "${LITSI:=$top/build/litsi}"
mb=${STRESS_MB:-10} repeat=${STRESS_REPEAT:-5}
command -v sqlite3 >/dev/null 2>&1 || { echo "ok 1 - crash # SKIP sqlite3 not installed"; exit 0; }
command -v python3 >/dev/null 2>&1 || { echo "ok 1 - crash # SKIP python3 not installed"; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/litsi-crash.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
cd "$tmp" || exit 2
fail=0
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); echo "not ok $n - $1"; fail=1; }

python3 "$top/scripts/gen-big-trace" "$top/sample-traces/mi300x-straggler/rank0.json.gz" \
	$((mb * 1000000)) > big.json 2>/dev/null || { echo "not ok 1 - gen-big-trace"; exit 1; }
small=$top/sample-traces/mi300x-straggler/rank1.json.gz

# The reference: what a complete ingest stores, and how long it takes (ms).
t0=$(date +%s%N)
LITSI_DB=ref.db "$LITSI" -q ingest "$small" big.json || { echo "not ok 1 - reference ingest"; exit 1; }
t1=$(date +%s%N)
ms=$(( (t1 - t0) / 1000000 ))
counts() { sqlite3 "$1" "select count(*) from source; select count(*) from kernel; select count(*) from sample"; }
want=$(counts ref.db | tr '\n' ' ')
small_k=$(sqlite3 ref.db "select n_kernels from source where path like '%rank1.json.gz'")

LITSI_DB=base.db "$LITSI" -q ingest "$small" || exit 1
cp base.db kill.db
i=0 none=0 all=0
while [ $i -lt "$repeat" ]; do
	i=$((i + 1))
	# a kill point anywhere in [0, 0.9 x the reference time (both files)]
	delay=$(awk -v s="$$$i" -v ms="$ms" 'BEGIN { srand(s); printf "%.3f", rand() * ms * 0.9 / 1000 }')
	LITSI_DB=kill.db "$LITSI" -q ingest big.json 2>/dev/null &
	pid=$!
	sleep "$delay"
	kill -KILL $pid 2>/dev/null
	wait $pid 2>/dev/null
	ic=$(sqlite3 kill.db 'pragma integrity_check')
	have=$(sqlite3 kill.db "select count(*) from source where path = 'big.json'")
	k=$(sqlite3 kill.db "select count(*) from kernel")
	sk=$(sqlite3 kill.db "select n_kernels from source where path like '%rank1.json.gz'")
	if [ "$ic" != ok ] || [ "$sk" != "$small_k" ]; then
		notok "SIGKILL after ${delay}s: integrity '$ic', first file $sk kernels"
		continue
	fi
	if [ "$have" = 0 ] && [ "$k" = "$small_k" ]; then
		none=$((none + 1))
	elif [ "$have" = 1 ] && [ "$(counts kill.db | tr '\n' ' ')" = "$want" ]; then
		all=$((all + 1))
		# the next round starts from the first file alone
		rm -f kill.db-wal kill.db-shm kill.db-journal && cp base.db kill.db
	else
		notok "SIGKILL after ${delay}s: partial file: $have source rows, $k kernels"
	fi
done
ok "SIGKILL x $repeat on a $mb MB trace: integrity ok, none ($none) or all ($all) of it"
LITSI_DB=kill.db "$LITSI" -q ingest big.json
got=$(counts kill.db | tr '\n' ' ')
[ "$got" = "$want" ] && ok "a re-run completes it ($got)" || notok "re-run: $got, want $want"

# SIGINT: clean rollback, exit 130 and a message, wherever it lands: while
# parsing (0.3) or while the file's rows are linked and written (0.6, 0.8 of the
# time for both files), the events parsed on one thread and on two. A signal
# after the commit may leave the file complete (exit 0 or 130 with all of it);
# nothing in between. The times are fractions of the reference ingest's; on a
# loaded machine a run can be faster than that one, so where the signal meant
# for parsing came after the commit, it is sent again at half the time (up to
# three times): the case is only passed by a signal that landed while parsing.
LITSI_DB=int0.db "$LITSI" -q ingest "$small" || exit 1
before=$(sqlite3 int0.db .dump | cksum)
for run in "0.3 1" "0.6 1" "0.8 1" "0.3 2" "0.6 2"; do
	frac=${run% *} j=${run#* } try=0 f=$frac
	while :; do
		try=$((try + 1))
		cp int0.db int.db
		LITSI_DB=int.db "$LITSI" ingest -j "$j" big.json >int.out 2>int.err &
		pid=$!
		sleep "$(awk -v ms="$ms" -v f="$f" 'BEGIN { printf "%.3f", ms * f / 1000 }')"
		kill -INT $pid 2>/dev/null
		wait $pid
		code=$?
		after=$(sqlite3 int.db .dump | cksum)
		ic=$(sqlite3 int.db 'pragma integrity_check')
		whole=no
		{ [ "$code" = 0 ] || [ "$code" = 130 ]; } && [ "$ic" = ok ] &&
			[ "$(counts int.db | tr '\n' ' ')" = "$want" ] && whole=yes
		if [ "$frac" != 0.3 ] || [ "$whole" = no ] || [ "$try" -ge 4 ]; then
			break
		fi
		f=$(awk -v f="$f" 'BEGIN { printf "%.4f", f / 2 }')
	done
	if [ "$code" = 130 ] && grep -q 'big.json: interrupted; nothing of it was written' int.err &&
		[ "$before" = "$after" ] && [ "$ic" = ok ]; then
		ok "SIGINT at $f, -j $j: exit 130, message, database unchanged"
	elif [ "$frac" != 0.3 ] && [ "$whole" = yes ]; then
		ok "SIGINT at $f, -j $j: after the commit: exit $code, all of the file (the signal came after it)"
	else
		notok "SIGINT at $f, -j $j (try $try): exit $code, stderr '$(cat int.err)', unchanged: $([ "$before" = "$after" ] && echo yes || echo no), all of the file: $whole"
	fi
done
echo "1..$n"
exit $fail
