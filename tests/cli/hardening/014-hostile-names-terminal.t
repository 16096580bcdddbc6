desc: escape sequences, BEL, NUL, a newline and an invalid byte in kernel and product names reach the terminal made visible (info, overlap, report, tar member names)
needs: python3 tar
setup: python3 $DATA/hostile/make.py $SAMPLES/mi300x-straggler h && litsi -q ingest h
setup: mkdir tt && cp h/rank0.json "tt/$(printf 'r\033]0;x\007.json')" && tar cf t.tar -C tt .
run: litsi info; litsi overlap --kernels --format table | grep gemm | head -2; litsi report | grep gemm; LITSI_DB=t.db litsi ingest t.tar
exit: 0
--- stdout
# gpus
# node	device	rank	vendor	product	samples	kernels	comm_kernels	trace_s	metrics	readings	telemetry_s	overlaps_trace
default	0	0	AMD	MI300X\e[2Jclear\x9B1m"x"\\xFF	6	1248	144	10.095579904	0	0	0	no telemetry
default	1	1	AMD	MI300X\e[2Jclear\x9B1m"x"\\xFF	6	1248	144	10.095579904	0	0	0	no telemetry


# power limits
# node	gpu	cap_w	min_w	max_w	default_w	part	part_max_w
default	0	-	-	-	-	AMD Instinct MI300X	750
default	1	-	-	-	-	AMD Instinct MI300X	750
  0      10  1771149600781728512   721408      721408     100.00   gemm\e]0;pwned\a\e[31mRED\0tail"q\b\nZ\xFF
  0      10  1771149600783329792  1239808      449004      36.22   gemm\e]0;pwned\a\e[31mRED\0tail"q\b\nZ\xFF
  r =  1.000 over  192 instances   gemm\e]0;pwned\a\e[31mRED\0tail"q\b\nZ\xFF
t.tar:./r\e]0;x\a.json: pytorch, node default, rank 0, 1 GPU, 6 samples, 1248 kernels (144 comm)
--- stderr
