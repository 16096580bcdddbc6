#!/usr/bin/env python3
"""far-device.py SRC OUT DEVICE: copy a Kineto trace, moving its GPU events to
device DEVICE (args.device and pid), to test figures over sparse device ids."""
import gzip, json, sys

src, out, dev = sys.argv[1], sys.argv[2], int(sys.argv[3])
with gzip.open(src, 'rt') as f:
    d = json.load(f)
for e in d['traceEvents']:
    a = e.get('args') or {}
    if 'device' in a:
        a['device'] = dev
        e['pid'] = dev
with open(out, 'w') as f:
    json.dump(d, f)
