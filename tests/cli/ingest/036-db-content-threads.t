desc: every corpus trace and sample directory gives the database content of 034 on 3 threads, in pieces of 4 KiB (each trace cut at many events); one database per trace and per sample directory
needs: corpus sqlite3 sha256sum
run: DIGEST_JOBS=3 LITSI_SPLIT_BYTES=4096 sh $TOP/tests/cli/db-digest.sh $CORPUS $SAMPLES
exit: 0
--- stdout
54972d3fc5f27768 0 ./amdsmi_mi355x_inferencex/gpu_metrics_identity.json
ea195d7986f28edf 16287 ./hpctrainingexamples/MLExamples/TraceLens/fused_traces/merged_all_events.json.gz
9e5ae71c41b1a234 84 ./hpctrainingexamples/MLExamples/TraceLens/fused_traces/merged_nccl_only.json.gz
c7306049f1ab8b2c 16 ./hta/tests/data/amd_trace/mi250_minitoy_train_ROCm6_2_kineto.json.gz
7f49521a96ffaa14 0 ./hta/tests/data/cpu_only/rank-34.Jul_15_10_52_41.1074.pt.trace.json.gz
55379743925f25b2 98 ./hta/tests/data/critical_path/simple_add/benchmark_result_493459_1694039959_trace.json.gz
a8b76d99da9d46ea 3774 ./hta/tests/data/nccl_parser_config/nccl_data.json.gz
52c195f491696ca9 6095 ./hta/tests/data/ns_resolution_trace/rank-0.Apr_03_18_51_38.1102.pt.trace.json.gz
cf79fc86d21b7809 1204 ./hta/tests/data/trace_filter/sampled_rank-0.json.gz
7bf1419dd34b61f0 1154 ./hta/tests/data/trace_filter/sampled_rank-1.json.gz
35ed948f2f57017b 43915 ./tracelens/tests/rocprof/908_results.json.gz
f1a95d09293669bc 929 ./tracelens/tests/traces/b200/eager_trace.json.gz
06370accab950829 156 ./tracelens/tests/traces/h100/Falconsai_nsfw_image_detection__1016002.json.gz
28b581d0e7103f25 1707 ./tracelens/tests/traces/h100/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz
7ee58c7e977bd898 534 ./tracelens/tests/traces/h100/facebook_timesformer-base-finetuned-k400__1016002.json.gz
e3e00e8b9e4816ce 61 ./tracelens/tests/traces/h100/gaunernst_bert-small-uncased__1016001.json.gz
0b60580aba6dd5cb 562 ./tracelens/tests/traces/mi210/gpu_only_trace/gpu_only_trace.json.gz
6e736f364e1f1d64 9984 mi300x-balanced/
eb745151c92dd5be 9984 mi300x-capped/
860bfa7512aba224 9984 mi300x-straggler-rocprofv3/
e219f27e42b6e50a 9984 mi300x-straggler/
3ee9bb12a5e66468 9984 mi300x-two-stragglers/
6be9e569a476a7dd 4928 force
--- stderr
