desc: caps --script writes an executable script; run against a stand-in amd-smi that records its arguments, it records the caps in force, applies the printed caps, and its restore script brings back the recorded caps
setup: litsi -q synth --layers 2 --samples 4 --straggler 5 --power-cap 700 -o a && litsi -q ingest a
setup: mkdir st && for g in 0 1 2 3 4 5 6 7; do echo $((690 + g)) > st/cap$g; done
run: litsi -q caps --scenario gpu-realloc --script apply.sh --format tsv | awk -F '\t' '/^# caps/ {on = 1; getline; next} on && !NF {exit} on {printf "%s ", $4} END {print ""}' > printed; test -x apply.sh && echo executable; FAKE_SMI_STATE=$PWD/st PATH=$DATA/caps-tools:$PATH ./apply.sh; echo "apply: exit $?"; cat st/cap0 st/cap1 st/cap2 st/cap3 st/cap4 st/cap5 st/cap6 st/cap7 | tr '\n' ' ' > applied; echo >> applied; cmp printed applied && echo "applied = printed"; FAKE_SMI_STATE=$PWD/st PATH=$DATA/caps-tools:$PATH ./apply.sh.restore; echo "restore: exit $?"; cat st/cap0 st/cap1 st/cap2 st/cap3 st/cap4 st/cap5 st/cap6 st/cap7 | tr '\n' ' '; echo; grep -c 'static --limit' st/log; grep -c '^amd-smi set' st/log; grep '^amd-smi set -g 5 ' st/log
exit: 0
--- stdout
executable
caps in force recorded in './apply.sh.restore'
applied the caps of 8 GPUs; undo with './apply.sh.restore'
apply: exit 0
applied = printed
restore: exit 0
690 691 692 693 694 695 696 697 
8
16
amd-smi set -g 5 -o 723
amd-smi set -g 5 -o 695
--- stderr
