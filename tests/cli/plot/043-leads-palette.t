desc: plot leads colours: every GPU its own colour, neighbouring GPUs and the straggler clearly apart, the straggler vermillion, thicker and drawn last; its line at 0 sits above the axis (the range is padded below 0)
needs: gnuplot python3
setup: litsi -q ingest "$SAMPLES/mi300x-straggler"
run: litsi plot leads -o l.svg; python3 "$DATA/plot/series-order.py" l.svg; litsi plot --script leads | grep "^set yrange"
exit: 0
--- stdout
wrote l.svg
GPU 0: rgb(0, 114, 178) width 1.2
GPU 1: rgb(204, 121, 167) width 1.2
GPU 2: rgb(0, 158, 115) width 1.2
GPU 3: rgb(0, 0, 0) width 1.2
GPU 4: rgb(86, 180, 233) width 1.2
GPU 6: rgb(51, 34, 136) width 1.2
GPU 7: rgb(153, 153, 153) width 1.2
GPU 5 (straggler): rgb(213, 94, 0) width 3.5
colours distinct: True
straggler drawn last: True
straggler vermillion, thicker: True
neighbours and straggler apart: True 
set yrange [-0.04 * LEAD_max / unit:(LEAD_max > 0 ? 1.06 * LEAD_max / unit : 1)]
--- stderr
