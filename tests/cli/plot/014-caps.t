desc: the caps figure renders as PNG and SVG from every sample node, with a series per GPU
needs: gnuplot python3 xmllint
run: sh "$DATA/plot/render.sh" caps
exit: 0
--- stdout
--- stderr
