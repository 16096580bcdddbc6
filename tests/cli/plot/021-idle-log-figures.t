desc: the real idle nvidia-smi log: the thermal figure draws its one panel (no clock), the heat map marks missing metrics 'no data', never nan
needs: corpus gnuplot
setup: litsi -q ingest $CORPUS/nvidia_smi_gpu_glasses/nvidia_smi.csv
run: litsi plot thermal -o t.svg && litsi plot heatmap -o h.svg && grep -c ">no data<" h.svg; grep -c ">nan<" h.svg; grep -o "<text>hotspot temperature[^<]*</text>" t.svg; grep -c "gfx clock" t.svg; true
exit: 0
--- stdout
wrote t.svg
wrote h.svg
16
0
<text>hotspot temperature (x node min)</text>
0
--- stderr
