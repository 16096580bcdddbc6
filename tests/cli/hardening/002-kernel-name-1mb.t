desc: a kernel name of 1 MB is stored whole and analysed
needs: python3 sqlite3
setup: python3 $TOP/tests/stress/gen-kineto.py --name-len 1048576 --kernels 3 > t.json
run: litsi ingest t.json && sqlite3 litsi.db 'select max(length(text)) from name' && litsi lead --format tsv | cut -c1-60 | head -4
exit: 0
--- stdout
t.json: pytorch, node default, 1 GPU, 1 sample, 3 kernels (0 comm)
1048576
# node: default


# lead
--- stderr
