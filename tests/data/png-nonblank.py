#!/usr/bin/env python3
"""png-nonblank.py FILE: print the PNG's size and whether its pixels are more
than one flat colour (the inflated scanlines hold more than 16 distinct byte
values; a blank page's hold only the filter bytes and one colour)."""
import struct
import sys
import zlib

data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
pos, idat, size = 8, b"", None
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        size = struct.unpack(">II", body[:8])
    elif kind == b"IDAT":
        idat += body
    pos += 12 + n
raw = zlib.decompress(idat)
print(f"png {size[0]}x{size[1]}, non-blank: {len(set(raw)) > 16}")
