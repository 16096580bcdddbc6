desc: the heatmap figure renders as PNG and SVG from every sample node, with a series per GPU
needs: gnuplot python3 xmllint
run: sh "$DATA/plot/render.sh" heatmap
exit: 0
--- stdout
--- stderr
