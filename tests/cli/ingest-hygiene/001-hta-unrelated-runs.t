desc: the HTA test-data folder (unrelated rank-0 traces, years apart, different parts) is not merged onto one GPU: each refusal names both files and says how to separate them
needs: corpus sqlite3
setup: ln -s "$CORPUS/hta/tests/data" hta
run: litsi ingest hta; echo "exit $?"; sqlite3 litsi.db "select s.path, n.name, g.device, coalesce(g.product, '-') from source s join sample sm on sm.source_id = s.id join gpu g on g.id = sm.gpu_id join node n on n.id = g.node_id group by s.id order by s.path"
exit: 0
--- stdout
hta/amd_trace/mi250_minitoy_train_ROCm6_2_kineto.json.gz: pytorch, node default, 1 GPU, 2 samples, 16 kernels (0 comm)
hta/cpu_only/rank-34.Jul_15_10_52_41.1074.pt.trace.json.gz: pytorch, node default, rank 34, 0 GPUs, 0 samples, 0 kernels (0 comm)
hta/critical_path/simple_add/benchmark_result_493459_1694039959_trace.json.gz: pytorch, node default, rank 0, 1 GPU, 1 sample, 98 kernels (0 comm)
hta/trace_filter/sampled_rank-1.json.gz: pytorch, node default, rank 1, 1 GPU, 2 samples, 1154 kernels (10 comm)
ingested 4, already present 0, skipped 0, failed 3
exit 3
hta/amd_trace/mi250_minitoy_train_ROCm6_2_kineto.json.gz|default|2|AMD Radeon Graphics
hta/critical_path/simple_add/benchmark_result_493459_1694039959_trace.json.gz|default|0|NVIDIA A100-PG509-200
hta/trace_filter/sampled_rank-1.json.gz|default|1|-
--- stderr
litsi: hta/nccl_parser_config/nccl_data.json.gz: traced at 2024-05-23T00:15:22Z, 6217.6 h away from 'hta/critical_path/simple_add/benchmark_result_493459_1694039959_trace.json.gz' (traced at 2023-09-06T22:39:54Z) on GPU 0 of node 'default': two runs on one GPU are never merged (more than 60 min apart); give each run its own node (--node NAME before each file or folder) or run (--run NAME)
litsi: hta/ns_resolution_trace/rank-0.Apr_03_18_51_38.1102.pt.trace.json.gz: byte 15377659: GPU 0 of node 'default' is 'NVIDIA A100-PG509-200' in 'hta/critical_path/simple_add/benchmark_result_493459_1694039959_trace.json.gz' but 'Tesla V100-SXM2-32GB' in this file: two different GPUs are never one; give each file its own node (--node NAME before each file or folder, or --node-from dir)
litsi: hta/trace_filter/sampled_rank-0.json.gz: traced at 2023-04-28T23:51:38Z, 3142.8 h away from 'hta/critical_path/simple_add/benchmark_result_493459_1694039959_trace.json.gz' (traced at 2023-09-06T22:39:54Z) on GPU 0 of node 'default': two runs on one GPU are never merged (more than 60 min apart); give each run its own node (--node NAME before each file or folder) or run (--run NAME)
