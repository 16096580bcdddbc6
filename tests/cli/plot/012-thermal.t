desc: the thermal figure renders as PNG and SVG from every sample node, with a series per GPU
needs: gnuplot python3 xmllint
run: sh "$DATA/plot/render.sh" thermal
exit: 0
--- stdout
--- stderr
