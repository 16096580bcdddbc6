#!/usr/bin/env python3
# gen-kineto.py: write a minimal Kineto trace for limit tests.
# usage: gen-kineto.py [--gpus G] [--kernels N] [--steps S] [--name-len L]
#                      [--ts-base US] [--no-kernels] > trace.json
# N kernels per GPU per step (S ProfilerStep annotations, each with its own
# launches); kernel names are "k<i>" or, with --name-len, one name of L bytes.
import argparse
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--gpus', type=int, default=1)
    ap.add_argument('--kernels', type=int, default=4)
    ap.add_argument('--steps', type=int, default=1)
    ap.add_argument('--name-len', type=int, default=0)
    ap.add_argument('--ts-base', type=int, default=1700000000000000)
    a = ap.parse_args()
    out = sys.stdout
    out.write('{"schemaVersion": 1, "deviceProperties": [')
    out.write(', '.join('{"id": %d, "name": "AMD Instinct MI300X"}' % g for g in range(a.gpus)))
    out.write('],\n"traceEvents": [\n')
    ts = a.ts_base
    corr = 1
    first = True
    big = 'k' * a.name_len if a.name_len else None
    for s in range(a.steps):
        n = a.kernels
        step_len = n * 20 + 10
        ev = ('{"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#%d", "pid": 1, '
              '"tid": 1, "ts": %d, "dur": %d}' % (s, ts, step_len))
        out.write(ev if first else ',\n' + ev)
        first = False
        buf = []
        for i in range(n):
            for g in range(a.gpus):
                buf.append('{"ph": "X", "cat": "cuda_runtime", "name": "hipLaunchKernel", '
                           '"pid": 1, "tid": 1, "ts": %d, "dur": 2, "args": {"correlation": %d}}'
                           % (ts + i * 20 + 1, corr))
                buf.append('{"ph": "X", "cat": "kernel", "name": "%s", "pid": %d, "tid": 7, '
                           '"ts": %d, "dur": 10, "args": {"device": %d, "stream": 7, '
                           '"correlation": %d}}'
                           % (big or 'k%d' % (i % 50), g, ts + i * 20 + 5, g, corr))
                corr += 1
            if len(buf) > 20000:
                out.write(',\n' + ',\n'.join(buf))
                buf = []
        if buf:
            out.write(',\n' + ',\n'.join(buf))
        ts += step_len + 10
    out.write('\n]}\n')


main()
