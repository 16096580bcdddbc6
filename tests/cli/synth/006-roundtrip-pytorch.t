desc: Kineto traces and amd-smi log round-trip to truth.json: lead finds the straggler and the lead order, thermal (traced window) the temperature and clock spreads within 1%
needs: python3
setup: litsi -q synth --seed 1 --samples 3 --layers 3 --straggler 5 --gzip -o node
setup: litsi -q ingest --node n node/rank0.json.gz node/rank1.json.gz node/rank2.json.gz node/rank3.json.gz node/rank4.json.gz node/rank5.json.gz node/rank6.json.gz node/rank7.json.gz node/amd-smi.csv.gz
run: litsi lead --node n | grep persistent; litsi thermal --node n | sed -n '/^# temp_spread/{n;p;}' | cut -f1,2,4; grep -E '"(stragglers|temp_order)"' node/truth.json; python3 "$DATA/synth/roundtrip.py" node
exit: 0
--- stdout
# persistent_straggler: gpu 5 (3 of 3 samples)
1.1838235294117647	1.055047029859226	5,2,0,3,1,7,6,4
  "stragglers": [5],
  "temp_order": [5, 2, 3, 0, 1, 7, 6, 4],
ok straggler: persistent gpu 5 (3 of 3 samples), truth stragglers[0] 5
ok lead-order: 7,6,4,1,0,3,2,5 (3 samples), truth 7,6,4,1,0,3,2,5
ok lead-ms: max |mean lead - truth| 0.0005 ms (gpu 7: 40.8045 vs 40.805) <= 0.01 ms
ok temp: temp_spread 1.1838235294117647 (traced window), truth 1.1741 (80/68.14 C): +0.83% within 1%; whole-degree readings: +-1.36%
ok freq: freq_spread 1.055047029859226 (traced window), truth 1.0534 (2088.7/1982.9 MHz): +0.16% within 1%
--- stderr
