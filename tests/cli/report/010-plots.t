desc: report --plots DIR creates DIR and writes every figure of the node
needs: gnuplot
setup: litsi -q ingest "$SAMPLES/mi300x-straggler"
run: litsi report --plots figs >/dev/null; echo "exit $?"; ls figs
exit: 0
--- stdout
exit 1
default-caps.png
default-corr.png
default-heatmap.png
default-leads.png
default-overlap.png
default-thermal.png
--- stderr
wrote figs/default-caps.png
wrote figs/default-corr.png
wrote figs/default-heatmap.png
wrote figs/default-leads.png
wrote figs/default-overlap.png (overlap per GPU: the bars are the overlap_pct column of the report's GPU table)
wrote figs/default-thermal.png
