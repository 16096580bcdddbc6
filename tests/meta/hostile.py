#!/usr/bin/env python3
"""hostile.py: every command and output format of litsi on a database whose
every name field is hostile: node, run, host, kernel, product, metric and
source path hold control bytes (ESC ] OSC, CSI, BEL, CR, LF, DEL, C1), an
invalid UTF-8 byte, quotes, markup, and one of each is 64 KiB long. Asserts
for every run: no raw control byte on stdout or stderr (tab and the newline
ending a line are litsi's own), JSON is valid UTF-8 JSON, JUnit XML and SVG
are well-formed (xmllint), no command crashes (exit < 128).
Prints one line per check (ok / notok / skip, tab-separated) that
tests/meta/run.sh turns into TAP.

usage: hostile.py LITSI TMPDIR SAMPLE_DIR
"""
import gzip
import json
import os
import re
import shutil
import subprocess
import sys

LITSI, TMP, SAMPLE = sys.argv[1], sys.argv[2], sys.argv[3]
EVIL = 'x\x1b]0;OWNED\x07\x1b[2J\r\n\x7f\u009b1m"q\'<a&b>\\@@FF@@'
LONG = 'L' * 65536 + EVIL
# Raw C0 (but tab and newline), DEL and C1 (UTF-8 C2 80..9F) are never allowed.
RAW = re.compile(rb'[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]')


def tap(ok, name, why=""):
    print(("ok\t" if ok else "notok\t") + "hostile names: " + name + ("" if ok else "\t" + why))


def skip(name, why):
    print("skip\thostile names: " + name + "\t" + why)


def raw(s):
    return s.encode('utf-8', 'surrogateescape').replace(b'@@FF@@', b'\xff')


def fsname(s):
    """A file name: no '/' and no NUL."""
    return raw(s).replace(b'/', b'_').replace(b'\x00', b'_')


def make_inputs(d):
    """Two ranks of the sample with hostile (and 64 KiB) kernel and product
    names, an nvidia-smi log with a hostile metric column, a Prometheus scrape
    with a hostile Hostname; the files themselves under hostile names."""
    os.makedirs(d, exist_ok=True)
    for r in range(2):
        with gzip.open(os.path.join(SAMPLE, 'rank%d.json.gz' % r), 'rt') as f:
            t = json.load(f)
        names = sorted({e['name'] for e in t['traceEvents'] if e.get('cat') == 'kernel'
                        and not e['name'].startswith('nccl')})
        for e in t['traceEvents']:
            if e.get('cat') == 'kernel' and e['name'] == names[0]:
                e['name'] = EVIL
            elif e.get('cat') == 'kernel' and e['name'] == names[1]:
                e['name'] = LONG
        for p in t.get('deviceProperties', []):
            p['name'] = 'MI300X' + EVIL
        with open(os.path.join(d.encode(), fsname('rank%d' % r + EVIL) + b'.json'), 'wb') as f:
            f.write(raw(json.dumps(t)))
        # the same rank, other content: of the 64 KiB node, of a second run
        for sub, tag in (('long', 1), ('run2', 2)):
            t['litsiCopy'] = tag
            os.makedirs(os.path.join(d, '..', sub), exist_ok=True)
            with open(os.path.join(d.encode(), b'..', sub.encode(),
                                   fsname('rank%d' % r + EVIL) + b'.json'), 'wb') as f:
                f.write(raw(json.dumps(t)))
    col = 'power' + EVIL.replace(',', ';').replace('\n', '').replace('\r', '')
    rows = ['timestamp, index, power.draw [W], temperature.gpu, %s' % col]
    for s in range(4):
        for g in range(2):
            rows.append('2026/02/15 12:00:%02d.%03d, %d, %d W, %d, 7' % (10 + s, g, g, 300 + s, 60 + g))
    with open(os.path.join(d.encode(), fsname('smi' + EVIL) + b'.csv'), 'wb') as f:
        f.write(raw('\n'.join(rows) + '\n'))
    host = EVIL.replace('\\', '\\\\').replace('"', '\\"').replace('\n', '\\n')
    prom = 'DCGM_FI_DEV_GPU_TEMP{gpu="0",Hostname="%s",modelName="%s"} 61\n' % (host, host)
    prom += 'DCGM_FI_DEV_GPU_TEMP{gpu="0",Hostname="%s"} 62\n' % ('H' * 60000 + host)
    os.makedirs(os.path.join(d, '..', 'prom'), exist_ok=True)
    with open(os.path.join(d.encode(), b'..', b'prom', fsname('scrape' + EVIL) + b'.prom'),
              'wb') as f:
        f.write(raw(prom))


def run(args, db, name, check_json=False, check_xml=None):
    p = subprocess.run([LITSI.encode(), b'-d', db.encode()] + [raw(a) if isinstance(a, str) else a
                                                              for a in args],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=TMP)
    bad = []
    for what, data in (('stdout', p.stdout), ('stderr', p.stderr)):
        m = RAW.search(data)
        if m:
            bad.append('raw byte %r on %s at %d: %r' % (m.group(0), what, m.start(),
                                                        data[max(0, m.start() - 40):m.start() + 20]))
    if p.returncode >= 128 or p.returncode < 0:
        bad.append('exit %d' % p.returncode)
    if check_json and p.returncode == 0:
        try:
            json.loads(p.stdout.decode('utf-8'))
        except (ValueError, UnicodeDecodeError) as e:
            bad.append('invalid JSON: %s' % e)
    if check_xml and p.returncode in (0, 1, 5):
        x = os.path.join(TMP, 'h.xml')
        with open(x, 'wb') as f:
            f.write(p.stdout if check_xml == 'stdout' else open(check_xml, 'rb').read())
        q = subprocess.run(['xmllint', '--noout', x], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if q.returncode:
            bad.append('xmllint: ' + q.stderr.decode('utf-8', 'replace')[:300])
    tap(not bad, '%s (exit %d)' % (name, p.returncode), '; '.join(bad))
    return p


def main():
    d = os.path.join(TMP, 'in')
    make_inputs(d)
    db = os.path.join(TMP, 'hostile.db')
    node, run_name = 'n' + EVIL, 'r' + EVIL
    run(['ingest', '--node', node, '--run', run_name, d.encode()], db, 'ingest of the hostile files')
    run(['ingest', '--node', LONG, os.path.join(TMP, 'long').encode()], db,
        'ingest under a 64 KiB node name')
    run(['ingest', '--node', node, '--run', 'r2' + EVIL, os.path.join(TMP, 'run2').encode()], db,
        'ingest of a second run')
    run(['ingest', '--time', '2026-02-15T12:00:00Z', os.path.join(TMP, 'prom').encode()], db,
        'ingest of a scrape with hostile and 60 KB hosts (a line is at most 64 KiB)')
    nodes = subprocess.run(['sqlite3', db, 'select count(*), max(length(name)) from node'],
                           stdout=subprocess.PIPE).stdout.decode().strip()
    tap(nodes.startswith('4|') and int(nodes.split('|')[1]) > 65536,
        'the database holds the four hostile nodes, one of 64 KiB, one of 60 KB', nodes)
    have_xmllint = shutil.which('xmllint') is not None
    # Every output format of every command, from the table of writers.
    listed = subprocess.run([LITSI, '--list-formats'], stdout=subprocess.PIPE).stdout.decode()
    fmts = dict(line.split(': ', 1) for line in listed.splitlines())
    cmds = subprocess.run([LITSI, '--list-commands'], stdout=subprocess.PIPE).stdout.decode().split()
    for c in cmds:
        if c in ('ingest', 'synth', 'merge', 'plot', 'compare'):
            continue
        for f in fmts.get(c, 'default').split():
            for sel in ([], ['--node', node], ['--node', LONG]):
                if c in ('info', 'fleet') and sel:
                    continue
                args = [c] + sel + ([] if f == 'default' else ['--format', f])
                args += ['--scenario', 'gpu-red'] if c == 'caps' else []
                xml = 'stdout' if f == 'junit' and have_xmllint else None
                run(args, db, ' '.join([c, '--node LONG' if sel and sel[1] == LONG else
                                        '--node EVIL' if sel else '', f]).replace('  ', ' '),
                    check_json=f == 'json', check_xml=xml)
    for f in fmts['compare'].split():
        run(['compare', '--node', node, '--format', f, run_name, 'r2' + EVIL], db,
            'compare ' + f, check_json=f == 'json')
    run(['check', '--node', 'nope' + EVIL], db, 'check of an unknown hostile node')
    run(['report', '--node', node, '--run', 'nope' + EVIL], db, 'report of an unknown hostile run')
    out = os.path.join(TMP, 'm' + '.db')
    run(['merge', out, db], os.path.join(TMP, 'unused.db'), 'merge')
    run(['merge', out, raw(os.path.join(TMP, 'missing' + EVIL + '.db'))],
        os.path.join(TMP, 'unused.db'), 'merge of a hostile missing path')
    if shutil.which('gnuplot'):
        for fig in ('overlap', 'thermal', 'leads', 'corr'):
            svg = os.path.join(TMP, 'h.svg')
            run(['plot', '--node', node, '-o', svg, fig], db, 'plot ' + fig + ' (SVG)',
                check_xml=svg if have_xmllint and True else None)
    else:
        skip('plot', 'gnuplot not installed')
    if not have_xmllint:
        skip('JUnit and SVG well-formed', 'xmllint not installed')


main()
