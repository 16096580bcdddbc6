desc: bad traces and gzip streams (truncated, a corrupt block, a wrong CRC, garbage after a member, truncated JSON, a bad value) give the same error and byte offset on one thread and on 3 threads in small pieces, exit 3, the database unchanged
needs: corpus sqlite3
setup: litsi ingest $CORPUS/hta/tests/data/amd_trace/mi250_minitoy_train_ROCm6_2_kineto.json.gz >/dev/null && sqlite3 litsi.db .dump > before.sql
run: for f in pytorch-truncated.json.gz pytorch-corrupt-block.json.gz pytorch-bad-crc.json.gz pytorch-trailing-garbage.json.gz pytorch-truncated.json pytorch-negative-dur.json pytorch-ts-dur-overflow.json; do for j in 1 3; do LITSI_SPLIT_BYTES=512 litsi ingest -j $j $DATA/bad/$f 2>err; echo "-j $j exit $?"; sed 's|^litsi: .*/tests/data/|litsi: |' err; done; done; sqlite3 litsi.db .dump | cmp - before.sql && echo unchanged
exit: 0
--- stdout
-j 1 exit 3
litsi: bad/pytorch-truncated.json.gz: byte 19049: truncated gzip stream (compressed data ends early)
-j 3 exit 3
litsi: bad/pytorch-truncated.json.gz: byte 19049: truncated gzip stream (compressed data ends early)
-j 1 exit 3
litsi: bad/pytorch-corrupt-block.json.gz: byte 1048576: corrupt gzip data (invalid literal/length code)
-j 3 exit 3
litsi: bad/pytorch-corrupt-block.json.gz: byte 1048576: corrupt gzip data (invalid literal/length code)
-j 1 exit 3
litsi: bad/pytorch-bad-crc.json.gz: byte 0: corrupt gzip data (incorrect data check)
-j 3 exit 3
litsi: bad/pytorch-bad-crc.json.gz: byte 0: corrupt gzip data (incorrect data check)
-j 1 exit 3
litsi: bad/pytorch-trailing-garbage.json.gz: byte 37638: corrupt gzip data (unknown compression method)
-j 3 exit 3
litsi: bad/pytorch-trailing-garbage.json.gz: byte 37638: corrupt gzip data (unknown compression method)
-j 1 exit 3
litsi: bad/pytorch-truncated.json: byte 22423: the file is truncated: it ends inside a string
-j 3 exit 3
litsi: bad/pytorch-truncated.json: byte 22423: the file is truncated: it ends inside a string
-j 1 exit 3
litsi: bad/pytorch-negative-dur.json: byte 560: expected a non-negative "dur", got -3.5
-j 3 exit 3
litsi: bad/pytorch-negative-dur.json: byte 560: expected a non-negative "dur", got -3.5
-j 1 exit 3
litsi: bad/pytorch-ts-dur-overflow.json: byte 160: expected "ts" + "dur" to fit in 64-bit nanoseconds
-j 3 exit 3
litsi: bad/pytorch-ts-dur-overflow.json: byte 160: expected "ts" + "dur" to fit in 64-bit nanoseconds
unchanged
--- stderr
