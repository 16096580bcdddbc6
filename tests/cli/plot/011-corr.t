desc: the corr figure renders as PNG and SVG from every sample node, with a series per GPU
needs: gnuplot python3 xmllint
run: sh "$DATA/plot/render.sh" corr
exit: 0
--- stdout
--- stderr
