desc: caps --script on an NVIDIA node queries and sets the caps with nvidia-smi (-i N --query-gpu, -pl W); the restore script brings back the recorded caps
setup: litsi -q synth --gpus 4 --layers 2 --samples 4 --straggler 2 --telemetry nvidia-smi --power-cap 650 -o a && litsi -q ingest a
setup: mkdir st && for g in 0 1 2 3; do echo $((640 + g)) > st/cap$g; done
run: litsi -q caps --scenario gpu-realloc --script apply.sh > /dev/null; FAKE_SMI_STATE=$PWD/st PATH=$DATA/caps-tools:$PATH ./apply.sh > /dev/null; echo "apply: exit $?"; grep -c '^nvidia-smi -i [0-9] -pl' st/log; FAKE_SMI_STATE=$PWD/st PATH=$DATA/caps-tools:$PATH ./apply.sh.restore; echo "restore: exit $?"; cat st/cap0 st/cap1 st/cap2 st/cap3 | tr '\n' ' '; echo; sort -u st/log | sed 's/ [0-9]* / N /; s/-pl [0-9]*/-pl W/' | sort -u
exit: 0
--- stdout
apply: exit 0
4
restore: exit 0
640 641 642 643 
nvidia-smi -i N --query-gpu=name --format=csv,noheader
nvidia-smi -i N --query-gpu=power.limit,power.min_limit,power.max_limit --format=csv,noheader,nounits
nvidia-smi -i N -pl W
--- stderr
