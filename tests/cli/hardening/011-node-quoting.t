desc: a node name with quotes, spaces, $(), backquotes and a newline: stored as given, emitted cap commands run no part of it
setup: litsi -q synth --seed 1 --straggler 5 -o node >/dev/null
setup: printf 'a'"'"'b $(touch x) `touch y`;\nc"d' > name
setup: litsi -q ingest --node "$(cat name)" node 2>/dev/null; litsi -q info >/dev/null
setup: mkdir bin && printf '#!/bin/sh\nprintf "[%%s]" "$0" "$@"; echo\n' > bin/nvidia-smi && cp bin/nvidia-smi bin/amd-smi && cp bin/nvidia-smi bin/rocm-smi && chmod +x bin/*
run: for e in nvidia-smi amd-smi rocm-smi; do litsi caps --scenario gpu-red --node "$(cat name)" --emit $e --format tsv | awk -F '\t' '$NF ~ /smi/ { print $NF }' | head -2 > cmds; cat cmds; PATH=$PWD/bin:$PATH sh cmds | sed 's|.*/bin/||'; done; ls x y 2>&1 | sed 's/.*: //'
exit: 0
--- stdout
nvidia-smi -i '0' -pl '723'
nvidia-smi -i '1' -pl '720'
nvidia-smi][-i][0][-pl][723]
nvidia-smi][-i][1][-pl][720]
amd-smi set -g '0' -o '723'
amd-smi set -g '1' -o '720'
amd-smi][set][-g][0][-o][723]
amd-smi][set][-g][1][-o][720]
rocm-smi -d '0' --setpoweroverdrive '723'
rocm-smi -d '1' --setpoweroverdrive '720'
rocm-smi][-d][0][--setpoweroverdrive][723]
rocm-smi][-d][1][--setpoweroverdrive][720]
No such file or directory
No such file or directory
--- stderr
