#!/usr/bin/env python3
"""series-order.py SVG: the series of a litsi figure in drawing order, each
"GPU n" title with its stroke colour and width, then whether the colours are
distinct, the straggler's is vermillion and not used by another GPU, it is
drawn last and thicker than every other, and adjacent GPUs' colours differ
clearly (RGB distance over 100)."""
import re
import sys
import xml.etree.ElementTree as ET

ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
series = []
for g in root.iter(ns + "g"):
    if not re.match(r"gnuplot_plot_\d+[a-z]*$", g.get("id", "")):
        continue
    title = "".join("".join(t.itertext()) for t in g.iter(ns + "text")).strip()
    m = re.match(r"GPU (\d+)( \(straggler\))?$", title)
    path = next((p for p in g.iter(ns + "path") if p.get("stroke")), None)
    if not m or path is None:
        continue
    width = max(float(e.get("stroke-width")) for e in g.iter(ns + "g") if e.get("stroke-width"))
    rgb = tuple(int(v) for v in re.findall(r"\d+", path.get("stroke")))
    series.append((int(m.group(1)), bool(m.group(2)), rgb, width))
for gpu, strag, rgb, width in series:
    print("GPU %d%s: rgb%s width %.1f" % (gpu, " (straggler)" if strag else "", rgb, width))
cols = [s[2] for s in series]
print("colours distinct:", len(set(cols)) == len(cols))
last = series[-1]
print("straggler drawn last:", last[1])
print("straggler vermillion, thicker:", last[2] == (213, 94, 0) and all(w < last[3] for *_, w in series[:-1]))
others = sorted(s for s in series if not s[1])
near = [(a[0], b[0]) for a, b in zip(others, others[1:])
        if sum((x - y) ** 2 for x, y in zip(a[2], b[2])) ** 0.5 <= 100]
near += [(s[0], last[0]) for s in others if sum((x - y) ** 2 for x, y in zip(s[2], last[2])) ** 0.5 <= 150]
print("neighbours and straggler apart:", not near, near or "")
