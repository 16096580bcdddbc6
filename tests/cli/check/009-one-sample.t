desc: one matched sample is too few to call a straggler persistent (--min-samples 3)
setup: litsi -q synth --seed 1 --samples 1 --straggler 5 -o node && litsi -q ingest node/rank0.json node/rank1.json node/rank2.json node/rank3.json node/rank4.json node/rank5.json node/rank6.json node/rank7.json
run: litsi check > out; echo "exit $?"; grep straggler out; litsi check --min-samples 1 | grep -E "^node|fired"
exit: 0
--- stdout
exit 5
  straggler: gpu 5 (100.0% of 1 samples)
  skipped straggler    1 matched sample; persistence needs 3 (--min-samples)
node default: INCONCLUSIVE: straggler gpu 5, cause unknown
  fired   straggler    1.048 (threshold 1.016); gpu 5 straggler in 100.0% of samples, 4.77% slower (S_C(min) 1.060)
--- stderr
