desc: more inputs than SQLite attaches at once go through a stage: same content, clashes still named
setup: for i in 1 2 3 4 5 6 7 8 9 10 11; do litsi synth --gpus 2 --samples 1 --layers 1 --seed $i --telemetry none -o s$i >/dev/null && litsi -d n$i.db ingest --node node$i s$i >/dev/null || exit 1; done
setup: litsi -d x.db ingest --node node11 s1 >/dev/null
run: litsi merge all.db n*.db | tail -1; litsi -d all.db info | awk '!/^#/ && NF {print $1}' | sort -u | wc -l; litsi -q merge all.db n*.db; sqlite3 all.db 'SELECT count(*) FROM kernel'; cp all.db keep.db; litsi merge all.db n2.db x.db n3.db n4.db n5.db n6.db n7.db n8.db n9.db n10.db; echo "exit $?"; cmp all.db keep.db && echo unchanged
exit: 0
--- stdout
merged 11 databases: 22 sources added, 0 already present
11
572
exit 3
unchanged
--- stderr
litsi: 'x.db' and 'all.db' both hold node 'node11' with different sources; merge only databases of different nodes or runs (ingest --run), or of the same node with the same files
