desc: a bundle without telemetry (traces only, like the dlrm bundle): persistent straggler, cause unknown (no clock readings to tell heat from work), exit 5; --allow-inconclusive exits 0
setup: litsi -q synth --seed 1 --straggler 5 -o node && litsi -q ingest node/rank0.json node/rank1.json node/rank2.json node/rank3.json node/rank4.json node/rank5.json node/rank6.json node/rank7.json
run: litsi check > out; echo "exit $?"; cat out; litsi check --allow-inconclusive > out; echo "--allow-inconclusive: exit $?"; tail -1 out
exit: 0
--- stdout
exit 5
node default: INCONCLUSIVE: straggler gpu 5, cause unknown
  straggler: gpu 5 (100.0% of 10 samples)
  cause: unknown: kernels 4.8% longer, same kernel count; no clock readings under load to tell a slower clock from more work
  skipped temp-spread  no hotspot temperature telemetry
  skipped freq-spread  no gfx clock telemetry
  fired   straggler    1.048 (threshold 1.016); gpu 5 straggler in 100.0% of samples, 4.83% slower (S_C(min) 1.061)
  skipped throttle     no throttling telemetry
  recommended caps: unavailable: needs power and gfx clock telemetry and the idle power (--idle-power)
0 of 1 node imbalanced; 1 inconclusive: default
--allow-inconclusive: exit 0
0 of 1 node imbalanced; 1 inconclusive: default
--- stderr
