# overlap.gp: overlap per GPU: the share of each GPU's computation time that
# overlaps communication (duration-weighted), one point per sample, the
# samples' mean (the value litsi report prints as overlap_pct) as a labelled
# bar and their range as a whisker ([LS] Fig. 3 per GPU). Input: litsi
# overlap --summary --format tsv (table "overlap_summary"), optionally
# followed by table "overlap_gpus" (what litsi plot adds: per GPU the
# samples' min, max and mean); without it only the points.
#   litsi overlap --summary --format tsv | gnuplot -c scripts/overlap.gp - overlap.png
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
litsi_table = "overlap_summary"
eval litsi_find
litsi_name = "gpu"; eval litsi_need; litsi_gcol = litsi_col("gpu")
litsi_name = "overlap_pct"; eval litsi_need; c_w = litsi_col("overlap_pct")
pts_first = litsi_first; pts_last = litsi_last; pts_g = litsi_gcol
# x: the GPU's place among the GPUs present, in device order (ids may be sparse).
ord = ""
stats $LITSI every ::pts_first::pts_last using (g = int(column(pts_g)), \
	strstrt(ord . " ", " " . g . " ") == 0 ? (ord = ord . " " . g, 0) : 0) nooutput
gx(g) = sum [litsi_i = 1:words(ord)] (int(word(ord, litsi_i)) == g ? litsi_i - 1 : 0)
ngpu = words(ord)
litsi_table = "overlap_gpus"
eval litsi_seek
has_spread = litsi_state >= 2 && litsi_last >= litsi_first
if (has_spread) {
	litsi_name = "gpu"; eval litsi_need; s_g = litsi_col("gpu")
	litsi_name = "min_pct"; eval litsi_need; s_min = litsi_col("min_pct")
	litsi_name = "max_pct"; eval litsi_need; s_max = litsi_col("max_pct")
	litsi_name = "overlap_pct"; eval litsi_need; s_mean = litsi_col("overlap_pct")
	litsi_name = "samples"; eval litsi_need; s_n = litsi_col("samples")
	stats $LITSI every ::litsi_first::litsi_first using (nsamp = column(s_n), 0) nooutput
}
set title "Overlap per GPU: share of computation time overlapped by communication" . \
	(has_spread ? sprintf(" (%d sample%s)", nsamp, nsamp == 1 ? "" : "s") : "") . \
	(litsi_node ne "" ? " - node " . litsi_node : "")
set xlabel "GPU"
set ylabel "overlap (% of computation time)"
set xrange [-0.6:ngpu - 0.4]
set yrange [0:105]
set ytics 0, 20, 100
set xtics scale 0
set xtics () 
do for [i = 1:ngpu] { set xtics add (word(ord, i) i - 1) }
set key outside bottom center horizontal samplen 1.5
gcol(g) = g == litsi_straggler ? 0xD55E00 : 0x0072B2
set boxwidth 0.6
set style fill solid 0.35 border
if (has_spread) {
	plot $LITSI every ::litsi_first::litsi_last \
		using (gx(int(column(s_g)))):(column(s_mean)):(gcol(int(column(s_g)))) \
		with boxes lc rgb variable title "mean over samples (report's overlap_pct)", \
	'' every ::litsi_first::litsi_last \
		using (gx(int(column(s_g)))):(column(s_mean)):(column(s_min)):(column(s_max)) \
		with yerrorbars ps 0 lw 1.5 lc rgb "#333333" title "range over samples", \
	'' every ::pts_first::pts_last \
		using (gx(int(column(pts_g))) + 0.2 * (rand(0) - 0.5)):(column(c_w)) \
		with points pt 6 ps 0.7 lc rgb "#333333" title "one sample", \
	'' every ::litsi_first::litsi_last \
		using (gx(int(column(s_g)))):(column(s_max)):(sprintf("%.1f", column(s_mean))) \
		with labels offset 0, 1 tc rgb "#000000" notitle, \
	NaN with boxes lc rgb litsi_vermillion \
		title (litsi_straggler >= 0 ? sprintf("GPU %d (straggler)", litsi_straggler) : "")
} else {
	plot $LITSI every ::pts_first::pts_last \
		using (gx(int(column(pts_g)))):(column(c_w)):(gcol(int(column(pts_g)))) \
		with points pt 7 ps 1.5 lc rgb variable title "one sample", \
	NaN with points pt 7 ps 1.5 lc rgb litsi_vermillion \
		title (litsi_straggler >= 0 ? sprintf("GPU %d (straggler)", litsi_straggler) : "")
}
