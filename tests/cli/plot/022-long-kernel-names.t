desc: real NVIDIA kernel names (HTA trace_filter, up to 1.9 kB): figures carry short names, gnuplot never warns of long lines; the corr title names the kernel and a footnote its id
needs: corpus gnuplot
setup: litsi -q ingest $CORPUS/hta/tests/data/trace_filter
run: for f in leads overlap corr; do litsi plot $f -o $f.svg || echo "$f failed"; done; grep -o "<text>Overlap ratio[^<]*</text>" corr.svg; grep -o "<text>kernel #[0-9]* = name id[^<]*</text>" corr.svg | sed "s/[0-9][0-9]*/N/g"; litsi lead --series --format tsv | awk -F "\t" "length(\$9) > 1000 { n++ } END { print n + 0, \"full names over 1000 bytes kept in the data\" }"
exit: 0
--- stdout
wrote leads.svg
wrote overlap.svg
wrote corr.svg
<text>Overlap ratio and duration of at::native::unrolled_elementwise_kernel - node default</text>
<text>kernel #N = name id N in the database (full name: litsi corr; SELECT text FROM name WHERE id = N)</text>
8 full names over 1000 bytes kept in the data
--- stderr
