desc: ingest -j 3 of a folder with a copy, a bad file, a note, an archive and a missing path reports and stores what -j 1 does, in the same order
needs: sqlite3
setup: mkdir in && cp $SAMPLES/mi300x-balanced/rank0.json.gz in/a.json.gz && cp $SAMPLES/mi300x-balanced/rank0.json.gz in/b-copy.json.gz && cp $DATA/bad/pytorch-truncated.json.gz in/c-bad.json.gz && echo notes > in/d-notes.txt
setup: tar cf in/e.tar -C $SAMPLES/mi300x-balanced rank1.json.gz rank2.json.gz && cp $SAMPLES/mi300x-balanced/rank3.json.gz in/f.json.gz
run: litsi -d one.db ingest in missing.json > one.out 2> one.err; echo "exit $?"; litsi -d two.db ingest -j 3 in missing.json > two.out 2> two.err; echo "exit $?"; for d in one two; do sqlite3 $d.db .dump | sed "s/'[0-9-]*T[0-9:.]*Z'/'T'/g" > $d.dump; done; cmp one.dump two.dump && cmp one.out two.out && cmp one.err two.err && echo same; cat two.out; sed 's|/.*/tests/data/|DATA/|' two.err
exit: 0
--- stdout
exit 3
exit 3
same
in/a.json.gz: pytorch, node default, rank 0, 1 GPU, 6 samples, 1248 kernels (144 comm)
in/b-copy.json.gz: already ingested into node default from in/a.json.gz (identical content), skipped; use --force to replace it
in/d-notes.txt: skipped (not a trace or telemetry log)
in/e.tar:rank1.json.gz: pytorch, node default, rank 1, 1 GPU, 6 samples, 1248 kernels (144 comm)
in/e.tar:rank2.json.gz: pytorch, node default, rank 2, 1 GPU, 6 samples, 1248 kernels (144 comm)
in/f.json.gz: pytorch, node default, rank 3, 1 GPU, 6 samples, 1248 kernels (144 comm)
ingested 4, already present 1, skipped 1, failed 2
litsi: in/c-bad.json.gz: byte 19049: truncated gzip stream (compressed data ends early)
litsi: missing.json: cannot open: No such file or directory
--- stderr
