desc: the legacy rocprof results.csv round-trips to the same straggler
setup: litsi -q synth --samples 2 --layers 3 --straggler 6 --format rocprof --telemetry none -o node
setup: litsi -q ingest --node n node/results.csv
run: litsi lead --node n | grep persistent; head -2 node/results.csv | cut -c1-160
exit: 0
--- stdout
# persistent_straggler: gpu 6 (1 of 1 samples)
"Index","KernelName","gpu-id","queue-id","queue-index","pid","tid","grd","wgr","lds","scr","arch_vgpr","accum_vgpr","sgpr","wave_size","sig","obj","DispatchNs",
0,"ncclDevKernel_Generic_4(ncclDevKernelArgsStorage<4096ul>) [clone .kd]",0,1,0,48211,48211,32768,512,0,0,128,0,48,64,"0x0","0x7f1b000047c0",1547000623543789,15
--- stderr
