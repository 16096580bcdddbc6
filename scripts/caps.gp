# caps.gp: the power cap of each GPU after every adjustment of the offline
# replay ([LS] Fig. 12) and the final caps as bars. Input: litsi caps --replay
# --format tsv (tables "adjustments" and "caps"); without adjustments only the bars.
# Rows of one adjustment are one data set, so each GPU's line holds its last point.
#   litsi caps --scenario gpu-red --replay --format tsv | gnuplot -c scripts/caps.gp - caps.png
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

# Colours: Okabe-Ito (colour-blind safe); the straggler is always vermillion.
array litsi_palette[8] = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", \
			  "#56B4E9", "#000000", "#999999", "#F0E442"]
litsi_vermillion = "#D55E00"
litsi_color(g) = g == litsi_straggler ? litsi_vermillion : litsi_palette[int(g) % 8 + 1]
litsi_width(g) = g == litsi_straggler ? 2.5 : 1
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
litsi_table = "caps"
eval litsi_find
litsi_name = "gpu"; eval litsi_need; litsi_gcol = litsi_col("gpu")
litsi_name = "cap_w"; eval litsi_need; c_cap = litsi_col("cap_w")
c_node = litsi_col("node")
if (litsi_node eq "" && c_node > 0) {
	stats $LITSI every ::litsi_first::litsi_first using (litsi_node = strcol(c_node), 0) nooutput
}
caps_first = litsi_first; caps_last = litsi_last; caps_gcol = litsi_gcol; caps_cap = c_cap
stats $LITSI every ::caps_first::caps_last using (column(caps_cap)) name "CAP" nooutput
stats $LITSI every ::caps_first::caps_last using (column(caps_gcol)) name "G" nooutput
litsi_table = "adjustments"
eval litsi_seek
has_adj = litsi_state >= 2 && litsi_last >= litsi_first
set multiplot title "Power caps per GPU (offline replay)" . \
	(litsi_node ne "" ? " - node " . litsi_node : "")
if (has_adj) {
	litsi_name = "gpu"; eval litsi_need; litsi_gcol = litsi_col("gpu")
	litsi_name = "adjustment"; eval litsi_need; c_adj = litsi_col("adjustment")
	litsi_name = "cap_w"; eval litsi_need; c_acap = litsi_col("cap_w")
	stats $LITSI every ::litsi_first::litsi_last using (column(c_acap)) name "ACAP" nooutput
	stats $LITSI every ::litsi_first::litsi_last using (column(c_adj)) name "ADJ" nooutput
	eval litsi_gpus
	set origin 0, 0
	set size 0.62, 0.94
	set xlabel "adjustment"
	set ylabel "power cap (W)"
	set xrange [0:ADJ_max + 1]
	set yrange [(ACAP_min < CAP_min ? ACAP_min : CAP_min) - 10:(ACAP_max > CAP_max ? ACAP_max : CAP_max) + 5]
	set key inside bottom left vertical Left reverse maxrows 4 samplen 2 opaque
	plot for [gs in litsi_order] $LITSI every ::litsi_first::litsi_last \
		using (column(0) == 0 ? (lx = NaN, ly = NaN) : 0, \
			column(litsi_gcol) == int(gs) ? (lx = column(c_adj), ly = column(c_acap)) : 0, lx):(ly) \
		with steps lc rgb litsi_color(int(gs)) lw litsi_width(int(gs)) title litsi_title(int(gs))
	set origin 0.62, 0
	set size 0.38, 0.94
} else {
	set origin 0, 0
	set size 1, 0.94
	set yrange [CAP_min - 10:CAP_max + 5]
}
unset key
set xlabel "GPU"
set ylabel "final cap (W)"
set xrange [G_min - 0.6:G_max + 0.6]
set xtics 1
set boxwidth 0.7
set style fill solid 1.0 noborder
bar_color(g) = g == litsi_straggler ? 0xD55E00 : 0x0072B2
plot $LITSI every ::caps_first::caps_last \
	using (column(caps_gcol)):(column(caps_cap)):(bar_color(column(caps_gcol))) \
	with boxes lc rgb variable title "final cap", \
	'' every ::caps_first::caps_last \
	using (column(caps_gcol)):(column(caps_cap)):(sprintf("%d", column(caps_cap))) \
	with labels offset 0,0.7 tc rgb "#000000" title "values"
unset multiplot
