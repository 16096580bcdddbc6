desc: junit output is well-formed XML
needs: xmllint
setup: litsi synth --seed 1 --straggler 5 -o node >/dev/null && litsi ingest node >/dev/null 2>&1; litsi info >/dev/null
run: litsi check --format junit > out.xml; echo rc=$?; xmllint --noout out.xml && echo valid
exit: 0
--- stdout
rc=1
valid
--- stderr
