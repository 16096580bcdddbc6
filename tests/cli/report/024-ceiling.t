desc: no printed throughput prediction exceeds the ceiling beside it: GPUs under a 700 W cap where the caps model gives cpu-slosh more than its ceiling; text and JSON
needs: python3
setup: litsi -q synth --layers 4 --samples 4 --straggler 5 --power-cap 700 -o a
run: litsi report a 2>/dev/null | awk '/predicted throughput x/ { t = $0; sub(/.*predicted throughput x/, "", t); last = t + 0 } /ceiling x/ { c = $0; sub(/.*ceiling x/, "", c); n++; if (last > c + 0) bad++; if (last == c + 0) at++ } END { print n " predictions beside a ceiling, " at + 0 " at it, " bad + 0 " above it" }'; litsi report --format json | python3 -c 'import json,sys; d=json.load(sys.stdin); a=d["advice"][0]; print(a["scenario"], a["throughput"] <= a["ceiling"], a["at_ceiling"])'
exit: 0
--- stdout
4 predictions beside a ceiling, 0 at it, 0 above it
cpu-slosh True False
--- stderr
