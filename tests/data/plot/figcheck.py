#!/usr/bin/env python3
"""figcheck.py: check a litsi figure. PNG: the size and more than a few
distinct colours (decoded with zlib, no imaging library, up to the row
where a ninth colour shows). SVG: XML that
parses and holds a drawn series (a gnuplot_plot group with a path or point) titled
"GPU n" for each GPU 0..G-1.
usage: figcheck.py png FILE WIDTH HEIGHT | svg FILE GPUS"""
import re
import struct
import sys
import xml.etree.ElementTree as ET
import zlib


def fail(msg):
    print("figcheck: " + msg)
    sys.exit(1)


def png_colours(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail(path + ": not a PNG file")
    pos, idat, hdr = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            hdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    w, h, depth, ctype = hdr[0], hdr[1], hdr[2], hdr[3]
    bpp = {2: 3, 6: 4}.get(ctype)
    if depth != 8 or bpp is None:
        fail("%s: unexpected PNG type %d/%d" % (path, depth, ctype))
    raw, stride = zlib.decompress(idat), w * bpp
    prev, colours, i = bytearray(stride), set(), 0
    for _ in range(h):
        f, row = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = row[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if f == 1:
                row[x] = (row[x] + a) & 255
            elif f == 2:
                row[x] = (row[x] + b) & 255
            elif f == 3:
                row[x] = (row[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[x] = (row[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        colours.update(bytes(row[x:x + bpp]) for x in range(0, stride, bpp))
        if len(colours) > 8:    # enough: not blank (the rest need not be decoded)
            break
        prev = row
    return w, h, len(colours)


def main():
    if len(sys.argv) == 5 and sys.argv[1] == "png":
        w, h, n = png_colours(sys.argv[2])
        if (w, h) != (int(sys.argv[3]), int(sys.argv[4])):
            fail("%s: %dx%d, expected %sx%s" % (sys.argv[2], w, h, sys.argv[3], sys.argv[4]))
        if n < 8:
            fail("%s: only %d distinct colours: blank?" % (sys.argv[2], n))
        print("png %dx%d, %s colours" % (w, h, "more than 8" if n > 8 else n))
    elif len(sys.argv) == 4 and sys.argv[1] == "svg":
        ns = "{http://www.w3.org/2000/svg}"
        root = ET.parse(sys.argv[2]).getroot()
        seen = set()
        for g in root.iter(ns + "g"):
            if not re.match(r"gnuplot_plot_\d+[a-z]*$", g.get("id", "")):
                continue
            texts = "".join("".join(t.itertext()) for t in g.iter(ns + "text"))
            m = re.match(r"GPU (\d+)", texts.strip())
            if m and any(e.tag in (ns + "path", ns + "use") for e in g.iter()):
                seen.add(int(m.group(1)))
        want = set(range(int(sys.argv[3])))
        if not want <= seen:
            fail("%s: no drawn series for GPU %s" % (sys.argv[2], sorted(want - seen)))
        print("svg: one series per GPU")
    else:
        fail("usage: figcheck.py png FILE W H | svg FILE GPUS")


main()
