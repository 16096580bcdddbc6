#!/bin/sh
# validate-caps.sh: the caps validation study (VALIDATION.md). Simulates N
# nodes (default 104) with litsi synth and drives the commands litsi-caps(1)
# documents on each: the first run ingested with --run, the calibration
# probe, three rounds of caps fed back into the simulator, each run ingested
# whole into one database; compares with an oracle search. VALIDATE_JOBS
# (default: the CPUs) node-scenarios at once; VALIDATE_SEED (default 5000,
# the reporting seeds; the caps code is tuned on 100..149) the first seed.
#   sh scripts/validate-caps.sh [LITSI] [N] [OUT.json]
# Writes OUT.json (default build/validate-caps.json) and prints the summary
# tables that VALIDATION.md quotes. Minutes of CPU; not part of make check.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
litsi=${1:-$top/build/litsi}
n=${2:-104}
out=${3:-$top/build/validate-caps.json}
command -v python3 >/dev/null || { echo "validate-caps: python3 not installed" >&2; exit 2; }
# a copy, so that a rebuild during the study cannot change the binary under it
tmp=$(mktemp -d "${TMPDIR:-/tmp}/litsi-validate.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
cp "$litsi" "$tmp/litsi"
LITSI=$tmp/litsi python3 "$top/scripts/validate-caps.py" "$n" "$out"
python3 "$top/scripts/validate-caps.py" --summary "$out"
