desc: the TraceLens timeline matches gpu_timeline.csv (1e-6 ms) and EXPECTED.md on every corpus trace
needs: corpus python3
run: python3 "$DATA/tl/check-timeline.py" "$CORPUS"
exit: 0
--- stdout
tracelens Falconsai_nsfw_image_detection__1016002.json.gz: 7 figures within 1e-6 ms
tracelens Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz: 7 figures within 1e-6 ms
tracelens facebook_timesformer-base-finetuned-k400__1016002.json.gz: 7 figures within 1e-6 ms
tracelens gaunernst_bert-small-uncased__1016001.json.gz: 7 figures within 1e-6 ms
tracelens gpu_only_trace.json.gz: 7 figures within 1e-6 ms
expected nccl_data.json.gz: 7 figures at 6 decimals
expected sampled_rank-0.json.gz: 7 figures at 3 decimals
expected sampled_rank-1.json.gz: 7 figures at 3 decimals
expected eager_trace.json.gz: 7 figures at 6 decimals
63 of 63 figures agree
--- stderr
