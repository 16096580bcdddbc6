desc: the TraceLens tree puts a B200 and H100s on GPU 0 of one node: refused, naming both files; the report does not say ok for the mixture
needs: corpus
setup: ln -s "$CORPUS/tracelens/tests/traces" tl
run: litsi -q ingest tl
exit: 3
--- stdout
--- stderr
litsi: tl/h100/Falconsai_nsfw_image_detection__1016002.json.gz: byte 2309646: GPU 0 of node 'default' is 'NVIDIA B200' in 'tl/b200/eager_trace.json.gz' but 'NVIDIA H100 80GB HBM3' in this file: two different GPUs are never one; give each file its own node (--node NAME before each file or folder, or --node-from dir)
litsi: tl/h100/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz: byte 8647357: GPU 0 of node 'default' is 'NVIDIA B200' in 'tl/b200/eager_trace.json.gz' but 'NVIDIA H100 80GB HBM3' in this file: two different GPUs are never one; give each file its own node (--node NAME before each file or folder, or --node-from dir)
litsi: tl/h100/facebook_timesformer-base-finetuned-k400__1016002.json.gz: byte 17944664: GPU 0 of node 'default' is 'NVIDIA B200' in 'tl/b200/eager_trace.json.gz' but 'NVIDIA H100 80GB HBM3' in this file: two different GPUs are never one; give each file its own node (--node NAME before each file or folder, or --node-from dir)
litsi: tl/h100/gaunernst_bert-small-uncased__1016001.json.gz: byte 1078563: GPU 0 of node 'default' is 'NVIDIA B200' in 'tl/b200/eager_trace.json.gz' but 'NVIDIA H100 80GB HBM3' in this file: two different GPUs are never one; give each file its own node (--node NAME before each file or folder, or --node-from dir)
litsi: tl/mi210/gpu_only_trace/gpu_only_trace.json.gz: traced at 2025-12-19T18:34:15Z, 662.7 h away from 'tl/b200/eager_trace.json.gz' (traced at 2026-01-16T09:15:39Z) on node 'default': two runs on one node are never merged (more than 60 min apart); give each run its own node (--node NAME before each file or folder) or run (--run NAME)
