desc: report on the README's many-nodes layout reads one node per sub-folder, named after it, each with the log beside its traces; a folder of files is one node named after the folder
setup: mkdir job41 && cp -r $SAMPLES/mi300x-straggler job41/n001 && cp -r $SAMPLES/mi300x-balanced job41/n002 && cp -r $SAMPLES/mi300x-two-stragglers job41/n003 && mkdir run42 && cp $SAMPLES/mi300x-straggler/* run42/
run: litsi -d a.db report job41/ 2>&1 >a.txt | grep '^node'; echo "exit $?"; grep -e '^# litsi' -e '^node .*: ' a.txt; litsi -d a.db check >/dev/null; echo "check $?"; sqlite3 a.db "select n.name, count(distinct t.gpu_id), count(*) from telemetry t join gpu g on g.id = t.gpu_id join node n on n.id = g.node_id group by n.name"; litsi -d b.db report run42/ 2>/dev/null | grep '^# litsi'
exit: 0
--- stdout
exit 1
node n001: 9 files; holds 8 GPUs, 1 run
node n002: 9 files; holds 8 GPUs, 1 run
node n003: 9 files; holds 8 GPUs, 1 run
# litsi report: node n001
node n001: IMBALANCED: 2 thermal rules fired
# litsi report: node n002
node n002: balanced: 2 thermal rules passed
# litsi report: node n003
node n003: IMBALANCED: 2 thermal rules fired
check 1
n001|8|8568
n002|8|8568
n003|8|8568
# litsi report: node run42
--- stderr
