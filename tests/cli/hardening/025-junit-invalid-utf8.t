desc: check --format junit on a node name with the bytes FF FE, controls and markup writes well-formed UTF-8 XML (xmllint accepts it)
needs: xmllint
setup: litsi -q ingest --node "$(printf 'n\377\376<&"\033x')" "$SAMPLES/mi300x-straggler"
run: litsi check --format junit > j.xml; echo "exit $?"; xmllint --noout j.xml && echo well-formed; grep -a -o 'testsuite name="[^"]*"' j.xml
exit: 0
--- stdout
exit 1
well-formed
testsuite name="n\xFF\xFE&lt;&amp;&quot;\ex"
--- stderr
