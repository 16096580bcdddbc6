# caps.gp: the power cap of each GPU, the starting cap beside the recommended
# one, from 0 W with the part's limits drawn (left), and each GPU's change in
# watts (right). Input: litsi caps --format tsv (tables "caps" and
# "prediction"): the caps litsi caps prints, model prediction or --replay.
#   litsi caps --scenario gpu-red --format tsv | gnuplot -c scripts/caps.gp - caps.png
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
litsi_table = "prediction"
eval litsi_find
litsi_name = "tdp_w"; eval litsi_need; c_tdp = litsi_col("tdp_w")
c_min = litsi_col("min_w"); c_scen = litsi_col("scenario"); c_mode = litsi_col("mode")
c_s = litsi_col("S_iter"); c_p = litsi_col("power_ratio")
tdp = 0; minw = 0; scen = ""; mode = ""; s_iter = NaN; p_ratio = NaN
stats $LITSI every ::litsi_first::litsi_first using (tdp = column(c_tdp), \
	minw = c_min > 0 ? column(c_min) : 0, scen = c_scen > 0 ? strcol(c_scen) : "", \
	mode = c_mode > 0 ? strcol(c_mode) : "", s_iter = c_s > 0 ? column(c_s) : NaN, \
	p_ratio = c_p > 0 ? column(c_p) : NaN, 0) nooutput
litsi_table = "caps"
eval litsi_find
litsi_name = "gpu"; eval litsi_need; c_gpu = litsi_col("gpu")
litsi_name = "initial_w"; eval litsi_need; c_init = litsi_col("initial_w")
litsi_name = "cap_w"; eval litsi_need; c_cap = litsi_col("cap_w")
c_node = litsi_col("node")
if (litsi_node eq "" && c_node > 0) {
	stats $LITSI every ::litsi_first::litsi_first using (litsi_node = strcol(c_node), 0) nooutput
}
stats $LITSI every ::litsi_first::litsi_last using (column(c_cap)) name "CAP" nooutput
stats $LITSI every ::litsi_first::litsi_last using (column(c_init)) name "INIT" nooutput
stats $LITSI every ::litsi_first::litsi_last using (column(c_cap) - column(c_init)) name "D" nooutput
ngpu = litsi_last - litsi_first + 1
# x: the GPU's position in the table (device ids may be sparse).
stats $LITSI every ::litsi_first::litsi_first using (first0 = column(0), 0) nooutput
gx(i) = i - first0
top = tdp > CAP_max ? tdp : CAP_max; top = top > INIT_max ? top : INIT_max
bar_color(g) = g == litsi_straggler ? litsi_vermillion : "#0072B2"
set multiplot title "Power caps per GPU: " . (scen ne "" ? scen . ", " : "") . \
	(mode ne "" ? mode : "recommended") . \
	(s_iter == s_iter ? sprintf(" (throughput x%.3f, power x%.3f)", s_iter, p_ratio) : "") . \
	(litsi_node ne "" ? " - node " . litsi_node : "")
set origin 0, 0
set size 0.64, 0.94
set xrange [-0.6:ngpu - 0.4]
set yrange [0:top * 1.15]
set xtics scale 0
set ylabel "power cap (W)"
set boxwidth 0.36
set style fill solid 1.0 noborder
set key inside top center horizontal samplen 1.5 opaque
# The part's limits: its max (the TDP the caps are against) and, when known, its min.
set arrow 1 from graph 0, first tdp to graph 1, first tdp nohead dt 2 lw 1.5 lc rgb "#333333" front
set label 1 sprintf("part's max limit %d W", tdp) at graph 0.01, first tdp offset 0, 0.6 \
	left tc rgb "#333333" front
if (minw > 0) {
	set arrow 2 from graph 0, first minw to graph 1, first minw nohead dt 3 lw 1.5 lc rgb "#333333" front
	set label 2 sprintf("part's min limit %d W", minw) at graph 0.01, first minw offset 0, 0.6 \
		left tc rgb "#333333" front
	set xlabel "GPU"
} else {
	set xlabel "GPU (the part's min limit is not known)"
}
plot $LITSI every ::litsi_first::litsi_last \
	using (gx(column(0)) - 0.19):(column(c_init)):xticlabels(strcol(c_gpu)) \
	with boxes lc rgb "#BBBBBB" title "starting cap", \
	'' every ::litsi_first::litsi_last \
	using (gx(column(0)) + 0.19):(column(c_cap)):(bar_color(int(column(c_gpu))) eq litsi_vermillion ? 0xD55E00 : 0x0072B2) \
	with boxes lc rgb variable title "recommended cap", \
	'' every ::litsi_first::litsi_last \
	using (gx(column(0)) + 0.19):(column(c_cap)):(sprintf("%d", column(c_cap))) \
	with labels rotate by 90 right offset 0, -0.6 tc rgb "#FFFFFF" font ",10" notitle, \
	NaN with boxes lc rgb litsi_vermillion title (litsi_straggler >= 0 ? sprintf("GPU %d (straggler)", litsi_straggler) : "")
unset arrow 1; unset arrow 2; unset label 1; unset label 2
set xlabel "GPU"
set origin 0.64, 0
set size 0.36, 0.94
lo = D_min < 0 ? D_min : 0; hi = D_max > 0 ? D_max : 0
span = hi - lo > 0 ? hi - lo : 10
set yrange [lo - 0.18 * span:hi + 0.18 * span]
set ylabel "change from the starting cap (W)"
set boxwidth 0.6
unset key
set xzeroaxis lt -1 lw 1
plot $LITSI every ::litsi_first::litsi_last \
	using (gx(column(0))):(column(c_cap) - column(c_init)):(column(c_gpu) == litsi_straggler ? 0xD55E00 : 0x0072B2):xticlabels(strcol(c_gpu)) \
	with boxes lc rgb variable, \
	'' every ::litsi_first::litsi_last \
	using (gx(column(0))):(d = column(c_cap) - column(c_init), d < 0 ? d - 0.06 * span : d + 0.06 * span):(sprintf("%+d", d)) \
	with labels font ",10" tc rgb "#000000"
unset multiplot
