desc: the legacy rocprof results.csv round-trips to truth.json; boot-time traces against the epoch amd-smi log, so thermal reads the whole log (10 samples: the load readings outnumber the idle ones around it)
needs: python3
setup: litsi -q synth --seed 13 --samples 10 --layers 2 --straggler 6 --format rocprof -o node
setup: litsi -q ingest --node n node/results.csv node/amd-smi.csv
run: head -2 node/results.csv | cut -c1-160; python3 "$DATA/synth/roundtrip.py" node
exit: 0
--- stdout
"Index","KernelName","gpu-id","queue-id","queue-index","pid","tid","grd","wgr","lds","scr","arch_vgpr","accum_vgpr","sgpr","wave_size","sig","obj","DispatchNs",
0,"ncclDevKernel_Generic_4(ncclDevKernelArgsStorage<4096ul>) [clone .kd]",0,1,0,48211,48211,32768,512,0,0,128,0,48,64,"0x0","0x7f1b000047c0",1547000623543789,15
ok straggler: persistent gpu 6 (1 of 1 samples), truth stragglers[0] 6
ok lead-order: 1,2,7,5,0,3,4,6 (whole-trace sample / 10 iterations), truth 1,2,7,5,0,3,4,6
ok lead-ms: max |mean lead - truth| 0.0005 ms (gpu 0: 17.3065 vs 17.306) <= 0.01 ms
ok temp: temp_spread 1.1764705882352942 (whole log), truth 1.1722 (80/68.25 C): +0.37% within 1%; whole-degree readings: +-1.36%
ok freq: freq_spread 1.051686101481248 (whole log), truth 1.0529 (2087.7/1982.9 MHz): -0.11% within 1%
--- stderr
