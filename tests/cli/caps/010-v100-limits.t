desc: a 300 W part (V100 product name, no limits in its logs): the product table sets TDP and cap, no cap is printed outside [150, 300] W
setup: litsi -q synth --layers 2 --samples 3 --straggler 5 --telemetry nvidia-smi --power-cap 290 --physics p_idle_w=40,m0_w_per_mhz=0.132 -o n && sed -i 's/NVIDIA H100 80GB HBM3/Tesla V100-SXM2-32GB/' n/rank*.json && cut -d, -f1-8,10 n/nvidia-smi.csv > n/smi.csv && litsi -q ingest --tz UTC n/rank*.json n/smi.csv
run: for s in gpu-red gpu-realloc cpu-slosh; do litsi caps --scenario $s --format tsv | awk -F '\t' -v s=$s '$0 ~ /-pl/ { if ($4 < 150 || $4 > 300) bad++; n++ } $3 == "model prediction" { p = $4 } END { print s, n, "caps,", bad + 0, "outside [150, 300], P_n", p }'; done; litsi caps --scenario gpu-red --replay --format tsv | awk -F '\t' '$0 ~ /-pl/ && ($4 < 150 || $4 > 300) { bad++ } END { print "replay:", bad + 0, "outside" }'
exit: 0
--- stdout
gpu-red 8 caps, 0 outside [150, 300], P_n 2400
gpu-realloc 8 caps, 0 outside [150, 300], P_n 2400
cpu-slosh 8 caps, 0 outside [150, 300], P_n 2560
replay: 0 outside
--- stderr
