desc: two logs with different readings for one GPU at one time are refused, naming both; nothing of the second is written
needs: python3
setup: zcat $SAMPLES/mi300x-straggler/amd-smi.csv.gz > a.csv && python3 $DATA/telemetry/bump-amdsmi-power.py a.csv other.csv 3
run: litsi -q ingest --node n1 $SAMPLES/mi300x-straggler/amd-smi.csv.gz; litsi ingest --node n1 other.csv > o.txt 2>&1; echo "exit $?"; sed 's|[^ ]*/||g' o.txt; sqlite3 litsi.db "select count(*) from source"
exit: 0
--- stdout
exit 3
litsi: other.csv: GPU 3 of node 'n1' reads power_w 138 at 2026-02-15T09:59:58Z (1771149598000000000 ns), but amd-smi.csv.gz' reads 137 at that time: two logs of one GPU disagree; give one of them its own node (--node NAME) or run (--run NAME)
1
--- stderr
