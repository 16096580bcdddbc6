desc: plot slots sends every GPU slot of every node (8 a node, not only the stragglers'), integer counts; a fleet where no node was imbalanced is drawn with a note on standard error
setup: litsi -q ingest --node job1/n1 "$SAMPLES/mi300x-straggler" && litsi -q ingest --node job1/n2 "$SAMPLES/mi300x-two-stragglers" && litsi -q ingest --node job1/n3 "$SAMPLES/mi300x-balanced"
setup: litsi -q -d bal.db ingest --node job1/n3 "$SAMPLES/mi300x-balanced"
run: env PATH="$DATA/plot/capture:$PATH" CAPTURE=$PWD/d.tsv litsi plot slots -o s.png; sed -n '/^# heat$/,$p' d.tsv | awk -F '\t' '!/^#/ && NF == 3 { n[$1]++; s[$1] = s[$1] " " $2; if ($3 !~ /^[0-9]+$/) bad++; if ($3 > 0) hot[$1] = hot[$1] " gpu " $2 " x" $3 } END { for (k in n) print k ": " n[k] " slots:" s[k] ";" (hot[k] ? hot[k] : " none"); print bad + 0, "counts not integers" }' | sort; env PATH="$DATA/plot/capture:$PATH" CAPTURE=$PWD/b.tsv litsi -d bal.db plot slots -o b.png
exit: 0
--- stdout
wrote s.png
0 counts not integers
n1: 8 slots: 0 1 2 3 4 5 6 7; gpu 5 x1
n2: 8 slots: 0 1 2 3 4 5 6 7; gpu 2 x1
n3: 8 slots: 0 1 2 3 4 5 6 7; none
wrote b.png
--- stderr
warning: no node of the database was imbalanced with a straggler: the figure shows every GPU slot at 0
