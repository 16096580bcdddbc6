#!/usr/bin/env python3
# roundtrip.py: check that litsi lead and litsi thermal recover what
# litsi synth put into a node (its truth.json).
#
# usage: roundtrip.py [--litsi PATH] [--db FILE] [--node NAME] [--tol FRAC]
#                     [--near-tie MS] DIR
#
# DIR is a litsi synth output directory whose traces and telemetry are
# already ingested (into --db, else the database litsi uses by default).
# litsi is run from PATH unless --litsi names it. Checks, one line each:
#   straggler  lead's persistent straggler is truth's stragglers[0] (the
#              hottest configured straggler); when none was configured,
#              truth's straggler_by_lead or no persistent straggler at all
#   lead-order the GPUs ordered by mean aggregated lead (lead's per-sample
#              table; a rocprof trace is one whole-trace sample holding the
#              sum over all iterations) equal truth's lead_order; when two
#              adjacent truth leads are within --near-tie ms (default 0.002,
#              twice the 0.001 ms resolution of truth.json) the exact order
#              is not determined and Spearman's rho >= 0.95 is required
#              instead (said in the line, with whether the order matched)
#   lead-ms    every GPU's mean lead per iteration is within 0.01 ms of
#              truth's lead_sum_ms
#   temp       thermal's temp_spread (max/min of the per-GPU median hotspot
#              temperature) is within --tol (default 0.01) of max/min of
#              truth's temp_c; the line also gives how far rounding the
#              readings to whole degrees (as amd-smi and nvidia-smi do) can
#              move the ratio
#   freq       the same for freq_spread and truth's gfx_clk_mhz
# Prints "ok"/"FAIL" lines with the numbers; exits 0 when all hold, 1 when
# one fails, 2 on usage errors or when litsi fails.
import argparse
import json
import re
import subprocess
import sys

SPEARMAN_MIN = 0.95
LEAD_ABS_MS = 0.01


def run_litsi(a, args):
    cmd = [a.litsi]
    if a.db:
        cmd += ['-d', a.db]
    cmd += args
    if a.node:
        cmd += ['--node', a.node]
    cmd += ['--format', 'json']
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    if p.returncode != 0:
        sys.stderr.write('roundtrip: %s exited %d\n%s' % (' '.join(cmd), p.returncode,
                                                          p.stderr))
        sys.exit(2)
    try:
        return json.loads(p.stdout)
    except ValueError as e:
        sys.stderr.write('roundtrip: %s: not JSON: %s\n' % (' '.join(cmd), e))
        sys.exit(2)


def ranks(v):
    """Average ranks (1-based) of the values of v, ties sharing their mean rank."""
    idx = sorted(range(len(v)), key=lambda i: v[i])
    r = [0.0] * len(v)
    i = 0
    while i < len(idx):
        j = i
        while j + 1 < len(idx) and v[idx[j + 1]] == v[idx[i]]:
            j += 1
        for k in range(i, j + 1):
            r[idx[k]] = (i + j) / 2.0 + 1
        i = j + 1
    return r


def spearman(x, y):
    rx, ry = ranks(x), ranks(y)
    n = len(x)
    mx, my = sum(rx) / n, sum(ry) / n
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    return sxy / (sxx * syy) ** 0.5 if sxx and syy else float('nan')


def csv(v):
    return ','.join(str(x) for x in v)


class Report:
    def __init__(self):
        self.failed = 0

    def line(self, ok, what, text):
        if not ok:
            self.failed += 1
        print('%s %s: %s' % ('ok' if ok else 'FAIL', what, text))


def check_straggler(rep, truth, lead):
    ps = lead.get('persistent_straggler', '')
    m = re.match(r'gpu (-?\d+) \((\d+) of (\d+) samples\)', ps)
    got = int(m.group(1)) if m else None
    if truth['stragglers']:
        want = truth['stragglers'][0]
        rep.line(got == want, 'straggler',
                 'persistent %s, truth stragglers[0] %d' % (ps or 'missing', want))
        return
    # No straggler configured: the GPU of least lead, unless no GPU is the
    # straggler often enough to be persistent (a balanced node).
    want = truth['straggler_by_lead']
    rep.line(got == want or ps.startswith('none'), 'straggler',
             'persistent %s, no straggler configured, truth straggler_by_lead %d'
             % (ps or 'missing', want))


def mean_leads(truth, lead):
    """Mean lead per iteration (ms) of each GPU, from lead's per-sample table."""
    G = truth['gpus_count']
    tot = [0] * G
    samples = set()
    for row in lead['lead']:
        tot[row['gpu']] += row['lead_sum_ns']
        samples.add(row['sample'])
    if samples == {-1}:
        # One whole-trace sample (rocprof formats): the sum over every iteration.
        per = truth['samples']
        how = 'whole-trace sample / %d iterations' % per
    else:
        per = len(samples)
        how = '%d samples' % per
    return [t / per / 1e6 for t in tot], how


def check_lead(rep, truth, lead, near_tie):
    G = truth['gpus_count']
    got, how = mean_leads(truth, lead)
    # Descending lead, ties by GPU index: the order truth.json uses.
    order = sorted(range(G), key=lambda g: (-got[g], g))
    want = truth['lead_order']
    tl = [truth['gpus'][g]['lead_sum_ms'] for g in range(G)]
    gaps = [tl[want[i]] - tl[want[i + 1]] for i in range(G - 1)]
    ties = [(want[i], want[i + 1]) for i in range(G - 1) if gaps[i] < near_tie]
    if not ties:
        rep.line(order == want, 'lead-order',
                 '%s (%s), truth %s' % (csv(order), how, csv(want)))
    else:
        rho = spearman(got, tl)
        rep.line(rho >= SPEARMAN_MIN, 'lead-order',
                 '%s (%s), truth %s (%s); near-tie %s within %g ms: spearman %.4f >= %.2f'
                 % (csv(order), how, csv(want), 'same' if order == want else 'differs',
                    ' '.join('%d~%d' % t for t in ties), near_tie, rho, SPEARMAN_MIN))
    diff = [abs(got[g] - tl[g]) for g in range(G)]
    worst = max(range(G), key=lambda g: diff[g])
    rep.line(diff[worst] <= LEAD_ABS_MS, 'lead-ms',
             'max |mean lead - truth| %.4f ms (gpu %d: %.4f vs %.3f) <= %g ms'
             % (diff[worst], worst, got[worst], tl[worst], LEAD_ABS_MS))


def check_spread(rep, truth, thermal, tol):
    sp = thermal.get('spread') or []
    if not sp:
        rep.line(False, 'temp', 'thermal has no spread table')
        rep.line(False, 'freq', 'thermal has no spread table')
        return
    sp = sp[0]
    window = 'traced window' if thermal.get('window', '').startswith('traced') \
        else 'whole log'
    for what, key, field, unit in (('temp', 'temp_spread', 'temp_c', 'C'),
                                   ('freq', 'freq_spread', 'gfx_clk_mhz', 'MHz')):
        v = [x[field] for x in truth['gpus']]
        want = max(v) / min(v)
        got = sp.get(key)
        err = abs(got / want - 1) if isinstance(got, (int, float)) else float('inf')
        # Telemetry reports whole degrees C: rounding alone moves each end
        # of the temperature ratio by up to 0.5 C.
        res = '; whole-degree readings: +-%.2f%%' % (50 / min(v) + 50 / max(v)) \
            if what == 'temp' else ''
        rep.line(err <= tol, what,
                 '%s %s (%s), truth %.4f (%g/%g %s): %+.2f%% within %g%%%s'
                 % (key, got, window, want, max(v), min(v), unit,
                    100 * (got / want - 1) if err != float('inf') else float('nan'),
                    100 * tol, res))


def main():
    ap = argparse.ArgumentParser(description='check a litsi synth round trip')
    ap.add_argument('--litsi', default='litsi')
    ap.add_argument('--db')
    ap.add_argument('--node')
    ap.add_argument('--tol', type=float, default=0.01)
    ap.add_argument('--near-tie', type=float, default=0.002, metavar='MS')
    ap.add_argument('dir')
    a = ap.parse_args()
    try:
        with open(a.dir + '/truth.json') as f:
            truth = json.load(f)
    except (OSError, ValueError) as e:
        sys.stderr.write('roundtrip: %s/truth.json: %s\n' % (a.dir, e))
        return 2
    rep = Report()
    lead = run_litsi(a, ['lead'])
    thermal = run_litsi(a, ['thermal'])
    check_straggler(rep, truth, lead)
    check_lead(rep, truth, lead, a.near_tie)
    check_spread(rep, truth, thermal, a.tol)
    return 1 if rep.failed else 0


if __name__ == '__main__':
    sys.exit(main())
