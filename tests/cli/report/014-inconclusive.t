desc: report on traces without telemetry: the verdict says inconclusive, exit 5; --allow-inconclusive exits 0; json carries the verdict
setup: litsi -q synth --seed 1 --straggler 5 -o node && mkdir t && cp node/rank*.json t/
run: litsi report t > out; echo "exit $?"; sed -n '/== Verdict/,$p' out; litsi report --allow-inconclusive >/dev/null; echo "--allow-inconclusive: exit $?"; litsi report --format json | grep -o '"verdict":"[a-z]*"'
exit: 0
--- stdout
exit 5
== Verdict (litsi check) ==
node t: INCONCLUSIVE: straggler gpu 5, cause unknown
  straggler: gpu 5 (100.0% of 10 samples)
  cause: unknown: kernels 4.8% longer, same kernel count; no clock readings under load to tell a slower clock from more work
  skipped temp-spread  no hotspot temperature telemetry
  skipped freq-spread  no gfx clock telemetry
  fired   straggler    1.048 (threshold 1.016); gpu 5 straggler in 100.0% of samples, 4.83% slower (S_C(min) 1.061)
  skipped throttle     no throttling telemetry
  recommended caps: unavailable: needs power and gfx clock telemetry and the idle power (--idle-power)
--allow-inconclusive: exit 0
"verdict":"inconclusive"
"verdict":"inconclusive"
--- stderr
