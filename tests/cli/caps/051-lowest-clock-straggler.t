desc: a straggler at its lowest clock draws 561 W under a 551 W cap: its point is what it drew, not the cap, and the probe shows every GPU's lowest clock; gpu-realloc's caps then give the clocks it predicts (each within 0.5% of what the simulator runs at them) and the straggler a cap over its draw
setup: P='--gpus 4 --layers 2 --samples 3 --seed 9476 --duration 300 --temp-spread 15.2 --straggler 2 --reasons --physics f_max_mhz=1975,f_min_mhz=1214,p_idle_w=155,t_base_c=69.3,t_thr_c=85.7,k_mhz_per_c=19.7,beta_per_c=0.0068,contention=0.176'; litsi -q synth $P --power-cap 551 -o r0 && litsi -q synth $P --noise-seed 7 --duration 180 --power-cap 511 -o probe && litsi -q ingest --run r0 r0/rank*.json r0/amd-smi.csv r0/amd-smi-static.json && litsi -q ingest --run probe --role calibration probe/amd-smi.csv probe/amd-smi-static.json
run: litsi caps --scenario gpu-realloc --format tsv > caps.tsv && awk -F '\t' 'BEGIN {print "# gpu\tcap_w"} /^# [a-z_]*$/ {t = $0; next} /^#/ {next} NF && t == "# caps" {print $2 "\t" $4}' caps.tsv > new.tsv && P='--gpus 4 --layers 2 --samples 3 --seed 9476 --duration 300 --temp-spread 15.2 --straggler 2 --reasons --physics f_max_mhz=1975,f_min_mhz=1214,p_idle_w=155,t_base_c=69.3,t_thr_c=85.7,k_mhz_per_c=19.7,beta_per_c=0.0068,contention=0.176'; litsi -q synth $P --noise-seed 8 --power-cap 551 --caps new.tsv -o r1 && grep -o '"gfx_clk_mhz": [0-9.]*' r1/truth.json | awk -F ': ' '{print $2}' > meas.txt && awk -F '\t' 'NR == FNR {m[FNR - 1] = $1; next} /^# [a-z_]*$/ {t = $0; next} /^#/ {next} NF && t == "# caps" {d = ($5 - m[$2]) / m[$2]; d = d < 0 ? -d : d; printf "gpu %s: cap %s W, clock %s\n", $2, $4, d <= 0.005 ? "as predicted" : "off by " d; if ($2 == 2 && !($4 > 561)) print "straggler capped under its draw"}' meas.txt caps.tsv
exit: 0
--- stdout
gpu 0: cap 546 W, clock as predicted
gpu 1: cap 541 W, clock as predicted
gpu 2: cap 575 W, clock as predicted
gpu 3: cap 542 W, clock as predicted
--- stderr
