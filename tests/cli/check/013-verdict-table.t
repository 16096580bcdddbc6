desc: the verdict table: every sample node, a bundle without telemetry and the real idle nvidia-smi log
needs: corpus
setup: litsi -q synth --seed 1 --straggler 5 -o node
run: for s in mi300x-balanced mi300x-straggler mi300x-straggler-rocprofv3 mi300x-two-stragglers; do litsi -q -d $s.db ingest "$SAMPLES/$s"; done; litsi -q -d notel.db ingest node/rank0.json node/rank1.json node/rank2.json node/rank3.json node/rank4.json node/rank5.json node/rank6.json node/rank7.json; litsi -q -d idle.db ingest $CORPUS/nvidia_smi_gpu_glasses/nvidia_smi.csv; for d in mi300x-balanced mi300x-straggler mi300x-straggler-rocprofv3 mi300x-two-stragglers notel idle; do litsi -d $d.db check > out; echo "$d exit $?: $(head -1 out)"; done
exit: 0
--- stdout
mi300x-balanced exit 0: node default: balanced: 2 thermal rules passed
mi300x-straggler exit 1: node default: IMBALANCED: 2 thermal rules fired
mi300x-straggler-rocprofv3 exit 1: node default: IMBALANCED: 2 thermal rules fired
mi300x-two-stragglers exit 1: node default: IMBALANCED: 2 thermal rules fired
notel exit 5: node default: INCONCLUSIVE: straggler gpu 5, cause unknown
idle exit 5: node default: INCONCLUSIVE: no thermal rule could run: no temperature, clock or throttling telemetry under load
--- stderr
