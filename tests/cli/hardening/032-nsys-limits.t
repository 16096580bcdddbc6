desc: the Nsight Systems reader has the limits of every reader: a kernel name over 4 MiB is refused without reading it into memory (a 100 MB one in a bounded RSS), text, a blob or a real in an integer column is refused naming the table and row, never read as 0
needs: sqlite3 python3
setup: cp "$DATA/nsys/nsys-2025.sqlite" big.sqlite && sqlite3 big.sqlite "UPDATE StringIds SET value = printf('%.*c', 100000000, 'k') WHERE id = 1"
setup: cp "$DATA/nsys/nsys-2025.sqlite" five.sqlite && sqlite3 five.sqlite "UPDATE StringIds SET value = printf('%.*c', 4194305, 'k') WHERE id = 1"
setup: cp "$DATA/nsys/nsys-2025.sqlite" txt.sqlite && sqlite3 txt.sqlite "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET start = 'soon' WHERE rowid = 2"
setup: cp "$DATA/nsys/nsys-2025.sqlite" blob.sqlite && sqlite3 blob.sqlite "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET deviceId = x'00' WHERE rowid = 1"
setup: cp "$DATA/nsys/nsys-2025.sqlite" real.sqlite && sqlite3 real.sqlite "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET end = 1000000.5 WHERE rowid = 1"
run: python3 -c 'import resource, subprocess, sys; r = subprocess.run(["litsi", "ingest", "big.sqlite"]); print("exit", r.returncode, "peak RSS under 200 MB:", resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss < 200 * 1024)'; for f in five txt blob real; do litsi ingest $f.sqlite; echo "exit $?"; done
exit: 0
--- stdout
exit 3 peak RSS under 200 MB: True
exit 3
exit 3
exit 3
exit 3
--- stderr
litsi: big.sqlite: cannot read CUPTI_ACTIVITY_KIND_KERNEL: row 1: a string or blob longer than 4 MiB (the limit of every reader)
litsi: five.sqlite: cannot read CUPTI_ACTIVITY_KIND_KERNEL: row 1: a string longer than 4 MiB (the limit of every reader)
litsi: txt.sqlite: cannot read CUPTI_ACTIVITY_KIND_KERNEL: row 8: column start holds text where an integer belongs
litsi: blob.sqlite: cannot read CUPTI_ACTIVITY_KIND_KERNEL: row 1: column deviceId holds a blob where an integer belongs
litsi: real.sqlite: cannot read CUPTI_ACTIVITY_KIND_KERNEL: row 1: column end holds a real where an integer belongs
