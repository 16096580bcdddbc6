desc: thermal --run reads one run's sources only: each run's medians are its own, and without --run the latest run's are read (never the runs together); a run the node lacks is a usage error
setup: litsi -q synth --layers 2 --samples 4 --straggler 5 --power-cap 700 -o a && litsi -q synth --layers 2 --samples 4 --temp-spread 1 --power-cap 720 -o b && litsi -q ingest --run base a/rank*.json a/amd-smi.csv a/amd-smi-static.json && litsi -q ingest --run next b/rank*.json b/amd-smi.csv b/amd-smi-static.json
run: litsi thermal --run base --format tsv | awk '$1 == 5 && $2 != "temp_mem_c"'; litsi thermal --run next --format tsv | awk '$1 == 5 && $2 != "temp_mem_c"'; litsi thermal --format tsv | awk '$1 == 5 && $2 == "gfx_clk_mhz"'; litsi thermal --run nope; echo "exit $?"; litsi thermal --run ''; echo "exit $?"
exit: 0
--- stdout
5	temp_hotspot_c	6	80.5	79	81	80.2
5	gfx_clk_mhz	6	1818.125	1815.125	1824.125	1819.325
5	power_w	6	702.5	699	704	701.6
5	3508	5
5	temp_hotspot_c	6	69	68	70	68.8
5	gfx_clk_mhz	6	1982.125	1979.125	1988.125	1983.125
5	power_w	6	722.5	719	724	721.6
5	3608	5
5	gfx_clk_mhz	6	1982.125	1979.125	1988.125	1983.125
exit 2
exit 2
--- stderr
warning: node 'default' holds 2 runs: reading the latest, 'next' (--run NAME reads another; runs are never read together)
litsi: no node has a run 'nope' (ingest --run names runs)
litsi thermal: empty --run name
usage: litsi thermal [--node name] [--run name] [--series] [--normalize]
                     [--load-activity pct] [--load-power W] [--min-readings n]
                     [--format fmt]
