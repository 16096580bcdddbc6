#!/usr/bin/env python3
# peak-rss.py: run a command; fail (exit 99, a message on stderr) when its
# peak resident memory passed LIMIT_MB, else exit with its status. Works
# where `ulimit -v` cannot (sanitizer builds reserve terabytes of address
# space).
# usage: peak-rss.py LIMIT_MB CMD [ARG]...
import resource
import subprocess
import sys


def main():
    limit = int(sys.argv[1])
    rc = subprocess.call(sys.argv[2:])
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
    if peak > limit:
        sys.stderr.write('peak-rss: %s took %d MB, over %d MB\n' % (sys.argv[2], peak, limit))
        return 99
    return rc


sys.exit(main())
