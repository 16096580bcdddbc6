#!/usr/bin/env python3
"""bump-amdsmi-power.py IN OUT GPU: copy an amd-smi metric CSV, adding 1 W to
every socket_power reading of GPU, so that two logs of one node disagree."""
import csv
import sys

src, dst, gpu = sys.argv[1], sys.argv[2], sys.argv[3]
with open(src, newline="") as f:
    rows = list(csv.reader(f))
head = next(i for i, r in enumerate(rows) if r and r[0] == "timestamp")
col = rows[head].index("socket_power")
with open(dst, "w", newline="") as f:
    w = csv.writer(f, lineterminator="\n")
    for i, r in enumerate(rows):
        if i > head and len(r) > col and r[1] == gpu and r[col] not in ("", "N/A"):
            r[col] = str(float(r[col]) + 1)
        w.writerow(r)
