desc: the fitted curve's error bound sets how far gpu-red goes: r0 and a probe 40 W lower (calibration), each a job of its own noise; with whole-job logs (three minutes) the exponents are known within a few hundredths and the caps save more, with the traced window's few readings the bound is wide, gpu-red keeps its floor at the slow end of it and its caps save less
setup: for d in 180 0; do litsi -q synth --layers 2 --samples 3 --seed 7 --noise-seed 1 --straggler 5 --power-cap 750 --physics curve=convex,curve_exp=2 --duration $d -o a$d && litsi -q synth --layers 2 --samples 3 --seed 7 --noise-seed 2 --straggler 5 --power-cap 710 --physics curve=convex,curve_exp=2 --duration $d -o p$d && litsi -q -d d$d.db ingest --run r0 a$d/rank*.json a$d/amd-smi.csv a$d/amd-smi-static.json && litsi -q -d d$d.db ingest --run probe --role calibration p$d/amd-smi.csv p$d/amd-smi-static.json || exit 1; done
run: for d in 180 0; do litsi -d d$d.db caps --scenario gpu-red --format tsv | grep -E 'model prediction|calibration' | cut -f 5,10,11,19; done
exit: 0
--- stdout
5805	0.996454186015808	0.9675	least predicted power with S_iter >= 0.9962, each GPU at the slow end of its curve's error
# calibration: node default: power-to-clock curves of 8 of 8 GPUs fitted to the runs' operating points (ingest --run), 0 took their median; exponents 1.99 to 2.01, each within +-0.04 (99%: gpu-red keeps its floor at the slow end)
5825	0.9973330500493783	0.9708333333333333	least predicted power with S_iter >= 0.9962, each GPU at the slow end of its curve's error
# calibration: node default: power-to-clock curves of 8 of 8 GPUs fitted to the runs' operating points (ingest --run), 0 took their median; exponents 1.97 to 2.11, each within +-0.34 (99%: gpu-red keeps its floor at the slow end)
--- stderr
