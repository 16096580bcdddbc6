desc: a kernel name of exactly 4 MiB is stored whole; an unused string of 100 MB is skipped in bounded memory
needs: python3 sqlite3
setup: python3 $TOP/tests/stress/gen-huge-token.py name 4194304 name.json
setup: python3 -c 'import sys; sys.stdout.write("{\"traceEvents\":[{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"ts\":1,\"dur\":1,\"pid\":0,\"tid\":0,\"args\":{\"unused\":\"" + "a" * 104857600 + "\"}}]}")' > unused.json
run: python3 $TOP/tests/stress/peak-rss.py 150 litsi ingest --node a name.json && python3 $TOP/tests/stress/peak-rss.py 150 litsi ingest --node b unused.json && sqlite3 litsi.db 'select max(length(text)) from name'
exit: 0
--- stdout
name.json: pytorch, node a, 1 GPU, 1 sample, 1 kernels (0 comm)
unused.json: pytorch, node b, 1 GPU, 1 sample, 1 kernels (0 comm)
4194304
--- stderr
