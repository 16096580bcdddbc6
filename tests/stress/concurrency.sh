#!/bin/sh
# concurrency.sh: 4 ingests and 4 readers (litsi lead, litsi info) against one
# database at once, ROUNDS times: every process succeeds, and afterwards the
# database holds each file exactly once (nothing lost or duplicated).
# Env: LITSI (binary), STRESS_ROUNDS (default 2).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
: "${LITSI:=$top/build/litsi}"
rounds=${STRESS_ROUNDS:-2}
command -v sqlite3 >/dev/null 2>&1 || { echo "ok 1 - concurrency # SKIP sqlite3 not installed"; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/litsi-conc.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
cd "$tmp" || exit 2
s=$top/sample-traces/mi300x-straggler
fail=0 n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); echo "not ok $n - $1"; fail=1; }

# reference: each file alone
LITSI_DB=ref.db "$LITSI" -q ingest "$s/rank4.json.gz" "$s/rank0.json.gz" "$s/rank1.json.gz" \
	"$s/rank2.json.gz" "$s/rank3.json.gz" || exit 1
want=$(sqlite3 ref.db "select count(*) from source; select count(*) from kernel;
	select count(*) from sample; select count(*) from gpu" | tr '\n' ' ')
r=0
while [ $r -lt "$rounds" ]; do
	r=$((r + 1))
	rm -f db db-wal db-shm
	LITSI_DB=db "$LITSI" -q ingest "$s/rank4.json.gz" || exit 1
	pids=
	for k in 0 1 2 3; do
		LITSI_DB=db "$LITSI" -q ingest "$s/rank$k.json.gz" >"i$k.out" 2>&1 &
		pids="$pids $!"
		if [ $((k % 2)) = 0 ]; then rd=lead; else rd=info; fi
		LITSI_DB=db "$LITSI" $rd >"r$k.out" 2>&1 &
		pids="$pids $!"
	done
	bad=0
	for p in $pids; do
		wait "$p" || bad=$((bad + 1))
	done
	got=$(sqlite3 db "select count(*) from source; select count(*) from kernel;
		select count(*) from sample; select count(*) from gpu" | tr '\n' ' ')
	if [ $bad = 0 ] && [ "$got" = "$want" ] && [ "$(sqlite3 db 'pragma integrity_check')" = ok ]
	then
		ok "round $r: 4 ingests + 4 readers at once, all exit 0, database = reference ($got)"
	else
		notok "round $r: $bad failed; got '$got', want '$want'"
		cat i?.out r?.out | grep -v '^$' | head -10 | sed 's/^/#   /'
	fi
done
echo "1..$n"
exit $fail
