#!/usr/bin/env python3
# gen-huge-token.py: write a one-kernel Kineto trace holding one huge token,
# streamed (constant memory), gzip'd when OUT ends in .gz (run-length deflate:
# 256 MiB of name inflate from about 250 KB).
# usage: gen-huge-token.py name|number|args BYTES OUT
#   name    the kernel's "name" is BYTES letters
#   number  its "ts" is a number of BYTES digits
#   args    its args."Collective name" is a string of BYTES letters
import sys
import zlib


def main():
    kind, size, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    head = b'{"traceEvents":[{"ph":"X","cat":"kernel",'
    tail = b',"pid":0,"tid":0}]}'
    pre, post = {
        'name': (b'"name":"', b'","ts":1,"dur":1'),
        'number': (b'"name":"k","ts":', b',"dur":1'),
        'args': (b'"name":"k","args":{"Collective name":"', b'"},"ts":1,"dur":1'),
    }[kind]
    chunk = (b'1' if kind == 'number' else b'a') * (1 << 20)
    with open(out, 'wb') as f:
        z = zlib.compressobj(9, zlib.DEFLATED, 31, 9, zlib.Z_RLE) if out.endswith('.gz') else None

        def put(b):
            f.write(z.compress(b) if z else b)
        put(head + pre)
        for _ in range(size // len(chunk)):
            put(chunk)
        put(chunk[:size % len(chunk)])
        put(post + tail)
        if z:
            f.write(z.flush())


main()
