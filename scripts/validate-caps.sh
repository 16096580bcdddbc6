#!/bin/sh
# validate-caps.sh: the caps validation study (VALIDATION.md). Simulates N
# nodes (default 50) with litsi synth, lets litsi caps recommend caps from
# what each node recorded, feeds them back into the simulator and compares
# with an oracle search and three runs of the run-over-run loop.
#   sh scripts/validate-caps.sh [LITSI] [N] [OUT.json]
# Writes OUT.json (default build/validate-caps.json) and prints the summary
# tables that VALIDATION.md quotes. Minutes of CPU; not part of make check.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
litsi=${1:-$top/build/litsi}
n=${2:-50}
out=${3:-$top/build/validate-caps.json}
command -v python3 >/dev/null || { echo "validate-caps: python3 not installed" >&2; exit 2; }
# a copy, so that a rebuild during the study cannot change the binary under it
tmp=$(mktemp -d "${TMPDIR:-/tmp}/litsi-validate.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
cp "$litsi" "$tmp/litsi"
LITSI=$tmp/litsi python3 "$top/scripts/validate-caps.py" "$n" "$out"
python3 "$top/scripts/validate-caps.py" --summary "$out"
