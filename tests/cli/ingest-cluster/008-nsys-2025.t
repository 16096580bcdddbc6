desc: an Nsight Systems SQLite export: kernels per GPU (TARGET_INFO_CUDA_DEVICE maps each rank's CUDA device 0), NCCL kernels as comm, launches, ProfilerStep NVTX ranges as samples, epoch times from the session start
needs: sqlite3
run: cd "$DATA/nsys" && litsi ingest nsys-2025.sqlite && sqlite3 "$LITSI_DB" "select device, sample, stream, class, start_ns, launch_ns, substr(name, 1, 40) from kernels order by device, start_ns; select device, vendor, product from gpu order by 1; select hostname, clock from source; select key, value from source_meta order by 1"
exit: 0
--- stdout
nsys-2025.sqlite: nsys-sqlite, node default, 2 GPUs, 4 samples, 9 kernels (4 comm)
0|1|7|compute|1764547200001000000|1764547200000900000|void at::native::elementwise_kernel<128,
0|1|13|comm|1764547200001500000|1764547200000960000|ncclDevKernel_AllReduce_Sum_f32_RING_LL(
0|1|7|memcpy|1764547200002600000||Memcpy
0|2|7|compute|1764547200011000000|1764547200010900000|void at::native::elementwise_kernel<128,
0|2|13|comm|1764547200011500000|1764547200010960000|ncclDevKernel_AllReduce_Sum_f32_RING_LL(
1|1|7|compute|1764547200001100000|1764547200000905000|void at::native::elementwise_kernel<128,
1|1|13|comm|1764547200001600000|1764547200000965000|ncclDevKernel_AllReduce_Sum_f32_RING_LL(
1|2|7|compute|1764547200011100000|1764547200010905000|void at::native::elementwise_kernel<128,
1|2|13|comm|1764547200011600000|1764547200010965000|ncclDevKernel_AllReduce_Sum_f32_RING_LL(
0|NVIDIA|NVIDIA H100 80GB HBM3
1|NVIDIA|NVIDIA H100 80GB HBM3
dgx-a07|epoch
nsys_export_schema_version|3.14.0
--- stderr
