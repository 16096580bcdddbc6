desc: amd-smi metric -w 1 --csv watch log: 3 ticks x 8 GPUs, blank lines, repeated header, CTRL+C line, list cells
needs: sqlite3
# Independent count (python3 csv module): each row has 62 numeric cells besides timestamp and
# gpu, plus the XCD mean gfx_clk_mhz: 24 rows x 63 = 1512, less the 4 N/A XCD clocks of
# GPU 7 in the last tick = 1508. GPU 7's last-tick mean = (1770+1771+1772+1773)/4 = 1771.5.
run: cd "$DATA/telemetry" && litsi ingest --node mi355x amdsmi-metric-watch.csv && sqlite3 "$LITSI_DB" "select metric, unit, count(*), count(distinct device), min(t_ns), max(t_ns) from telemetry_view where metric not like '%\_%\_clk%' escape '\\' group by 1, 2 order by 1; select device, value from telemetry_view where metric = 'gfx_clk_mhz' and t_ns = 1786553854000000000 and device >= 6 order by 1"
exit: 0
--- stdout
amdsmi-metric-watch.csv: amd-smi-csv, node mi355x, 8 GPUs, 0 samples, 0 kernels (0 comm), 1508 telemetry readings
gfx_activity_pct|%|24|8|1786553852000000000|1786553854000000000
gfx_clk_mhz|MHz|24|8|1786553852000000000|1786553854000000000
mem_activity_pct|%|24|8|1786553852000000000|1786553854000000000
mem_clk_mhz|MHz|24|8|1786553852000000000|1786553854000000000
power_w|W|24|8|1786553852000000000|1786553854000000000
temp_hotspot_c|C|24|8|1786553852000000000|1786553854000000000
temp_mem_c|C|24|8|1786553852000000000|1786553854000000000
6|1763.5
7|1771.5
--- stderr
