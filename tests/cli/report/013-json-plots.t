desc: report --format json --plots DIR: stdout is one JSON document, each figure is announced on stderr
needs: python3 gnuplot
setup: litsi -q ingest "$SAMPLES/mi300x-straggler"
run: litsi report --format json --plots figs 2>err | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["nodes"][0]["straggler"])'; grep -c '^wrote figs/default-' err; ls figs | wc -l
exit: 0
--- stdout
5
6
6
--- stderr
