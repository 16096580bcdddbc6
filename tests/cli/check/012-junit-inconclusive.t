desc: junit and json carry the verdict of an inconclusive node
setup: litsi -q synth --seed 1 --straggler 5 -o node && litsi -q ingest node/rank0.json node/rank1.json node/rank2.json node/rank3.json node/rank4.json node/rank5.json node/rank6.json node/rank7.json
run: litsi check --format junit | grep -E "testsuites|property|verdict"; litsi check --allow-inconclusive --format junit | grep -A1 "testcase.*name=\"verdict\""; litsi check --format json | grep verdict
exit: 0
--- stdout
<testsuites name="litsi check" tests="5" failures="2" skipped="3">
    <properties><property name="verdict" value="inconclusive"/><property name="cause" value="unknown"/><property name="evidence" value="kernels 4.8% longer, same kernel count; no clock readings under load to tell a slower clock from more work"/></properties>
    <testcase classname="litsi.check.default" name="verdict">
</testsuites>
    <testcase classname="litsi.check.default" name="verdict">
      <skipped message="inconclusive: straggler gpu 5, cause unknown"/>
{"node":"default","imbalanced":false,"straggler":5,"straggler_share_pct":100,"samples":10,"verdict":"inconclusive","reason":"straggler gpu 5, cause unknown","cause":"unknown","evidence":"kernels 4.8% longer, same kernel count; no clock readings under load to tell a slower clock from more work"}
--- stderr
