desc: plot caps draws the caps litsi caps prints (its caps and prediction tables, each scenario and --replay); where litsi caps refuses a node, plot caps refuses with the same message and writes no file
setup: litsi -q ingest "$SAMPLES/mi300x-straggler"
setup: litsi -q -d bare.db ingest "$SAMPLES/mi300x-straggler/rank0.json.gz" "$SAMPLES/mi300x-straggler/rank1.json.gz"
run: for s in "gpu-red --replay" gpu-realloc cpu-slosh gpu-red; do env PATH="$DATA/plot/capture:$PATH" CAPTURE=$PWD/d.tsv litsi plot caps --scenario $s -o c.png >/dev/null && litsi caps --scenario $s --format tsv > p.tsv && for t in caps prediction; do sed -n "/^# $t\$/,/^\$/p" d.tsv > a; sed -n "/^# $t\$/,/^\$/p" p.tsv > b; cmp -s a b && echo "$s: $t: $(grep -c . a) lines, as printed"; done; done; sed -n '/^# caps$/,/^$/p' d.tsv | cut -f 2-4; litsi -d bare.db caps --scenario gpu-red 2> m1; echo "caps exit $?"; litsi -d bare.db plot caps -o x.png 2> m2; echo "plot exit $?"; cmp m1 m2 && cat m2; test -e x.png || echo "no figure written"
exit: 0
--- stdout
gpu-red --replay: caps: 10 lines, as printed
gpu-red --replay: prediction: 5 lines, as printed
gpu-realloc: caps: 10 lines, as printed
gpu-realloc: prediction: 7 lines, as printed
cpu-slosh: caps: 10 lines, as printed
cpu-slosh: prediction: 7 lines, as printed
gpu-red: caps: 10 lines, as printed
gpu-red: prediction: 7 lines, as printed
# caps
gpu	initial_w	cap_w
0	750	723
1	750	720
2	750	728
3	750	724
4	750	717
5	750	748
6	750	718
7	750	719

caps exit 3
plot exit 3
litsi: node 'default': the closed loop needs each GPU's power and gfx clock telemetry and the idle power (--idle-power W); use --replay to run the algorithms on the recorded leads
no figure written
--- stderr
