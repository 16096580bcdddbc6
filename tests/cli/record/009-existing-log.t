desc: an existing log is never overwritten
needs: corpus python3
setup: mkdir out && echo keep > out/nvidia-smi.csv
run: PATH=$DATA/record:$PATH LITSI_CORPUS=$CORPUS litsi -q record --backend nvidia-smi -o out -- true; rc=$?; cat out/nvidia-smi.csv; exit $rc
exit: 4
--- stdout
keep
--- stderr
litsi: cannot create 'out/nvidia-smi.csv': File exists (give another output folder)
