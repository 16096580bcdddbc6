desc: JSON of every command is valid UTF-8 under hostile names: the invalid byte becomes U+FFFD, the NUL stays \u0000, the name is not cut
needs: python3
setup: python3 $DATA/hostile/make.py $SAMPLES/mi300x-straggler h && litsi -q ingest h
run: for c in info overlap corr lead thermal; do a=; [ $c = overlap ] && a=--kernels; litsi $c $a --format json > $c.json; echo "$c exit $?"; python3 -c 'import json, sys; raw = open(sys.argv[1], "rb").read(); raw.decode("utf-8"); d = json.loads(raw); s = json.dumps(d, ensure_ascii=False); print(" valid;", "NUL kept" if "\\u0000tail" in s else "no NUL name", ";", "FFFD" if "\ufffd" in s else "no FFFD")' $c.json; done
exit: 0
--- stdout
info exit 0
 valid; no NUL name ; FFFD
overlap exit 0
 valid; NUL kept ; FFFD
corr exit 0
 valid; NUL kept ; FFFD
lead exit 0
 valid; no NUL name ; no FFFD
thermal exit 0
 valid; no NUL name ; no FFFD
--- stderr
