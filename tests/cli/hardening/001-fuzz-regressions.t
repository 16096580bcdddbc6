desc: inputs the fuzzers found: each one is refused with exit 3 and a message, never a crash
run: for f in fuzz-rocprofv3-no-symbols.json fuzz-nvidia-smi-year-9999.csv rocprofv3_results_unknown_kernel.json; do litsi ingest --tz UTC $DATA/bad/$f 2>err; echo "exit $?"; sed 's|^litsi: .*/tests/data/|litsi: |' err; done; for f in $DATA/bad/fuzz-*; do litsi -q ingest --tz UTC $f 2>/dev/null; echo "$? ${f##*/}"; done
exit: 0
--- stdout
exit 3
litsi: bad/fuzz-rocprofv3-no-symbols.json: byte 225: kernel_id 0 is not in kernel_symbols
exit 3
litsi: bad/fuzz-nvidia-smi-year-9999.csv:2: expected a time like '2024/10/30 18:42:33.189' in column 'timestamp'
exit 3
litsi: bad/rocprofv3_results_unknown_kernel.json: byte 245: kernel_id 3 is not in kernel_symbols
3 fuzz-nvidia-smi-year-9999.csv
0 fuzz-rocprofv3-no-rows_agent_info.csv
3 fuzz-rocprofv3-no-symbols.json
--- stderr
