desc: report --html and --plots carry one overlap figure, overlap per GPU, named once: its caption ties the bars to the GPU table's overlap_pct; the figure's title uses the same name
needs: gnuplot
run: litsi -q report --html page.html --plots figs "$SAMPLES/mi300x-straggler" > /dev/null 2> plots.err; grep -o 'Overlap per GPU: the share[^<]*' page.html; grep -c '<text>Overlap per GPU' page.html; grep -c 'Overlap of' page.html; grep overlap plots.err; ls figs | grep -c overlap
exit: 0
--- stdout
Overlap per GPU: the share of its computation time overlapped by communication, one point per sample; each bar is the GPU&apos;s overlap % in the table above
1
0
wrote figs/mi300x-straggler-overlap.png (overlap per GPU: the bars are the overlap_pct column of the report's GPU table)
1
--- stderr
