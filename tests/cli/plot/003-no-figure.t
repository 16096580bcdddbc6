desc: a figure is needed
run: litsi plot
exit: 2
--- stdout
--- stderr
litsi plot: a figure is needed (caps, corr, heatmap, leads, overlap, slots or thermal)
usage: litsi plot [-o file] [--node name] [--sample n] [--kernel name]
                  [--scenario name] [--tdp W] [--cap W] [--idle-power W] [--replay]
                  figure
       litsi plot --script figure
