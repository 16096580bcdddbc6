desc: a node of 2 samples whose amd-smi log is mostly idle: with the whole log, thermal leaves idle readings out and still recovers the spreads
needs: python3
setup: litsi -q synth --seed 1 --gpus 4 --samples 2 --layers 2 --straggler 1 --format rocprofv3 -o node
setup: litsi -q ingest --node n node/synth-node0 node/amd-smi.csv
run: litsi thermal --node n --format tsv | awk -F '\t' '$2 == "gfx_clk_mhz"' | cut -f1-4; python3 "$DATA/synth/roundtrip.py" node
exit: 0
--- stdout
0	gfx_clk_mhz	4	2064.625
1	gfx_clk_mhz	4	1982.625
2	gfx_clk_mhz	4	2049.125
3	gfx_clk_mhz	4	2064.125
ok straggler: persistent gpu 1 (1 of 1 samples), truth stragglers[0] 1
ok lead-order: 0,3,2,1 (whole-trace sample / 2 iterations), truth 0,3,2,1
ok lead-ms: max |mean lead - truth| 0.0004 ms (gpu 3: 14.5074 vs 14.507) <= 0.01 ms
ok temp: temp_spread 1.1347517730496455 (whole log), truth 1.1362 (80/70.41 C): -0.13% within 1%; whole-degree readings: +-1.34%
ok freq: freq_spread 1.0413593089969106 (whole log), truth 1.0427 (2067.6/1982.9 MHz): -0.13% within 1%
--- stderr
