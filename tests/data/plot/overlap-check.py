#!/usr/bin/env python3
"""overlap-check.py DATA REPORT_JSON: the overlap figure's data (what litsi
plot sends gnuplot) against litsi report --format json: per GPU the number of
overlap_summary rows (one per sample), the overlap_gpus spread, and whether
its mean is exactly the report's overlap_pct and lies within [min, max]."""
import json
import sys


def tables(path):
    out, name, hdr = {}, None, None
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line:
            continue
        if line.startswith("# "):
            if name and hdr is None:
                hdr = line[2:].split("\t")
                out[name] = []
            elif ":" not in line[2:].split("\t")[0]:
                name, hdr = line[2:], None
            continue
        if name and hdr:
            out[name].append(dict(zip(hdr, line.split("\t"))))
    return out


t = tables(sys.argv[1])
rep = {g["gpu"]: g["overlap_pct"] for g in json.load(open(sys.argv[2]))["gpus"]}
samples = {}
for r in t["overlap_summary"]:
    samples.setdefault(int(r["gpu"]), []).append(float(r["overlap_pct"]))
for r in t["overlap_gpus"]:
    g, mean = int(r["gpu"]), float(r["overlap_pct"])
    lo, hi = float(r["min_pct"]), float(r["max_pct"])
    pts = samples.get(g, [])
    print("gpu %d: %d sample rows (%s), min %.2f max %.2f mean %.2f: %s, %s" % (
        g, len(pts), r["samples"], lo, hi, mean,
        "the report's overlap_pct" if mean == rep.get(g) else "NOT the report's %r" % rep.get(g),
        "within the samples" if pts and lo == min(pts) and hi == max(pts) and lo <= mean <= hi
        else "NOT the samples' range"))
