desc: a rocprofv3 row starting at 9223372036854775806 or below 0 is refused at ingest (exit 3, line named), so caps never sees it
setup: printf '"Kind","Agent_Id","Queue_Id","Kernel_Name","Correlation_Id","Start_Timestamp","End_Timestamp"\n"KERNEL_DISPATCH","GPU 0",1,"k",1,100,200\n"KERNEL_DISPATCH","GPU 0",1,"k",2,9223372036854775806,9223372036854775807\n' > big_kernel_trace.csv
setup: printf '"Kind","Agent_Id","Queue_Id","Kernel_Name","Correlation_Id","Start_Timestamp","End_Timestamp"\n"KERNEL_DISPATCH","GPU 0",1,"k",1,-3110400000000000,100\n' > neg_kernel_trace.csv
run: litsi ingest big_kernel_trace.csv; echo "exit $?"; litsi ingest neg_kernel_trace.csv; echo "exit $?"; litsi info | head -1
exit: 0
--- stdout
exit 3
exit 3
# gpus
--- stderr
litsi: big_kernel_trace.csv: byte 210: time 9223372036854775806 ns is outside the plausible range 0 to 4611686018427387904 ns
litsi: neg_kernel_trace.csv: byte 150: time -3110400000000000 ns is outside the plausible range 0 to 4611686018427387904 ns
