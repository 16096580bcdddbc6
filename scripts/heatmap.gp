# heatmap.gp: per-GPU heat map of the median hotspot and memory temperature,
# gfx clock and socket power, each row coloured from its node minimum to its
# node maximum and labelled with the value ([CH] Figs. 5, 17).
# Input: litsi thermal --format tsv (table "thermal").
#   litsi thermal --format tsv | gnuplot -c scripts/heatmap.gp - heatmap.svg
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
litsi_table = "thermal"
eval litsi_find
litsi_name = "gpu"; eval litsi_need; litsi_gcol = litsi_col("gpu")
litsi_name = "metric"; eval litsi_need; c_metric = litsi_col("metric")
litsi_name = "median"; eval litsi_need; c_med = litsi_col("median")
array mname[4] = ["temp_hotspot_c", "temp_mem_c", "gfx_clk_mhz", "power_w"]
array mlabel[4] = ["hotspot temperature (C)", "memory temperature (C)", "gfx clock (MHz)", "socket power (W)"]
array mlo[4]; array mhi[4]
row(s) = s eq mname[1] ? 0 : s eq mname[2] ? 1 : s eq mname[3] ? 2 : s eq mname[4] ? 3 : NaN
do for [m = 1:4] {
	mlo[m] = NaN; mhi[m] = NaN
	stats $LITSI every ::litsi_first::litsi_last using \
		(strcol(c_metric) eq mname[m] && column(c_med) == column(c_med) ? \
			(mlo[m] = (mlo[m] != mlo[m] || column(c_med) < mlo[m]) ? column(c_med) : mlo[m], \
			 mhi[m] = (mhi[m] != mhi[m] || column(c_med) > mhi[m]) ? column(c_med) : mhi[m], 0) : 0) nooutput
}
relpos(v, m) = v != v ? NaN : mhi[m + 1] > mlo[m + 1] ? (v - mlo[m + 1]) / (mhi[m + 1] - mlo[m + 1]) : 0.5
eval litsi_gpus
stats $LITSI every ::litsi_first::litsi_last using (column(litsi_gcol)) name "G" nooutput
set title "Median telemetry per GPU, each row from node minimum (light) to maximum (dark)" . \
	(litsi_node ne "" ? " - node " . litsi_node : "")
set xlabel "GPU"
set title offset 0,1
set xrange [G_min - 0.5:G_max + 0.5]
set yrange [3.5:-0.5]
set xtics 1 scale 0
set ytics scale 0 ("hotspot temp. (C)" 0, "memory temp. (C)" 1, "gfx clock (MHz)" 2, "socket power (W)" 3)
set grid noxtics noytics
set palette defined (0 "#FFF7EC", 0.5 "#F0A050", 1 "#B33C00")
set cbrange [0:1]
set cbtics ("node min" 0, "node max" 1)
set colorbox user origin graph 1.02, graph 0 size character 2, graph 1
unset key
set rmargin 14
if (litsi_straggler >= G_min && litsi_straggler <= G_max) {
	set object 1 rectangle from first litsi_straggler - 0.5, graph 0 to first litsi_straggler + 0.5, graph 1 \
		front fillstyle empty border lc rgb litsi_vermillion lw 4
	set label 1 "straggler" at first litsi_straggler, graph 1.025 center tc rgb litsi_vermillion front
}
# A metric the GPU did not report is a grey "no data" cell, never a colour.
plot $LITSI every ::litsi_first::litsi_last \
	using (column(litsi_gcol)):(row(strcol(c_metric))):(0.5):(0.5):(relpos(column(c_med), row(strcol(c_metric)))) \
	with boxxyerror fillstyle solid 1.0 noborder fc palette title "median", \
	'' every ::litsi_first::litsi_last \
	using (column(c_med) == column(c_med) ? NaN : column(litsi_gcol)):(row(strcol(c_metric))):(0.5):(0.5) \
	with boxxyerror fillstyle solid 1.0 noborder fc rgb "#E6E6E6" title "no data", \
	'' every ::litsi_first::litsi_last \
	using (column(litsi_gcol)):(row(strcol(c_metric))):(column(c_med) == column(c_med) ? \
		sprintf(row(strcol(c_metric)) < 2 ? "%.1f" : "%.0f", column(c_med)) : "no data") \
	with labels tc rgb "#000000" title "values"
