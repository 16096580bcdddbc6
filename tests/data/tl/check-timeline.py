#!/usr/bin/env python3
# check-timeline.py: litsi's TraceLens timeline (overlap --summary, table
# peer_figures) against TraceLens's own gpu_timeline.csv for every corpus
# trace that has one (tolerance 1e-6 ms, as in TraceLens's regression test),
# and against the independently computed rows of corpus/EXPECTED.md (at
# their printed precision).
# usage: check-timeline.py CORPUS   (runs `litsi` from PATH in a scratch db)
import csv, glob, io, json, os, subprocess, sys, tempfile

FIELDS = ['total', 'computation', 'exposed_comm', 'exposed_memcpy', 'busy', 'idle',
          'total_comm']

def litsi_timeline(trace, db):
    subprocess.run(['litsi', '-q', '-d', db, 'ingest', trace], check=True)
    out = subprocess.run(['litsi', '-d', db, 'overlap', '--summary', '--format', 'json'],
                         check=True, capture_output=True, text=True).stdout
    rows = json.loads(out)['peer_figures']
    assert len(rows) == 1, 'expected one GPU in %s' % trace
    return {f: rows[0][f + '_ms'] for f in FIELDS}

# EXPECTED.md "Independently computed" rows: file, decimals, values in FIELDS order.
EXPECTED = [
    ('hta/tests/data/nccl_parser_config/nccl_data.json.gz', 6,
     [660.551006, 116.046561, 39.529327, 1.924190, 157.500078, 503.050928, 46.876492]),
    ('hta/tests/data/trace_filter/sampled_rank-0.json.gz', 3,
     [1222.847, 210.348, 336.981, 0.327, 547.656, 675.191, 396.199]),
    ('hta/tests/data/trace_filter/sampled_rank-1.json.gz', 3,
     [1231.186, 272.004, 303.520, 4.526, 580.050, 651.136, 379.053]),
    ('tracelens/tests/traces/b200/eager_trace.json.gz', 6,
     [84.487178, 10.771683, 0.021953, 0.802843, 11.596479, 72.890698, 0.021953]),
]

def main():
    corpus = sys.argv[1]
    bad = n = 0
    with tempfile.TemporaryDirectory() as tmp:
        for i, ref in enumerate(sorted(glob.glob(corpus + '/tracelens/tests/traces/**/'
                                                  '*_perf_report_csvs/gpu_timeline.csv',
                                                  recursive=True))):
            trace = ref.replace('_perf_report_csvs/gpu_timeline.csv', '.json.gz')
            want = {r['type'].replace('_time', ''): float(r['time ms'])
                    for r in csv.DictReader(open(ref))}
            got = litsi_timeline(trace, os.path.join(tmp, 'tl%d.db' % i))
            for f in FIELDS:
                n += 1
                if abs(got[f] - want[f]) > 1e-6:
                    bad += 1
                    print('FAIL %s %s: litsi %.9f TraceLens %.9f' % (
                        os.path.basename(trace), f, got[f], want[f]))
            print('tracelens %s: %d figures within 1e-6 ms' % (os.path.basename(trace),
                                                                  len(FIELDS)))
        for i, (rel, dec, vals) in enumerate(EXPECTED):
            got = litsi_timeline(os.path.join(corpus, rel), os.path.join(tmp, 'ex%d.db' % i))
            for f, v in zip(FIELDS, vals):
                n += 1
                if round(got[f], dec) != round(v, dec):
                    bad += 1
                    print('FAIL %s %s: litsi %.9f expected %s' % (rel, f, got[f], v))
            print('expected %s: %d figures at %d decimals' % (os.path.basename(rel),
                                                               len(FIELDS), dec))
    print('%d of %d figures agree' % (n - bad, n))
    return 1 if bad else 0

sys.exit(main())
