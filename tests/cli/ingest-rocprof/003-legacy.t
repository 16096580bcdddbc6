desc: legacy rocprof results.csv, results.json and stats files (ROCm 4.x unquoted names); results.json, traced 22 days (of boot time) after results.csv, goes to its own node
needs: sqlite3
setup: cp "$DATA"/rocprof/results.csv "$DATA"/rocprof/results.json "$DATA"/rocprof/results.stats.csv "$DATA"/rocprof/results.hip_stats.csv "$DATA"/rocprof/results.copy_stats.csv .
run: litsi ingest results.csv results.stats.csv results.hip_stats.csv results.copy_stats.csv --node json results.json && sqlite3 litsi.db "select kind, name, calls, total_ns from aggregate order by kind, name" && sqlite3 litsi.db "select n.name, g.device, coalesce(g.product, '-'), count(k.id) from gpu g join node n on n.id = g.node_id left join kernel k on k.gpu_id = g.id group by g.id order by n.name, g.device"
exit: 0
--- stdout
results.csv: rocprof-csv, node default, 2 GPUs, 2 samples, 3 kernels (1 comm)
results.stats.csv: rocprof-stats, node default, 0 GPUs, 0 samples, 0 kernels (0 comm), 2 aggregate rows
results.hip_stats.csv: rocprof-stats, node default, 0 GPUs, 0 samples, 0 kernels (0 comm), 2 aggregate rows
results.copy_stats.csv: rocprof-stats, node default, 0 GPUs, 0 samples, 0 kernels (0 comm), 2 aggregate rows
results.json: rocprof-json, node json, 2 GPUs, 2 samples, 2 kernels (1 comm)
ingested 5, already present 0, skipped 0, failed 0
node default: 4 files; holds 2 GPUs, 1 run
node json: 1 file; holds 2 GPUs, 1 run
copy_stats|CopyDeviceToHost|2|335000
copy_stats|CopyHostToDevice|4|786128
hip_stats|hipLaunchKernel|2|13490000
hip_stats|hipMemcpy|3|331854458600
kernel_stats|bodyForce(Body*, float, int) [clone .kd]|2|1111
kernel_stats|void Kokkos::Impl::ParallelFor<Functor<Kokkos::View<int**>, Kokkos::View<int*>>, Kokkos::RangePolicy<>>|1|533600
default|0|-|1
default|1|-|2
json|0|-|1
json|1|-|1
--- stderr
