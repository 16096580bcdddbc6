desc: runs of one node name whose GPUs are different parts (MI300X, H100) are refused as ingest refuses them: exit 3 naming both inputs and parts, the output not created
setup: litsi -q synth --layers 2 --samples 3 -o a && litsi -q synth --layers 2 --samples 3 --telemetry nvidia-smi -o b
setup: litsi -q -d a.db ingest --node n1 --run ra a/rank*.json a/amd-smi*
setup: litsi -q -d b.db ingest --node n1 --run rb b/rank*.json b/nvidia-smi.csv
run: litsi merge out.db a.db b.db; echo "exit $?"; ls out.db* 2>/dev/null | wc -l
exit: 0
--- stdout
exit 3
0
--- stderr
litsi: 'a.db' holds GPU 0 of node 'n1' as 'AMD Instinct MI300X', 'b.db' as 'NVIDIA H100 80GB HBM3': two different GPUs are never one; merge only databases whose nodes hold the same parts
