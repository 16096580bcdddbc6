#!/bin/sh
# readonly.sh: litsi changes nothing it only reads, and needs no write access to read.
#  1. another program's SQLite file given as -d: refused (exit 4), every byte unchanged
#     (no switch to WAL, no -wal/-shm left beside it);
#  2. info/lead/report on read-only storage (a read-only bind mount, when
#     unshare(1) may mount) and as another user in a directory it cannot write
#     (setpriv(1), when run as root): exit 0, the same output, no file created;
#  3. a WAL-mode rocpd database ingested: no -wal/-shm created beside it.
# Parts that need a tool or privilege this machine lacks are skipped, saying so.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
: "${LITSI:=$top/build/litsi}"
command -v sqlite3 >/dev/null 2>&1 || { echo "ok 1 - readonly # SKIP sqlite3 not installed"; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/litsi-ro.XXXXXX")
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT INT TERM
cd "$tmp" || exit 2
fail=0 n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); echo "not ok $n - $1"; fail=1; }
skip() { n=$((n + 1)); echo "ok $n - $1 # SKIP $2"; }
S=$top/sample-traces/mi300x-straggler

# 1. A foreign database is refused before anything is written.
sqlite3 other.db "CREATE TABLE t(x); INSERT INTO t VALUES (1); PRAGMA user_version = 7;"
sqlite3 other2.db "CREATE TABLE t(x)"
for db in other other2; do
	cp $db.db $db.orig
	"$LITSI" -q -d $db.db ingest "$S/rank0.json.gz" 2>err
	rc=$?
	if [ $rc = 4 ] && cmp -s $db.db $db.orig && [ ! -e $db.db-wal ] && [ ! -e $db.db-shm ] &&
		grep -q "not a litsi database" err; then
		ok "another program's database ($db) is refused unchanged"
	else
		notok "another program's database: exit $rc, $(cat err), changed: $(cmp $db.db $db.orig)"
	fi
done

# 2. Reading needs no write access.
mkdir ro
LITSI_DB=ro/l.db "$LITSI" -q ingest "$S/rank0.json.gz" "$S/rank1.json.gz" || exit 1
mkdir out
chmod 777 out
for c in info lead report; do LITSI_DB=ro/l.db "$LITSI" $c > out/want.$c 2>&1; done
ls ro > want.ls
cat > reads.sh <<'SH'
# reads.sh: run the read-only commands on ro/l.db; print only what went wrong.
for c in info lead report; do
	# report exits 5 here: traces without telemetry are inconclusive (litsi-check(1)).
	LITSI_DB=ro/l.db "$LITSI" $c > out/got.$c 2>&1
	rc=$?
	[ $rc = 0 ] || [ $c.$rc = report.5 ] || { echo "$c exit $rc"; head -3 out/got.$c; }
	cmp -s out/want.$c out/got.$c || echo "$c output differs"
done
ls ro | cmp -s - want.ls || echo "files created: $(ls ro)"
SH
if unshare -m sh -c "mount --bind ro ro && mount -o remount,ro,bind ro" 2>/dev/null; then
	out=$(LITSI=$LITSI unshare -m sh -c "mount --bind ro ro && mount -o remount,ro,bind ro && \
		{ touch ro/x 2>/dev/null && echo 'mount still writable'; sh reads.sh; }" 2>&1)
	[ -z "$out" ] && ok "info, lead, report on a read-only mount" ||
		notok "info, lead, report on a read-only mount: $out"
else
	skip "info, lead, report on a read-only mount" "cannot mount (unshare -m)"
fi
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1; then
	chmod 755 "$tmp"
	chmod 555 ro .
	chmod 644 ro/l.db
	rm -f out/got.*
	out=$(LITSI=$LITSI setpriv --reuid=65534 --regid=65534 --clear-groups sh reads.sh 2>&1)
	chmod 755 ro .
	[ -z "$out" ] && ok "info, lead, report as another user in an unwritable directory" ||
		notok "another user in an unwritable directory: $out"
else
	skip "another user in an unwritable directory" "needs root and setpriv(1)"
fi

# 3. rocpd input in WAL mode: nothing created beside it.
mkdir in
sqlite3 in/wal.db < "$top/tests/data/rocprof/rocpd.sql"
sqlite3 in/wal.db "PRAGMA journal_mode = WAL;" >/dev/null
ls in > in.ls
LITSI_DB=r.db "$LITSI" -q ingest --format rocpd in/wal.db >/dev/null 2>&1
if ls in | cmp -s - in.ls; then ok "a WAL-mode rocpd input gets no -wal/-shm beside it"
else notok "files created beside a rocpd input: $(ls in)"; fi
exit $fail
