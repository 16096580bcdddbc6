desc: an unknown figure is a usage error
run: litsi plot --script pie
exit: 2
--- stdout
--- stderr
litsi plot: unknown figure 'pie' (caps, corr, heatmap, leads, overlap, slots or thermal)
usage: litsi plot [-o file] [--node name] [--sample n] [--kernel name]
                  [--scenario name] [--tdp W] [--cap W] [--idle-power W] [--replay]
                  figure
       litsi plot --script figure
