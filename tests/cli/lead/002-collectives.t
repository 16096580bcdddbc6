desc: collectives of trace_filter matched by process group and occurrence
needs: corpus
setup: litsi ingest --node n1 $CORPUS/hta/tests/data/trace_filter/sampled_rank-0.json.gz $CORPUS/hta/tests/data/trace_filter/sampled_rank-1.json.gz
run: litsi lead --collectives --format tsv
exit: 0
--- stdout
# node: n1


# collectives
# sample	occurrence	start_skew_ns	end_skew_ns	last_gpu	collective	group
551	0	35534000	62789000	1	-	kernel ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)
551	1	109290000	87882000	1	-	kernel ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)
551	2	3302000	55000	1	-	kernel ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)
551	3	164191000	134153000	1	-	kernel ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)
551	4	84000	332000	1	-	kernel ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)
552	0	39645000	67842000	0	-	kernel ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)
552	1	45308000	28808000	1	-	kernel ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)
552	2	92521000	13869000	0	-	kernel ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)
552	3	22328000	8000	1	-	kernel ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)
552	4	1292000	189000	1	-	kernel ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*, unsigned long, ncclWork*)


# collective_wait
# gpu	collectives	wait_ns	arrived_last	comm_kernel_ns
0	10	381329000	2	396199000
1	10	132166000	8	379053000
--- stderr
