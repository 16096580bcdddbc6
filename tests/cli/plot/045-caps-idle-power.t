desc: plot caps takes --idle-power as litsi caps does: the caps and prediction drawn with --idle-power 200 are those caps prints with it (and differ from the telemetry's idle power); an invalid value is a usage error
setup: litsi -q ingest "$SAMPLES/mi300x-straggler"
run: env PATH="$DATA/plot/capture:$PATH" CAPTURE=$PWD/d.tsv litsi plot caps --scenario gpu-realloc --idle-power 200 -o c.png >/dev/null && litsi caps --scenario gpu-realloc --idle-power 200 --format tsv > p.tsv && for t in caps prediction; do sed -n "/^# $t\$/,/^\$/p" d.tsv > a; sed -n "/^# $t\$/,/^\$/p" p.tsv > b; cmp -s a b && echo "$t: as printed"; done; grep -v '^#' p.tsv | grep 'model prediction' | cut -f 13; litsi plot caps --idle-power 0 -o x.png; echo "exit $?"
exit: 0
--- stdout
caps: as printed
prediction: as printed
200
exit 2
--- stderr
litsi plot: invalid --idle-power '0' (watts, 1 to 100000)
usage: litsi plot [-o file] [--node name] [--sample n] [--kernel name]
                  [--scenario name] [--tdp W] [--cap W] [--idle-power W] [--replay]
                  figure
       litsi plot --script figure
