desc: the same seed gives byte-identical files in every format
setup: litsi -q synth --gpus 4 --samples 2 --layers 2 --straggler 1 --format all -o a
setup: litsi -q synth --gpus 4 --samples 2 --layers 2 --straggler 1 --format all -o b
run: cd a && find . -type f | sort | while read f; do cmp "$f" "../b/$f" || exit 1; echo "$f"; done
exit: 0
--- stdout
./amd-smi-static.json
./amd-smi.csv
./rank0.json
./rank1.json
./rank2.json
./rank3.json
./results.csv
./synth-node0/48211/48211_agent_info.csv
./synth-node0/48211/48211_kernel_trace.csv
./synth-node0/48228/48228_agent_info.csv
./synth-node0/48228/48228_kernel_trace.csv
./synth-node0/48245/48245_agent_info.csv
./synth-node0/48245/48245_kernel_trace.csv
./synth-node0/48262/48262_agent_info.csv
./synth-node0/48262/48262_kernel_trace.csv
./truth.json
--- stderr
