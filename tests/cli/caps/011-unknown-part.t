desc: a part the product table does not know and whose telemetry records no limits is a usage error naming --tdp and --cap; given them, caps run
setup: litsi -q synth --layers 2 --samples 3 --straggler 5 --telemetry nvidia-smi -o n && sed -i 's/NVIDIA H100 80GB HBM3/NVIDIA Mystery GPU/' n/rank*.json && cut -d, -f1-8,10 n/nvidia-smi.csv > n/smi.csv && litsi -q ingest --tz UTC n/rank*.json n/smi.csv
run: litsi caps --scenario gpu-realloc; echo "exit $?"; litsi caps --scenario gpu-realloc --tdp 700 --cap 650 --format tsv | grep -c -- "-pl '"
exit: 0
--- stdout
exit 2
8
--- stderr
litsi caps: node 'default': no power limits in its telemetry and its part ('NVIDIA Mystery GPU') is not in the product table: give --tdp W and --cap W
usage: litsi caps --scenario gpu-red|gpu-realloc|cpu-slosh [--node name] [--run name]
                  [--baseline-run name] [--tdp W] [--cap W] [--budget W] [--max-adj W]
                  [--window n]
                  [--window-agg median|mean] [--warmup n] [--agg sum|max|last]
                  [--scale global|local] [--replay] [--idle-power W]
                  [--emit amd-smi|rocm-smi|nvidia-smi|none] [--comm-pattern regex]
                  [--script file] [--format fmt]
       litsi caps --calibrate [--node name] [--run name] [--tdp W] [--cap W]
                  [--idle-power W] [--emit amd-smi|rocm-smi|nvidia-smi|none] [--format fmt]
