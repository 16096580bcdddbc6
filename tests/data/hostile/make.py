#!/usr/bin/env python3
"""make.py SRC_DIR OUT_DIR [N]: copy rank0..N-1 of a sample node, renaming the
most frequent compute kernel and the GPU product to hostile text: terminal
escapes (ESC ] OSC, CSI), a BEL, a NUL (JSON \\u0000), a quote, a backslash,
a newline, a leading space and an invalid UTF-8 byte (0xFF, written raw); the
second most frequent to one a command line can name (KERNEL2)."""
import gzip, json, os, sys

src, out = sys.argv[1], sys.argv[2]
n = int(sys.argv[3]) if len(sys.argv) > 3 else 2
os.makedirs(out, exist_ok=True)
KERNEL = ' gemm\x1b]0;pwned\x07\x1b[31mRED\x00tail"q\\b\nZ@@FF@@'
KERNEL2 = ' a"b\\c\x01d'
PRODUCT = 'MI300X\x1b[2Jclear\x9b1m"x"\\@@FF@@'
for r in range(n):
    with gzip.open(os.path.join(src, 'rank%d.json.gz' % r), 'rt') as f:
        d = json.load(f)
    kernels = [e for e in d['traceEvents'] if e.get('cat') == 'kernel']
    names = sorted(set(e['name'] for e in kernels if not e['name'].startswith('nccl')),
                   key=lambda s: (-sum(1 for e in kernels if e['name'] == s), s))
    for e in kernels:
        if e['name'] == names[0]:
            e['name'] = KERNEL
        elif e['name'] == names[1]:
            e['name'] = KERNEL2
    for p in d.get('deviceProperties', []):
        p['name'] = PRODUCT
    text = json.dumps(d).encode().replace(b'@@FF@@', b'\xff')
    with open(os.path.join(out, 'rank%d.json' % r), 'wb') as f:
        f.write(text)
