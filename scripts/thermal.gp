# thermal.gp: hotspot temperature and gfx clock of each GPU over time, as
# ratios to the node minimum with --normalize ([LS] Fig. 5). Input: litsi
# thermal --series [--normalize] --format tsv (table "thermal_series").
#   litsi thermal --series --normalize --format tsv | gnuplot -c scripts/thermal.gp - thermal.png
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
litsi_table = "thermal_series"
eval litsi_find
litsi_name = "gpu"; eval litsi_need; litsi_gcol = litsi_col("gpu")
litsi_name = "metric"; eval litsi_need; c_metric = litsi_col("metric")
litsi_name = "t_ns"; eval litsi_need; c_t = litsi_col("t_ns")
litsi_name = "value"; eval litsi_need; c_v = litsi_col("value")
stats $LITSI every ::litsi_first::litsi_last using (column(c_t)) name "T" nooutput
eval litsi_gpus
# A sparse series (fewer than 50 hotspot, else clock, readings a GPU) is drawn as points
# joined by thin lines, so that no slope between far readings passes for data.
H_records = 0; C_records = 0
stats $LITSI every ::litsi_first::litsi_last using \
	(strcol(c_metric) eq "temp_hotspot_c" ? H_records = H_records + 1 : 0, \
	 strcol(c_metric) eq "gfx_clk_mhz" ? C_records = C_records + 1 : 0, 0) nooutput
litsi_sparse = (H_records > 0 ? H_records : C_records) < 50 * words(litsi_order)
litsi_with = litsi_sparse ? "linespoints pt 7 ps 0.6" : "lines"
# A log without clock (or temperature) readings gets the one panel it has.
litsi_panels = (H_records > 0) + (C_records > 0)
set multiplot layout litsi_panels,1 title "Temperature and clock per GPU" . \
	(litsi_node ne "" ? " - node " . litsi_node : "") . \
	(litsi_normalized ? " (relative to the node minimum)" : "")
set lmargin 12
set xrange [0:*]
set format x (C_records > 0 ? "" : "% h")
set xlabel (C_records > 0 ? "" : "time since the first reading (s)")
if (H_records > 0) {
	set ylabel (litsi_normalized ? "hotspot temperature (x node min)" : "hotspot temperature (C)")
	plot for [gs in litsi_order] $LITSI every ::litsi_first::litsi_last \
		using (column(litsi_gcol) == int(gs) && strcol(c_metric) eq "temp_hotspot_c" ? \
			(column(c_t) - T_min) / 1e9 : NaN):(column(c_v)) \
		with @litsi_with lc rgb litsi_color(int(gs)) lw litsi_width(int(gs)) title litsi_title(int(gs))
}
if (C_records > 0) {
	set format x "% h"
	set xlabel "time since the first reading (s)"
	set ylabel (litsi_normalized ? "gfx clock (x node min)" : "gfx clock (MHz)")
	plot for [gs in litsi_order] $LITSI every ::litsi_first::litsi_last \
		using (column(litsi_gcol) == int(gs) && strcol(c_metric) eq "gfx_clk_mhz" ? \
			(column(c_t) - T_min) / 1e9 : NaN):(column(c_v)) \
		with @litsi_with lc rgb litsi_color(int(gs)) lw litsi_width(int(gs)) title litsi_title(int(gs))
}
unset multiplot
