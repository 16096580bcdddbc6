# corr.gp: overlap ratio against duration for one kernel, one colour per GPU,
# Pearson r of each GPU in the key ([LS] Fig. 4). Input: the "overlap" table of
# litsi overlap and the "corr" table of litsi corr, in one stream; ARG4: the kernel (default:
# the kernel with the most instances whose r is defined on some GPU).
#   { litsi overlap --format tsv; litsi corr --format tsv; } | gnuplot -c scripts/corr.gp - corr.svg
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
litsi_kernel = (ARGC >= 4) ? ARG4 : ""
litsi_table = "corr"
eval litsi_find
litsi_name = "gpu"; eval litsi_need; c_cgpu = litsi_col("gpu")
litsi_name = "n"; eval litsi_need; c_n = litsi_col("n")
litsi_name = "pearson"; eval litsi_need; c_r = litsi_col("pearson")
litsi_name = "kernel"; eval litsi_need; c_ckern = litsi_col("kernel")
corr_first = litsi_first; corr_last = litsi_last
if (litsi_kernel eq "") {
	best_n = 0
	stats $LITSI every ::corr_first::corr_last using \
		((column(c_r) == column(c_r)) && column(c_n) > best_n ? \
			(best_n = column(c_n), litsi_kernel = strcol(c_ckern), 0) : 0) nooutput
}
if (litsi_kernel eq "") { exit error "litsi: no kernel with a defined correlation in table 'corr'" }
array r_of[256]
do for [i = 1:256] { r_of[i] = NaN }
stats $LITSI every ::corr_first::corr_last using \
	(strcol(c_ckern) eq litsi_kernel && column(c_cgpu) >= 0 && column(c_cgpu) < 256 ? \
		(r_of[int(column(c_cgpu)) + 1] = column(c_r), 0) : 0) nooutput
litsi_table = "overlap"
eval litsi_find
litsi_name = "gpu"; eval litsi_need; litsi_gcol = litsi_col("gpu")
litsi_name = "dur_ns"; eval litsi_need; c_dur = litsi_col("dur_ns")
litsi_name = "ratio_pct"; eval litsi_need; c_ratio = litsi_col("ratio_pct")
litsi_name = "kernel"; eval litsi_need; c_kern = litsi_col("kernel")
eval litsi_gpus
r_text(g) = g < 0 || g > 255 || r_of[g + 1] != r_of[g + 1] ? "r undefined" : sprintf("r = %.2f", r_of[g + 1])
# litsi plot names kernels "SHORT #ID" (the name id in the database): the
# title shows the short name, a footnote the id; full names are cut at 60.
k_at = strstrt(litsi_kernel, " #")
k_short = k_at > 0 ? litsi_kernel[1:k_at - 1] : litsi_kernel
set title "Overlap ratio and duration of " . \
	(strlen(k_short) > 60 ? k_short[1:57] . "..." : k_short) . \
	(litsi_node ne "" ? " - node " . litsi_node : "")
if (k_at > 0) {
	set bmargin 5
	set label 99 "kernel " . litsi_kernel[k_at + 1:] . " = name id " . \
		litsi_kernel[k_at + 2:] . " in the database (full name: litsi corr; " . \
		"SELECT text FROM name WHERE id = " . litsi_kernel[k_at + 2:] . ")" \
		at screen 0.01, screen 0.015 left font ",8" tc rgb "#555555"
}
set xlabel "overlap ratio (%)"
set ylabel "kernel duration (us)"
set xrange [-2:102]
plot for [gs in litsi_order] $LITSI every ::litsi_first::litsi_last \
	using (column(litsi_gcol) == int(gs) && strcol(c_kern) eq litsi_kernel ? column(c_ratio) : NaN):(column(c_dur) / 1e3) \
	with points pt 7 ps (int(gs) == litsi_straggler ? 1.1 : 0.7) lc rgb litsi_color(int(gs)) \
	title litsi_title(int(gs)) . ", " . r_text(int(gs))
