desc: power limits from amd-smi static --json (MI355X, ppt0) and nvidia-smi power.limit are stored per GPU and shown by info beside the product table
needs: corpus
setup: printf 'timestamp, index, power.draw [W], power.limit [W], enforced.power.limit [W], power.min_limit [W], power.max_limit [W], power.default_limit [W]\n2024/01/02 03:04:05.000, 0, 250.00 W, 300.00 W, 300.00 W, 150.00 W, 300.00 W, 300.00 W\n2024/01/02 03:04:06.000, 0, 251.00 W, 280.00 W, 280.00 W, 150.00 W, 300.00 W, 300.00 W\n' > nv.csv
run: litsi -q ingest --node mi355x $CORPUS/amdsmi_mi355x_inferencex/gpu_metrics_identity.json && litsi -q ingest --node v100 --tz UTC nv.csv && litsi info --detail --format tsv | sed -n '/power limits/,/^$/p'
exit: 0
--- stdout
# power limits
# node	gpu	cap_w	min_w	max_w	default_w	part	part_max_w
mi355x	0	1400	-	1400	-	AMD Instinct MI355X	1400
mi355x	1	1400	-	1400	-	AMD Instinct MI355X	1400
mi355x	2	1400	-	1400	-	AMD Instinct MI355X	1400
mi355x	3	1400	-	1400	-	AMD Instinct MI355X	1400
mi355x	4	1400	-	1400	-	AMD Instinct MI355X	1400
mi355x	5	1400	-	1400	-	AMD Instinct MI355X	1400
mi355x	6	1400	-	1400	-	AMD Instinct MI355X	1400
mi355x	7	1400	-	1400	-	AMD Instinct MI355X	1400
v100	0	290	150	300	300	-	-

--- stderr
