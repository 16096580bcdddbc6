#!/bin/sh
# bombs.sh: bounded memory for every token in the CSV, telemetry and rocprof
# readers (tests/stress/bombs.py). Env: LITSI, BOMB_MB (inflated size of each
# gzip bomb; `make check` 24, `make check-stress` 256), BOMB_RSS_MB (the
# peak RSS allowed: 200, or 1024 under ASan, whose quarantine keeps freed memory).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
: "${LITSI:=$top/build/litsi}"
command -v python3 >/dev/null 2>&1 || { echo "ok 1 - bombs # SKIP python3 not installed"; exit 0; }
exec python3 "$top/tests/stress/bombs.py" "$LITSI"
