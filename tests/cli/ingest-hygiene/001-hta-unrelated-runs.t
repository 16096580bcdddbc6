desc: the HTA test-data folder (unrelated rank-0 traces, years apart, different parts) is not merged into one node: the first trace sets the node's run, each later one is refused naming both files and how to separate them
needs: corpus sqlite3
setup: ln -s "$CORPUS/hta/tests/data" hta
run: litsi ingest hta; echo "exit $?"; sqlite3 litsi.db "select s.path, n.name, g.device, coalesce(g.product, '-') from source s join sample sm on sm.source_id = s.id join gpu g on g.id = sm.gpu_id join node n on n.id = g.node_id group by s.id order by s.path"
exit: 0
--- stdout
hta/amd_trace/mi250_minitoy_train_ROCm6_2_kineto.json.gz: pytorch, node default, 1 GPU, 2 samples, 16 kernels (0 comm)
hta/cpu_only/rank-34.Jul_15_10_52_41.1074.pt.trace.json.gz: pytorch, node default, rank 34, 0 GPUs, 0 samples, 0 kernels (0 comm)
ingested 2, already present 0, skipped 0, failed 5
exit 3
hta/amd_trace/mi250_minitoy_train_ROCm6_2_kineto.json.gz|default|2|AMD Radeon Graphics
--- stderr
litsi: hta/critical_path/simple_add/benchmark_result_493459_1694039959_trace.json.gz: traced at 2023-09-06T22:39:54Z, 12721.1 h away from 'hta/amd_trace/mi250_minitoy_train_ROCm6_2_kineto.json.gz' (traced at 2025-02-17T23:47:09Z) on node 'default': two runs on one node are never merged (more than 60 min apart); give each run its own node (--node NAME before each file or folder) or run (--run NAME)
litsi: hta/nccl_parser_config/nccl_data.json.gz: traced at 2024-05-23T00:15:22Z, 6503.5 h away from 'hta/amd_trace/mi250_minitoy_train_ROCm6_2_kineto.json.gz' (traced at 2025-02-17T23:47:09Z) on node 'default': two runs on one node are never merged (more than 60 min apart); give each run its own node (--node NAME before each file or folder) or run (--run NAME)
litsi: hta/ns_resolution_trace/rank-0.Apr_03_18_51_38.1102.pt.trace.json.gz: traced at 2024-04-04T01:51:35Z, 7677.9 h away from 'hta/amd_trace/mi250_minitoy_train_ROCm6_2_kineto.json.gz' (traced at 2025-02-17T23:47:09Z) on node 'default': two runs on one node are never merged (more than 60 min apart); give each run its own node (--node NAME before each file or folder) or run (--run NAME)
litsi: hta/trace_filter/sampled_rank-0.json.gz: traced at 2023-04-28T23:51:38Z, 15863.9 h away from 'hta/amd_trace/mi250_minitoy_train_ROCm6_2_kineto.json.gz' (traced at 2025-02-17T23:47:09Z) on node 'default': two runs on one node are never merged (more than 60 min apart); give each run its own node (--node NAME before each file or folder) or run (--run NAME)
litsi: hta/trace_filter/sampled_rank-1.json.gz: traced at 2023-04-28T23:51:38Z, 15863.9 h away from 'hta/amd_trace/mi250_minitoy_train_ROCm6_2_kineto.json.gz' (traced at 2025-02-17T23:47:09Z) on node 'default': two runs on one node are never merged (more than 60 min apart); give each run its own node (--node NAME before each file or folder) or run (--run NAME)
