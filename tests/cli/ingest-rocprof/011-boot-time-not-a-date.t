desc: rocprofv3 times are ns since boot: messages say "s since boot" and --run auto names a run boot+SECONDS, never a 1970 date
needs: corpus
setup: cp "$CORPUS/rocprofv3_docs_samples/projects/rocprofiler-sdk/source/docs/data/kernel_trace.csv" a_kernel_trace.csv && cp "$DATA/rocprof/v3dir/node7/199/199_kernel_trace.csv" "$DATA/rocprof/v3dir/node7/199/199_agent_info.csv" .
run: litsi -q ingest --node n a_kernel_trace.csv 199_agent_info.csv 199_kernel_trace.csv; echo "exit $?"; litsi -q ingest --node n --run auto 199_kernel_trace.csv; echo "exit $?"; sqlite3 litsi.db "select distinct run from source order by run" | grep -c 1970; sqlite3 litsi.db "select distinct coalesce(run, '-') from source order by 1"
exit: 0
--- stdout
exit 3
exit 0
0
-
boot+1550151.853s
--- stderr
litsi: 199_kernel_trace.csv: another run of GPU 0 of node 'n': this file (traced from 1550151.853 s since boot) overlaps in time 'a_kernel_trace.csv' (traced from 1550151.853 s since boot); two runs are never pooled: give this one its own run (--run NAME, or --run auto to name it after its start time) or its own node (--node NAME)
