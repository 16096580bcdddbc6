# slots.gp: the fleet's straggler heat map: for every node (rows, in litsi
# fleet's maintenance order) and GPU slot (columns), the number of runs in
# which that GPU was the node's straggler.
# Input: litsi fleet --format tsv (table "heat").
#   litsi fleet --format tsv | gnuplot -c scripts/slots.gp - slots.svg
# ---- litsi prelude: the same in every scripts/*.gp (tests compare them) ----
# ARG1: litsi --format tsv output: a file, or '-' or nothing for standard input.
# ARG2: the figure: a .png, .svg or .pdf file; nothing: PNG on standard output.
# ARG3: the straggler GPU drawn in vermillion; 'none': no straggler; '-' or
#       nothing: the input's "# persistent_straggler: gpu N" note, if any.
# The input is read once into $LITSI (standard input can be read only once),
# each line prefixed by its data set number, so that any table of it can be
# found by its "# title" line and its columns by the names in its header.
litsi_in = (ARGC >= 1 && ARG1 ne "" && ARG1 ne "-") ? ARG1 : "/dev/stdin"
litsi_out = (ARGC >= 2) ? ARG2 : ""
litsi_straggler = (ARGC >= 3 && ARG3 ne "" && ARG3 ne "-" && ARG3 ne "none") ? int(ARG3) : -1
litsi_want_note = (ARGC < 3 || ARG3 eq "" || ARG3 eq "-")
litsi_node = ""
litsi_normalized = 0
set datafile separator "\001"
set datafile commentschars ""
set table $LITSI
plot litsi_in using (sprintf("%d\t%s", column(-2), strcol(1))) with table
unset table
set datafile separator "\t"
if (|$LITSI| == 0) { exit error "litsi: no input (expected litsi --format tsv output)" }

# litsi_find: set litsi_table, then `litsi_find`; the table's rows are the
# points litsi_first..litsi_last of $LITSI (use `every ::litsi_first::litsi_last`).
litsi_scan(i, s) = s[1:1] ne "#" ? 0 : \
	s[1:7] eq "# node:" && litsi_node eq "" ? (litsi_node = s[9:], 0) : \
	s[1:13] eq "# normalized:" ? (litsi_normalized = 1, 0) : \
	s[1:28] eq "# persistent_straggler: gpu " && litsi_want_note ? \
		(litsi_straggler = int(word(s, 4)), litsi_want_note = 0, 0) : \
	litsi_state == 0 && s eq "# ".litsi_table ? (litsi_state = 1, 0) : \
	litsi_state == 1 ? (litsi_hdr = $LITSI[i + 1], litsi_first = i + 1, litsi_state = 2, 0) : \
	litsi_state == 2 ? (litsi_last = i - 1, litsi_state = 3, 0) : 0
# litsi_seek is the same without failing: litsi_last < litsi_first when absent or empty.
litsi_seek = 'litsi_state = 0; litsi_hdr = ""; litsi_first = 0; litsi_last = -1; \
	stats $LITSI using (litsi_scan(int(column(0)), strcol(2))) nooutput; \
	if (litsi_state == 2) { litsi_last = |$LITSI| - 1 }'
litsi_find = litsi_seek . '; if (litsi_state < 2 || litsi_last < litsi_first) { \
		exit error sprintf("litsi: no rows of table ''%s'' in the input", litsi_table) }'
# litsi_col(name): the $LITSI column of the header name; 0 when absent.
litsi_col(name) = sum [litsi_i = 3:words(litsi_hdr)] (word(litsi_hdr, litsi_i) eq name ? litsi_i - 1 : 0)
litsi_need = 'if (litsi_col(litsi_name) == 0) { \
	exit error sprintf("litsi: table ''%s'' has no column ''%s''", litsi_table, litsi_name) }'

# Output: the terminal follows the file name's extension.
litsi_ext = strlen(litsi_out) > 4 ? litsi_out[strlen(litsi_out) - 2:] : "png"
if (litsi_ext eq "svg" || litsi_ext eq "SVG") {
	set terminal svg size 1000,600 dynamic font "Helvetica,13" background "white"
} else { if (litsi_ext eq "pdf" || litsi_ext eq "PDF") {
	set terminal pdfcairo size 10in,6in font "Helvetica,11"
} else {
	set terminal pngcairo size 1000,600 font "Helvetica,11" background "white"
} }
if (litsi_out ne "") { set output litsi_out } else { set output }
set termoption noenhanced

# Colours: after Okabe-Ito and Tol (colour-blind safe); the straggler is always
# vermillion, thick and drawn last.
# Neighbours differ in hue and lightness; no orange or red, kept for the straggler.
array litsi_palette[8] = ["#0072B2", "#CC79A7", "#009E73", "#000000", \
			  "#56B4E9", "#117733", "#332288", "#999999"]
litsi_vermillion = "#D55E00"
litsi_color(g) = g == litsi_straggler ? litsi_vermillion : litsi_palette[int(g) % 8 + 1]
litsi_width(g) = g == litsi_straggler ? 3.5 : 1.2
litsi_title(g) = g == litsi_straggler ? sprintf("GPU %d (straggler)", g) : sprintf("GPU %d", g)
litsi_suffix = ''
# litsi_gpus: the GPUs present in column litsi_gcol of the table, in the order
# they first appear, the straggler last (drawn on top): a list of words for
# `for [g in litsi_order]`. One pass over the rows: the time grows with the
# GPUs present, not with the range of their ids.
litsi_gpus = 'litsi_order = ""; litsi_prev = NaN; litsi_has_s = 0; \
	stats $LITSI every ::litsi_first::litsi_last using (litsi_v = int(column(litsi_gcol)), \
		litsi_v == litsi_straggler ? litsi_has_s = 1 : \
		litsi_v != litsi_prev && strstrt(litsi_order . " ", " " . litsi_v . " ") == 0 ? \
			(litsi_order = litsi_order . " " . litsi_v, 0) : 0, \
		litsi_prev = litsi_v, 0) nooutput; \
	if (litsi_has_s) { litsi_order = litsi_order . " " . litsi_straggler }'
set grid back lc rgb "#DDDDDD"
set border lc rgb "#333333"
set key outside right top vertical Left reverse noautotitle
# ---- end of the litsi prelude ----
litsi_table = "heat"
eval litsi_find
litsi_name = "node"; eval litsi_need; c_node = litsi_col("node")
litsi_name = "gpu"; eval litsi_need; c_gpu = litsi_col("gpu")
litsi_name = "straggler_runs"; eval litsi_need; c_n = litsi_col("straggler_runs")
# Rows: one per node; litsi fleet writes each node's cells as one data set.
stats $LITSI every ::litsi_first::litsi_last using 1 name "D" nooutput
row(d) = int(d - D_min)
stats $LITSI every ::litsi_first::litsi_last using (column(c_n)) name "N" nooutput
# Columns: every GPU slot of the first node's row, in order (litsi fleet writes
# every slot for every node), placed side by side whatever their device ids.
slots = ""
stats $LITSI every ::litsi_first::litsi_last using (int(column(1)) == int(D_min) ? \
	(slots = slots . " " . int(column(c_gpu)), 0) : 0) nooutput
nslot = words(slots)
gx(g) = sum [litsi_i = 1:nslot] (int(word(slots, litsi_i)) == g ? litsi_i - 1 : 0)
set title "Straggler GPU slots across the fleet: runs in which each GPU was its node's straggler"
set xlabel "GPU slot"
set xrange [-0.5:nslot - 0.5]
set yrange [row(D_max) + 0.5:-0.5]
set xtics () scale 0
do for [i = 1:nslot] { set xtics add (word(slots, i) i - 1) }
set ytics scale 0 font ",9"
set grid noxtics noytics
nmax = N_max > 0 ? int(N_max) : 1
# One colour per count: 0 white, 1 .. nmax from light orange to vermillion.
z = 1.0 / (nmax + 1)
set palette defined (0 "#FFFFFF", z "#FFFFFF", z "#F8C490", 1 "#D55E00")
set palette maxcolors nmax + 1
set cbrange [-0.5:nmax + 0.5]
set cbtics 0, (nmax <= 10 ? 1 : int(ceil(nmax / 10.0))), nmax
set format cb "%.0f"
set cblabel "runs as straggler"
if (N_max <= 0) {
	set label 1 "no node was imbalanced: no GPU slot was a straggler" at graph 0.5, graph 0.5 \
		center front font ",16" tc rgb "#333333" boxed
	set style textbox opaque fillcolor rgb "#FFFFFF" border lc rgb "#999999"
}
unset key
plot $LITSI every ::litsi_first::litsi_last \
	using (gx(int(column(c_gpu)))):(row(column(1))):(0.5):(0.5):(column(c_n)):ytic(strcol(c_node)) \
	with boxxyerror fillstyle solid 1.0 border lc rgb "#DDDDDD" fc palette, \
	'' every ::litsi_first::litsi_last \
	using (gx(int(column(c_gpu)))):(row(column(1))):(column(c_n) > 0 ? sprintf("%d", column(c_n)) : "") \
	with labels tc rgb "#000000"
