desc: every rocprofv3 sample CSV of the rocprofiler-sdk docs ingests (counts: python3 csv.reader rows); the memory copy trace, recorded days (of boot time) away from the kernel traces, is another run and needs its own node
needs: corpus sqlite3
setup: mkdir -p d/n1 d/n2 && cp "$CORPUS"/rocprofv3_docs_samples/projects/rocprofiler-sdk/source/docs/data/*.csv d/n1/ && mv d/n1/memory_copy_trace.csv d/n2/
run: litsi ingest --node-from dir d && sqlite3 litsi.db "select s.path, (select count(*) from kernel k where k.source_id = s.id), (select count(*) from annotation a where a.source_id = s.id), (select count(*) from aggregate a where a.source_id = s.id), (select group_concat(m.key || '=' || m.value, '; ') from source_meta m where m.source_id = s.id) from source s order by s.path"
exit: 0
--- stdout
d/n1/counter_collection.csv: rocprofv3-csv, node n1, 0 GPUs, 0 samples, 0 kernels (0 comm)
d/n1/hip_api_stats.csv: rocprofv3-csv, node n1, 0 GPUs, 0 samples, 0 kernels (0 comm), 17 aggregate rows
d/n1/hip_domain_stats.csv: rocprofv3-csv, node n1, 0 GPUs, 0 samples, 0 kernels (0 comm), 1 aggregate rows
d/n1/hip_trace.csv: rocprofv3-csv, node n1, 0 GPUs, 0 samples, 0 kernels (0 comm)
d/n1/kernel_trace.csv: rocprofv3-csv, node n1, 1 GPU, 1 sample, 9 kernels (0 comm)
d/n1/kernel_trace_truncated.csv: rocprofv3-csv, node n1, 1 GPU, 1 sample, 4 kernels (0 comm)
d/n1/marker_api_trace.csv: rocprofv3-csv, node n1, 0 GPUs, 0 samples, 0 kernels (0 comm)
d/n1/memory_allocation_trace.csv: rocprofv3-csv, node n1, 0 GPUs, 0 samples, 0 kernels (0 comm)
d/n1/rccl_trace.csv: rocprofv3-csv, node n1, 0 GPUs, 0 samples, 0 kernels (0 comm)
d/n1/rocpd-to-csv.csv: rocprofv3-csv, node n1, 0 GPUs, 0 samples, 0 kernels (0 comm)
d/n1/scratch_memory_trace.csv: rocprofv3-csv, node n1, 1 GPU, 0 samples, 0 kernels (0 comm)
d/n2/memory_copy_trace.csv: rocprofv3-csv, node n2, 1 GPU, 1 sample, 4 kernels (0 comm)
ingested 12, already present 0, skipped 0, failed 0
node n1: 11 files; holds 1 GPU, 1 run
node n2: 1 file; holds 1 GPU, 1 run
d/n1/counter_collection.csv|0|0|0|skipped=counter_collection: per-dispatch counter values are not imported
d/n1/hip_api_stats.csv|0|0|17|
d/n1/hip_domain_stats.csv|0|0|1|
d/n1/hip_trace.csv|0|17|0|
d/n1/kernel_trace.csv|9|0|0|note=no agent_info.csv beside the trace: GPU agents numbered in order of first appearance
d/n1/kernel_trace_truncated.csv|4|0|0|note=no agent_info.csv beside the trace: GPU agents numbered in order of first appearance
d/n1/marker_api_trace.csv|0|5|0|
d/n1/memory_allocation_trace.csv|0|4|0|
d/n1/rccl_trace.csv|0|21|0|
d/n1/rocpd-to-csv.csv|0|13|0|
d/n1/scratch_memory_trace.csv|0|2|0|note=no agent_info.csv beside the trace: GPU agents numbered in order of first appearance
d/n2/memory_copy_trace.csv|4|0|0|note=no agent_info.csv beside the trace: GPU agents numbered in order of first appearance
--- stderr
