desc: report --script writes the caps of the recommended action as caps --script does (applied by the stand-in amd-smi, they equal the report's caps of that scenario); when no caps serve the goal, a warning and no script
needs: python3
setup: litsi -q synth --layers 2 --samples 4 --straggler 5 --power-cap 700 -o a && mkdir st
run: litsi -q report --script s.sh a > /dev/null; echo "exit $?"; FAKE_SMI_STATE=$PWD/st PATH=$DATA/caps-tools:$PATH ./s.sh > /dev/null; echo "apply: exit $?"; for g in 0 1 2 3 4 5 6 7; do cat st/cap$g; done | tr '\n' ' '; echo; litsi report --format json | python3 -c 'import json,sys; d=json.load(sys.stdin); s=d["advice"][0]["scenario"]; print(s, " ".join(str(c["cap_w"]) for c in d["caps"] if c["scenario"] == s))'; litsi -q -d other.db report --goal throughput --script none.sh "$SAMPLES/mi300x-straggler" > /dev/null; echo "exit $?"; test -e none.sh || echo "no none.sh"
exit: 0
--- stdout
exit 1
apply: exit 0
718 716 724 720 713 743 713 713 
cpu-slosh 718 716 724 720 713 743 713 713
exit 1
no none.sh
--- stderr
warning: no script written: no caps serve the goal throughput on node 'mi300x-straggler'
