#!/bin/sh
# detect-bench.sh: the labelled straggler benchmark (VALIDATION.md, "Detection
# and attribution"). Generates nodes with litsi synth (one cause per faulty
# node, healthy nodes with drift and slot effects), checks each and scores the
# verdict against truth.json.
#   sh scripts/detect-bench.sh [LITSI] [OUT.json] [--small]
# Minutes of CPU for the full run (not part of make check); --small (a few
# dozen nodes, exit 1 on a false alarm or a wrong cause) is.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
litsi=${1:-$top/build/litsi}
out=${2:-$top/build/detect-bench.json}
mode=${3:-}
if ! command -v python3 >/dev/null; then
	# the small mode in make check skips, as the CLI cases that need python3 do
	[ "$mode" = --small ] && { echo "detect-bench small: SKIP: python3 not installed"; exit 0; }
	echo "detect-bench: python3 not installed" >&2
	exit 2
fi
# a copy, so that a rebuild during the run cannot change the binary under it
tmp=$(mktemp -d "${TMPDIR:-/tmp}/litsi-detect.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
cp "$litsi" "$tmp/litsi"
if [ "$mode" = --small ]; then
	LITSI=$tmp/litsi python3 "$top/scripts/detect-bench.py" --small --jobs 2
else
	LITSI=$tmp/litsi python3 "$top/scripts/detect-bench.py" --jobs 2 --out "$out"
fi
