desc: the caps script changes nothing when a check fails: a cap above the tool's max limit, or another part than litsi recorded (LITSI_CAPS_FORCE=1 skips only the part check); --script with two nodes asks for --node
setup: litsi -q synth --layers 2 --samples 4 --straggler 5 --power-cap 700 -o a && litsi -q ingest a && mkdir st
setup: litsi -q synth --gpus 2 --layers 2 --samples 4 -o b
run: litsi -q caps --scenario gpu-realloc --script apply.sh > /dev/null; FAKE_SMI_STATE=$PWD/st FAKE_SMI_MAX=690 PATH=$DATA/caps-tools:$PATH ./apply.sh; echo "exit $?"; grep -c set st/log; ls apply.sh*; sed 's/MI300X/H100/' apply.sh > other.sh; FAKE_SMI_STATE=$PWD/st PATH=$DATA/caps-tools:$PATH sh other.sh; echo "exit $?"; LITSI_CAPS_FORCE=1 FAKE_SMI_STATE=$PWD/st PATH=$DATA/caps-tools:$PATH sh other.sh > /dev/null; echo "forced: exit $?"; litsi -q ingest --node n2 b; litsi caps --scenario gpu-red --script x.sh > /dev/null 2> err; echo "exit $?"; head -1 err
exit: 0
--- stdout
exit 1
0
apply.sh
exit 1
forced: exit 0
exit 2
litsi caps: --script writes the script of one node; the database holds 2: give --node
--- stderr
./apply.sh: gpu 0: cap 698 W is above its max limit 690 W
other.sh: gpu 0: the tool reports 'AMD Instinct MI300X', litsi recorded 'AMD Instinct H100' (LITSI_CAPS_FORCE=1 applies anyway)
