desc: the real idle nvidia-smi log (74 W, 33-36 C): no reading under load, inconclusive; GPU 3 1 C hotter changes nothing, even counted as under load (37/33 but 4 C)
needs: corpus
setup: sed "/^[^,]*,3, 0,/s/, 36$/, 37/" $CORPUS/nvidia_smi_gpu_glasses/nvidia_smi.csv > hot.csv && grep -c ", 37$" hot.csv
run: litsi -q ingest $CORPUS/nvidia_smi_gpu_glasses/nvidia_smi.csv; litsi check > out; echo "exit $?"; grep -E "^node|temp-spread" out; rm litsi.db; litsi -q ingest hot.csv; litsi check >/dev/null; echo "gpu 3 1 C hotter: exit $?"; litsi check --load-power 50 > out; echo "every reading counted as under load: exit $?"; grep -E "^node|temp-spread" out
exit: 0
--- stdout
exit 5
node default: INCONCLUSIVE: no thermal rule could run: no temperature, clock or throttling telemetry under load
  skipped temp-spread  0 of 8 GPUs with 3+ hotspot temperature readings under load (gfx activity > 10%, or power > 150 W without activity readings)
gpu 3 1 C hotter: exit 5
every reading counted as under load: exit 0
node default: balanced: 1 thermal rule passed
  passed  temp-spread  1.121 (threshold 1.100); hottest minus coolest 4.0 C (needs 5.0)
--- stderr
