desc: Kineto traces and amd-smi log round-trip: lead finds the straggler, thermal the spread
setup: litsi -q synth --samples 3 --layers 3 --straggler 5 --gzip -o node
setup: litsi -q ingest --node n node/rank0.json.gz node/rank1.json.gz node/rank2.json.gz node/rank3.json.gz node/rank4.json.gz node/rank5.json.gz node/rank6.json.gz node/rank7.json.gz node/amd-smi.csv.gz
run: litsi lead --node n | grep persistent; litsi thermal --node n | sed -n '/^# temp_spread/{n;p;}' | cut -f1,2,4; grep -E '"(stragglers|temp_order)"' node/truth.json
exit: 0
--- stdout
# persistent_straggler: gpu 5 (3 of 3 samples)
1.1838	1.0550	5,2,0,3,1,7,6,4
  "stragglers": [5],
  "temp_order": [5, 2, 3, 0, 1, 7, 6, 4],
--- stderr
