desc: no sampler found: exit 4, the command is not run
run: L=$(command -v litsi); PATH=/nonexistent "$L" record --backend nvidia-smi -o out -- /bin/touch ran; rc=$?; ls; exit $rc
exit: 4
--- stdout
--- stderr
litsi: 'nvidia-smi' not found or sees no GPU
