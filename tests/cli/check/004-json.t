desc: json output
setup: litsi synth --seed 1 --straggler 5 -o node >/dev/null && litsi ingest node >/dev/null 2>&1; litsi info >/dev/null
run: litsi check --format json --max-temp-spread 1.5 --max-freq-spread 1.5 --min-gain 2
exit: 0
--- stdout
{
"nodes":[
{"node":"default","imbalanced":false,"straggler":5,"straggler_share_pct":100,"samples":10,"verdict":"balanced","reason":"2 thermal rules passed","cause":null,"evidence":null}
],
"rules":[
{"node":"default","rule":"temp-spread","state":"passed","value":1.1764705882352942,"threshold":1.5,"detail":"hottest minus coolest 12.0 C (needs 5.0)"},
{"node":"default","rule":"freq-spread","state":"passed","value":1.0535049529938798,"threshold":1.5,"detail":""},
{"node":"default","rule":"straggler","state":"passed","value":1.0483404658259272,"threshold":2,"detail":"gpu 5 straggler in 100.0% of samples, 4.83% slower (S_C(min) 1.061)"},
{"node":"default","rule":"throttle","state":"skipped","value":null,"threshold":5,"detail":"no throttling telemetry"}
],
"recommended_caps":[
{"node":"default","gpu":0,"cap_w":738},
{"node":"default","gpu":1,"cap_w":736},
{"node":"default","gpu":2,"cap_w":740},
{"node":"default","gpu":3,"cap_w":738},
{"node":"default","gpu":4,"cap_w":735},
{"node":"default","gpu":5,"cap_w":750},
{"node":"default","gpu":6,"cap_w":735},
{"node":"default","gpu":7,"cap_w":735}
]
}
--- stderr
