desc: an older export (no META_DATA_EXPORT, no session start, inline NVTX text): times stay relative to the session start (clock boottime)
needs: sqlite3
run: cd "$DATA/nsys" && litsi ingest nsys-2021.sqlite && sqlite3 "$LITSI_DB" "select device, stream, class, start_ns, launch_ns, name from kernels; select clock from source; select kind, start_ns, end_ns from annotation"
exit: 0
--- stdout
nsys-2021.sqlite: nsys-sqlite, node default, 1 GPU, 1 sample, 1 kernels (0 comm)
0|7|compute|2000000|1900000|ampere_sgemm_128x64_tn
boottime
user_annotation|1800000|3000000
--- stderr
