desc: rocm-smi's text output is not read: named, it is exit 3 saying --csv or --json is needed; in a folder it is skipped saying the same
needs: corpus
setup: mkdir d && cp "$CORPUS/rocprofv3_docs_samples/projects/rocprofiler-sdk/source/docs/data/rocm-smi.txt" d/ && cp "$DATA"/telemetry/rocm-smi.csv d/
run: litsi ingest d/rocm-smi.txt; echo "exit $?"; litsi ingest --time 2026-11-30T19:42:33Z d
exit: 0
--- stdout
exit 3
d/rocm-smi.csv: rocm-smi-csv, node default, 4 GPUs, 0 samples, 0 kernels (0 comm), 67 telemetry readings
d/rocm-smi.txt: skipped (rocm-smi text output, which litsi does not read: record it with 'rocm-smi --csv' or 'rocm-smi --json')
ingested 1, already present 0, skipped 1, failed 0
--- stderr
litsi: d/rocm-smi.txt: rocm-smi text output, which litsi does not read: record it with 'rocm-smi --csv' or 'rocm-smi --json'
