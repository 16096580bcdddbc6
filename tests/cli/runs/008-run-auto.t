desc: --run auto keeps the ranks and the log of one run together, names a rerun after its start time, and joins the files of one process traced in two windows
setup: litsi -q synth --gpus 2 --layers 2 --samples 2 -o a && litsi -q synth --gpus 2 --layers 2 --samples 2 --seed 7 -o b
run: litsi ingest --run auto --node n a/ | sed 's|^a/||'; litsi ingest --run auto --node n b/ | sed 's|^b/||'; sqlite3 litsi.db "select coalesce(run, '-'), count(*) from source group by run order by run"
exit: 0
--- stdout
/amd-smi-static.json: amd-smi-json, node n, run of the files it came with, 2 GPUs, 0 samples, 0 kernels (0 comm)
/amd-smi-static.json: run 2026-02-15T09:59:58Z (the run of the files it came with)
/amd-smi.csv: amd-smi-csv, node n, run 2026-02-15T09:59:58Z, 2 GPUs, 0 samples, 0 kernels (0 comm), 1134 telemetry readings
/rank0.json: pytorch, node n, run 2026-02-15T09:59:58Z, rank 0, 1 GPU, 2 samples, 104 kernels (12 comm)
/rank1.json: pytorch, node n, run 2026-02-15T09:59:58Z, rank 1, 1 GPU, 2 samples, 104 kernels (12 comm)
/truth.json: skipped (not a trace or telemetry log)
ingested 4, already present 0, skipped 1, failed 0
/amd-smi-static.json: amd-smi-json, node n, run of the files it came with, 2 GPUs, 0 samples, 0 kernels (0 comm)
/amd-smi-static.json: run 2026-02-15T09:59:58Z-2 (the run of the files it came with)
/amd-smi.csv: amd-smi-csv, node n, run 2026-02-15T09:59:58Z-2, 2 GPUs, 0 samples, 0 kernels (0 comm), 1134 telemetry readings
/rank0.json: pytorch, node n, run 2026-02-15T09:59:58Z-2, rank 0, 1 GPU, 2 samples, 104 kernels (12 comm)
/rank1.json: pytorch, node n, run 2026-02-15T09:59:58Z-2, rank 1, 1 GPU, 2 samples, 104 kernels (12 comm)
/truth.json: skipped (not a trace or telemetry log)
ingested 4, already present 0, skipped 1, failed 0
2026-02-15T09:59:58Z|4
2026-02-15T09:59:58Z-2|4
--- stderr
