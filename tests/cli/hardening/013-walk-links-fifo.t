desc: the directory walk skips symbolic links to directories (two make a loop) and FIFOs, saying so
needs: timeout mkfifo
setup: mkdir -p walk/a walk/b && cp $SAMPLES/mi300x-straggler/rank0.json.gz walk/a/ && ln -s ../b walk/a/tob && ln -s ../a walk/b/toa && mkfifo walk/a/fifo && ln -s fifo walk/a/lfifo && ln -s rank0.json.gz walk/a/link.json.gz
run: timeout -s KILL 20 litsi ingest walk; echo "exit $?"
exit: 0
--- stdout
walk/a/fifo: skipped (not a regular file)
walk/a/lfifo: skipped (not a regular file)
walk/a/link.json.gz: pytorch, node default, rank 0, 1 GPU, 6 samples, 1248 kernels (144 comm)
walk/a/rank0.json.gz: already ingested into node default from walk/a/link.json.gz (identical content), skipped; use --force to replace it
walk/a/tob: skipped (symbolic link to a directory, not followed)
walk/b/toa: skipped (symbolic link to a directory, not followed)
ingested 1, already present 1, skipped 4, failed 0
exit 0
--- stderr
