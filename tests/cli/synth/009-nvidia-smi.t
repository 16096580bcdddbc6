desc: nvidia-smi telemetry makes an H100 node; thermal reads its spread back
setup: litsi -q synth --gpus 4 --samples 2 --layers 2 --straggler 0 --telemetry nvidia-smi -o node
setup: litsi -q ingest --tz UTC --node n node/rank0.json node/rank1.json node/rank2.json node/rank3.json node/nvidia-smi.csv
run: head -3 node/nvidia-smi.csv; litsi thermal --node n --min-readings 2 | sed -n '/^# temp_spread/{n;p;}' | cut -f1,2,4
exit: 0
--- stdout
timestamp, index, power.draw [W], temperature.gpu, clocks.current.sm [MHz], clocks.current.memory [MHz], utilization.gpu [%], utilization.memory [%], power.limit [W], clocks.max.sm [MHz], power.min_limit [W], power.max_limit [W], power.default_limit [W]
2026/02/15 09:59:58.183, 0, 91.87 W, 53, 345 MHz, 2619 MHz, 0 %, 0 %, 700.00 W, 1980 MHz, 200.00 W, 700.00 W, 700.00 W
2026/02/15 09:59:58.187, 1, 83.76 W, 43, 345 MHz, 2619 MHz, 0 %, 0 %, 700.00 W, 1980 MHz, 200.00 W, 700.00 W, 700.00 W
1.1825396825396826	1.049009105516872	0,2,3,1
--- stderr
