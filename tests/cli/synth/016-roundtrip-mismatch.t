desc: the round-trip checker fails (exit 1) when the traces are not those of the truth.json: another straggler and seed
needs: python3
setup: litsi -q synth --seed 5 --gpus 4 --samples 3 --layers 2 --straggler 1 -o a
setup: litsi -q synth --seed 6 --gpus 4 --samples 3 --layers 2 --straggler 2 -o b
setup: litsi -q ingest --node n a/rank0.json a/rank1.json a/rank2.json a/rank3.json a/amd-smi.csv
run: python3 "$DATA/synth/roundtrip.py" b
exit: 1
--- stdout
FAIL straggler: persistent gpu 1 (3 of 3 samples), truth stragglers[0] 2
FAIL lead-order: 3,0,2,1 (3 samples), truth 3,0,1,2
FAIL lead-ms: max |mean lead - truth| 13.8423 ms (gpu 2: 13.8423 vs 0.000) <= 0.01 ms
FAIL temp: temp_spread 1.1347517730496455 (traced window), truth 1.1747 (80/68.1 C): -3.40% within 1%; whole-degree readings: +-1.36%
ok freq: freq_spread 1.0449239699665593 (traced window), truth 1.0535 (2089/1982.9 MHz): -0.81% within 1%
--- stderr
