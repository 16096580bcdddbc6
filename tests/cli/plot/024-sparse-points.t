desc: overlap values are drawn as points and bars (one point per sample, never a line between samples), sparse thermal series as points joined by thin lines
needs: 
run: litsi plot --script overlap | grep -c "with points"; litsi plot --script overlap | grep -c "with lines"; litsi plot --script thermal | grep "litsi_with ="
exit: 0
--- stdout
3
0
litsi_with = litsi_sparse ? "linespoints pt 7 ps 0.6" : "lines"
--- stderr
