desc: malformed rocprof inputs fail with path:line or byte offsets and exit 3
setup: cp "$DATA"/bad/rocprofv3_kernel_trace_no_end.csv "$DATA"/bad/rocprofv3_memory_copy_bad_agent.csv "$DATA"/bad/rocprof_results_bad_ts.json "$DATA"/bad/rocprof_stats_short.csv "$DATA"/bad/rocprofv3_results_unknown_kernel.json .
run: litsi ingest rocprofv3_kernel_trace_no_end.csv rocprofv3_memory_copy_bad_agent.csv rocprof_results_bad_ts.json rocprof_stats_short.csv rocprofv3_results_unknown_kernel.json
exit: 3
--- stdout
ingested 0, already present 0, skipped 0, failed 5
--- stderr
litsi: rocprofv3_kernel_trace_no_end.csv:3: expected an integer in column End_Timestamp
litsi: rocprofv3_memory_copy_bad_agent.csv:2: expected an agent label ("Agent N", "GPU N") in column Source_Agent_Id
litsi: rocprof_results_bad_ts.json: byte 21: expected ts/dur or args.BeginNs/EndNs times
litsi: rocprof_stats_short.csv:2: expected 5 fields (Name and 4 numbers)
litsi: rocprofv3_results_unknown_kernel.json: byte 245: kernel_id 3 is not in kernel_symbols
