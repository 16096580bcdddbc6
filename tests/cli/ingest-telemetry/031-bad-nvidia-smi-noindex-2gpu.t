desc: two GPUs without an index column cannot be told apart: exit 3 naming the column to add
run: cd "$DATA/bad" && litsi ingest --tz UTC nvidia-smi-noindex-2gpu.csv
exit: 3
--- stdout
--- stderr
litsi: nvidia-smi-noindex-2gpu.csv:4: no GPU column and readings unevenly apart: several GPUs cannot be told apart (add 'index' or 'pci.bus_id' to --query-gpu, or pass --device for one GPU)
