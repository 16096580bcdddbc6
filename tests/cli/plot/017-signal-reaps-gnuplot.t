desc: SIGTERM or SIGINT sent to litsi plot alone, as soon as gnuplot has started, is passed on to gnuplot, which is reaped: exit 130, no gnuplot left running
needs: timeout
setup: litsi -q ingest "$SAMPLES/mi300x-straggler/rank0.json.gz" "$SAMPLES/mi300x-straggler/rank1.json.gz"
setup: mkdir gp && ln -s "$(command -v litsi)" gp/litsi && printf '#!/bin/sh\necho $$ > "$PWD/gp.pid"\nexec sleep 60\n' > gp/gnuplot && chmod +x gp/gnuplot
run: for s in TERM INT; do rm -f gp.pid; env PATH="$PWD/gp:$PATH" timeout -s KILL 30 litsi plot -o l.png leads & p=$!; while [ ! -s gp.pid ]; do sleep 0.1; done; kill -$s $p; wait $p; echo "$s: exit $?"; sleep 0.3; kill -0 "$(cat gp.pid)" 2>/dev/null && echo "gnuplot still running" && kill "$(cat gp.pid)"; done; echo done
exit: 0
--- stdout
TERM: exit 130
INT: exit 130
done
--- stderr
litsi: figure 'leads' of node 'default': interrupted; gnuplot stopped
litsi: figure 'leads' of node 'default': interrupted; gnuplot stopped
