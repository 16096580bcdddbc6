#!/usr/bin/env python3
"""bombs.py LITSI: every reader but the Kineto one (jscan) keeps memory bounded
whatever one token or one value holds. Small gzip files that inflate to long
lines, names, strings and JSON values; each must be refused with exit 3 and
the file and line/byte named, or (a long amd-smi JSON list) ingested, while
the peak RSS of litsi stays under LIMIT_MB. Prints TAP."""
import gzip, os, subprocess, sys, tempfile

LITSI = sys.argv[1]
MB = int(os.environ.get('BOMB_MB', '24'))        # inflated size of each bomb
LIMIT_MB = int(os.environ.get('BOMB_RSS_MB', '200'))  # ASan's quarantine needs more
tmp = tempfile.mkdtemp(prefix='litsi-bombs.')
n = 0
fail = 0


def gz(name, parts):
    """Write parts (bytes, or (bytes, count) repeated) gzip-compressed."""
    path = os.path.join(tmp, name)
    with gzip.open(path, 'wb', compresslevel=6) as f:
        for p in parts:
            if isinstance(p, tuple):
                chunk, count = p
                for _ in range(count):
                    f.write(chunk)
            else:
                f.write(p)
    return path


def run(desc, path, want_exit, want_msg, *args):
    """Ingest @path; exit code in @want_exit, @want_msg in stderr, peak RSS bounded."""
    global n, fail
    n += 1
    db = os.path.join(tmp, 'b%d.db' % n)
    err = os.path.join(tmp, 'err%d' % n)
    with open(err, 'w') as ef:
        p = subprocess.Popen([LITSI, '-q', '-d', db, 'ingest'] + list(args) + [path],
                             stdout=subprocess.DEVNULL, stderr=ef)
        _, status, ru = os.wait4(p.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    rss = ru.ru_maxrss // 1024
    text = open(err, errors='replace').read()
    ok = code in want_exit and want_msg in text and rss < LIMIT_MB
    print('%s %d - %s: exit %d, max RSS %d MB' % ('ok' if ok else 'not ok', n, desc, code, rss))
    if not ok:
        fail = 1
        print('#   ' + text.strip().replace('\n', '\n#   '))


big = MB << 20
hdr = b'timestamp,gpu,socket_power,gfx_0_clk\n'
run('amd-smi CSV, one %d MiB line' % MB,
    gz('amd.csv.gz', [hdr, b'1786553852,0,100,', (b'9' * 65536, big // 65536), b'\n']),
    (3,), 'amd.csv.gz:2: line longer than 16 MiB')
run('rocprofv3 CSV, a %d MiB kernel name' % MB,
    gz('r_kernel_trace.csv.gz', [b'"Kind","Agent_Id","Queue_Id","Kernel_Name","Correlation_Id",'
                                 b'"Start_Timestamp","End_Timestamp"\n"KERNEL_DISPATCH","GPU 0",1,"',
                                 (b'k' * 65536, big // 65536), b'",1,100,200\n']),
    (3,), 'r_kernel_trace.csv.gz:2: line longer than 16 MiB')
run('nvidia-smi CSV, one %d MiB line' % MB,
    gz('nv.csv.gz', [b'timestamp, index, power.draw [W]\n', (b'x' * 65536, big // 65536), b'\n']),
    (3,), 'nv.csv.gz')
elem = b'{"gpu": 0, "timestamp": 1786553852, "power": {"socket_power": {"value": 238, "unit": "W"}}, ' \
       b'"pad": [' + b'1,' * 32000 + b'1]}'
count = big // len(elem)
run('amd-smi JSON, a %d MiB gpu_data list (%d GPU objects)' % (MB, count),
    gz('amd-list.json.gz', [b'{"gpu_data": [', elem, (b',\n' + elem, count - 1), b']}\n']),
    (0,), '', '--format', 'amd-smi-json')
run('amd-smi JSON, one %d MiB GPU object' % MB,
    gz('amd-one.json.gz', [b'[{"gpu": 0, "timestamp": 1786553852, "pad": "', (b'p' * 65536, big // 65536),
                           b'"}]\n']),
    (3,), 'amd-one.json.gz:1: a JSON value longer than 1048576 bytes', '--format', 'amd-smi-json')
run('rocm-smi JSON, one %d MiB document' % MB,
    gz('rocm.json.gz', [b'{"card0": {"Temperature (Sensor edge) (C)": "', (b'5' * 65536, big // 65536),
                        b'"}}\n']),
    (3,), 'rocm.json.gz:1: a JSON value longer than', '--format', 'rocm-smi-json')
run('rocprofv3 JSON, a %d MiB string that is read' % MB,
    gz('v3.json.gz', [b'{"rocprofiler-sdk-tool": [{"kernel_symbols": [{"kernel_id": 1, '
                      b'"kernel_name": "', (b's' * 65536, big // 65536), b'"}]}]}\n']),
    (3,), 'string longer than', '--format', 'rocprofv3-json')
run('rocprofv3 JSON, a %d MiB string that is skipped' % MB,
    gz('v3s.json.gz', [b'{"rocprofiler-sdk-tool": [{"strings": {"x": "', (b's' * 65536, big // 65536),
                       b'"}}]}\n']),
    (0, 3), '', '--format', 'rocprofv3-json')
print('1..%d' % n)
subprocess.run(['rm', '-rf', tmp])
sys.exit(fail)
