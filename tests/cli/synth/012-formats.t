desc: the files carry the real headers (Kineto top level, rocprofv3 and amd-smi CSV)
setup: litsi -q synth --gpus 2 --samples 1 --layers 1 --format all -o n
run: find n -type f | sort; sed -n '1,3p;/distributedInfo/p;/baseTime/p' n/rank1.json; head -2 n/synth-node0/48211/48211_kernel_trace.csv | cut -c1-200; head -1 n/amd-smi.csv; sed -n 3p n/amd-smi.csv | cut -c1-180; sed -n '/^$/=' n/amd-smi.csv | head -2; grep -c '"Agent 3"' n/synth-node0/48228/48228_kernel_trace.csv
exit: 0
--- stdout
n/amd-smi-static.json
n/amd-smi.csv
n/rank0.json
n/rank1.json
n/results.csv
n/synth-node0/48211/48211_agent_info.csv
n/synth-node0/48211/48211_kernel_trace.csv
n/synth-node0/48228/48228_agent_info.csv
n/synth-node0/48228/48228_kernel_trace.csv
n/truth.json
{
  "schemaVersion": 1,
  "deviceProperties": [
  "distributedInfo": {"backend": "nccl", "rank": 1, "world_size": 2, "pg_count": 1, "pg_config": [{"pg_name": "0", "pg_desc": "default_pg", "backend_config": "cuda:nccl", "pg_size": 2, "ranks": [0, 1]}], "nccl_version": "2.22.3"},
  "baseTimeNanoseconds": 1767225600000000000,
"Kind","Agent_Id","Queue_Id","Stream_Id","Thread_Id","Dispatch_Id","Kernel_Id","Kernel_Name","Correlation_Id","Start_Timestamp","End_Timestamp","LDS_Block_Size","Scratch_Size","VGPR_Count","Accum_VGPR
"KERNEL_DISPATCH","Agent 2",2,4,48211,1,21,"ncclDevKernel_Generic_4(ncclDevKernelArgsStorage<4096ul>)",1000,1547000623548789,1547000624329006,0,0,128,0,48,512,1,1,32768,1,1
'CTRL' + 'C' to stop watching output:
1771149598,0,0,0,N/A,"['N/A', 'N/A', 'N/A', 'N/A']","['N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A', 
5
8
26
--- stderr
