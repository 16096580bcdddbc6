desc: two stragglers (GPU 2 at +14 C, GPU 6 at +9.8 C) round-trip from Kineto and from rocprof traces: the hotter one is the persistent straggler, the cooler one leads only it
needs: python3
setup: litsi -q synth --seed 3 --samples 10 --layers 2 --straggler 2,6 --temp-spread 14 --format all -o node
setup: litsi -q -d py.db ingest --node n node/rank0.json node/rank1.json node/rank2.json node/rank3.json node/rank4.json node/rank5.json node/rank6.json node/rank7.json node/amd-smi.csv
setup: litsi -q -d rp.db ingest --node n node/results.csv node/amd-smi.csv
run: grep -E '"(stragglers|lead_order)"' node/truth.json; python3 "$DATA/synth/roundtrip.py" --db py.db node && python3 "$DATA/synth/roundtrip.py" --db rp.db node
exit: 0
--- stdout
  "stragglers": [2, 6],
  "lead_order": [4, 5, 7, 3, 0, 1, 6, 2],
ok straggler: persistent gpu 2 (10 of 10 samples), truth stragglers[0] 2
ok lead-order: 4,5,7,3,0,1,6,2 (10 samples), truth 4,5,7,3,0,1,6,2
ok lead-ms: max |mean lead - truth| 0.0003 ms (gpu 1: 13.7047 vs 13.705) <= 0.01 ms
ok temp: temp_spread 1.2058823529411764 (traced window), truth 1.2048 (82/68.06 C): +0.09% within 1%; whole-degree readings: +-1.34%
ok freq: freq_spread 1.0644380770455268 (traced window), truth 1.0627 (2089.4/1966.1 MHz): +0.16% within 1%
ok straggler: persistent gpu 2 (1 of 1 samples), truth stragglers[0] 2
ok lead-order: 4,5,7,3,0,1,6,2 (whole-trace sample / 10 iterations), truth 4,5,7,3,0,1,6,2
ok lead-ms: max |mean lead - truth| 0.0003 ms (gpu 1: 13.7047 vs 13.705) <= 0.01 ms
ok temp: temp_spread 1.2058823529411764 (whole log), truth 1.2048 (82/68.06 C): +0.09% within 1%; whole-degree readings: +-1.34%
ok freq: freq_spread 1.0646927730022286 (whole log), truth 1.0627 (2089.4/1966.1 MHz): +0.19% within 1%
--- stderr
