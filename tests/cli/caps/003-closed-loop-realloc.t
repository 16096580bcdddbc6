desc: closed loop gpu-realloc: the best adjustment's caps (the straggler gets the most), rocm-smi commands
setup: litsi synth --seed 1 --straggler 5 -o node >/dev/null && litsi ingest node >/dev/null 2>&1; litsi info >/dev/null
run: litsi caps --scenario gpu-realloc --emit rocm-smi --format tsv
exit: 0
--- stdout
# caps
# node	gpu	initial_w	cap_w	clock_mhz	power_w	command
default	0	750	738	2024.4662633305988	738	rocm-smi -d '0' --setpoweroverdrive '738'
default	1	750	736	2029.4141714520097	736	rocm-smi -d '1' --setpoweroverdrive '736'
default	2	750	740	2017.4724159146842	740	rocm-smi -d '2' --setpoweroverdrive '740'
default	3	750	738	2024.4662633305988	738	rocm-smi -d '3' --setpoweroverdrive '738'
default	4	750	735	2035.7601517637406	735	rocm-smi -d '4' --setpoweroverdrive '735'
default	5	750	750	1981.125	750	rocm-smi -d '5' --setpoweroverdrive '750'
default	6	750	735	2032.8339827727646	735	rocm-smi -d '6' --setpoweroverdrive '735'
default	7	750	735	2033.8093724364232	735	rocm-smi -d '7' --setpoweroverdrive '735'


# prediction
# node	scenario	mode	P_n_w	sum_caps_w	adjustments	converged	reported	straggler	S_iter	power_ratio	last_S_iter	P_idle_w	tdp_w	initial_cap_w	min_w	S_iter_low	power_ratio_low	why	ceiling	S_iter_work	gap_pct
default	gpu-realloc	model prediction	6000	5907	200	no	1	5	1	0.9845	0.6342104329228	140.5	750	750	0	1	0.9845	S_iter unchanged, least predicted power	1.0439636688756222	1	0
# limits: node default: TDP 750 W (telemetry), cap 750 W (telemetry), min limit none
# loop: node default: the caps kept moving for all 200 adjustments (not a failure: the leads never settled); the caps printed are the best predicted, those of adjustment 1 (throughput x1.000), not the last adjustment's (x0.634)
# baseline: node default: S_iter and power_ratio are against the initial caps, 8 x 750 W (the cap in force the telemetry recorded); the budget P_n follows from them
# calibration: node default: no run showed the power-to-clock curve: assumed the line through idle; litsi caps --calibrate prints a short probe that measures it
--- stderr
