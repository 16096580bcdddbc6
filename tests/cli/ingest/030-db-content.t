desc: every corpus trace and sample directory gives the database content of the staged ingest (dump digests)
needs: corpus sqlite3 sha256sum
run: sh $TOP/tests/cli/db-digest.sh $CORPUS $SAMPLES
exit: 0
--- stdout
f3d1d2188d6e1d85 0 ./amdsmi_mi355x_inferencex/gpu_metrics_identity.json
a6d5a57c2aff3b99 16287 ./hpctrainingexamples/MLExamples/TraceLens/fused_traces/merged_all_events.json.gz
8f6866d14af48cc8 84 ./hpctrainingexamples/MLExamples/TraceLens/fused_traces/merged_nccl_only.json.gz
944fb5569de76b27 16 ./hta/tests/data/amd_trace/mi250_minitoy_train_ROCm6_2_kineto.json.gz
ca5c2ecfb4e0afca 0 ./hta/tests/data/cpu_only/rank-34.Jul_15_10_52_41.1074.pt.trace.json.gz
8a698e24876038be 98 ./hta/tests/data/critical_path/simple_add/benchmark_result_493459_1694039959_trace.json.gz
170892c82c044597 3774 ./hta/tests/data/nccl_parser_config/nccl_data.json.gz
59bf851a657d973e 6095 ./hta/tests/data/ns_resolution_trace/rank-0.Apr_03_18_51_38.1102.pt.trace.json.gz
bc6e9b3b0f0a5284 1204 ./hta/tests/data/trace_filter/sampled_rank-0.json.gz
4f389c10ff7eec7b 1154 ./hta/tests/data/trace_filter/sampled_rank-1.json.gz
6cc79f6bd0a24c07 43915 ./tracelens/tests/rocprof/908_results.json.gz
b292c767c7b342e9 929 ./tracelens/tests/traces/b200/eager_trace.json.gz
cabccce9ed0718db 156 ./tracelens/tests/traces/h100/Falconsai_nsfw_image_detection__1016002.json.gz
86c5543795db8190 1707 ./tracelens/tests/traces/h100/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz
f350baccdc625d4f 534 ./tracelens/tests/traces/h100/facebook_timesformer-base-finetuned-k400__1016002.json.gz
5f6dce9232744ffc 61 ./tracelens/tests/traces/h100/gaunernst_bert-small-uncased__1016001.json.gz
575c6e713409d166 562 ./tracelens/tests/traces/mi210/gpu_only_trace/gpu_only_trace.json.gz
b6b03671c46ba67f 9984 mi300x-balanced/
1575884e7a033a62 9984 mi300x-straggler-rocprofv3/
1785c55d99821214 9984 mi300x-straggler/
17ac0f5bc446aa42 9984 mi300x-two-stragglers/
13192b2e3714924c 4928 force
--- stderr
