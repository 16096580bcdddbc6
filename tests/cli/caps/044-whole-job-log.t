desc: gpu-red on a node whose GPUs draw less than their cap (held by their top clock): with a log of the whole job (two minutes) each GPU's draw and clock are of every reading of the run under load; with the traced window's few readings the draws are placed higher, so the caps are higher and save less; each keeps its floor (S_iter >= 0.9962, or 0.9956 where the caps slow every GPU alike)
setup: for d in 120 0; do litsi -q synth --gpus 4 --layers 2 --samples 3 --seed 116 --physics m0_w_per_mhz=0.25100 --power-cap 750 --duration $d -o s$d && litsi -q -d d$d.db ingest --run r0 s$d/rank*.json s$d/amd-smi.csv s$d/amd-smi-static.json || exit 1; done
run: for d in 120 0; do litsi -d d$d.db caps --scenario gpu-red --format tsv | grep -E 'model prediction|^default	[0-9]' | cut -f 2,4,10,11,19; done
exit: 0
--- stdout
0	669
1	670
2	669
3	675
gpu-red	3000	0.9957549038054332	0.9961799950507215	least predicted power with S_iter >= 0.9956, every GPU slowed alike, each at the slow end of its curve's error
0	668
1	671
2	673
3	677
gpu-red	3000	0.9960206188655358	0.9962813862661003	least predicted power with S_iter >= 0.9956, every GPU slowed alike, each at the slow end of its curve's error
--- stderr
