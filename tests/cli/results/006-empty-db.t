desc: every analysis on a database with no GPU: the same message and exit 3
setup: litsi -q ingest $DATA/synth/does-not-exist 2>/dev/null || true
run: for c in overlap corr lead thermal model caps check; do a=; [ $c = caps ] && a="--scenario gpu-red"; litsi $c $a 2>&1; echo "$c exit $?"; done
exit: 0
--- stdout
litsi: the database holds no GPU; run 'litsi ingest' first
overlap exit 3
litsi: the database holds no GPU; run 'litsi ingest' first
corr exit 3
litsi: the database holds no GPU; run 'litsi ingest' first
lead exit 3
litsi: the database holds no GPU; run 'litsi ingest' first
thermal exit 3
litsi: the database holds no GPU; run 'litsi ingest' first
model exit 3
litsi: the database holds no GPU; run 'litsi ingest' first
caps exit 3
litsi: the database holds no GPU; run 'litsi ingest' first
check exit 3
--- stderr
