desc: query_range (matrix) and query (vector) JSON of the Prometheus HTTP API
needs: sqlite3
run: cd "$DATA/cluster" && litsi ingest dcgm-query-range.json dcgm-query.json && sqlite3 "$LITSI_DB" "select node, device, t_ns, metric, value from telemetry_view order by 1, 2, 3"
exit: 0
--- stdout
dcgm-query-range.json: prometheus-json, node dgx-a07 and 1 more, 4 GPUs, 0 samples, 0 kernels (0 comm), 12 telemetry readings
dcgm-query.json: prometheus-json, node dgx-a07, 2 GPUs, 0 samples, 0 kernels (0 comm), 2 telemetry readings
ingested 2, already present 0, skipped 0, failed 0
node dgx-a07: 1 file; holds 2 GPUs, 1 run
dgx-a07|0|1764547200000000000|power_w|600.0
dgx-a07|0|1764547215000000000|power_w|601.5
dgx-a07|0|1764547230000000000|power_w|603.0
dgx-a07|0|1764547230123000000|temp_hotspot_c|61.0
dgx-a07|1|1764547200000000000|power_w|640.0
dgx-a07|1|1764547215000000000|power_w|641.5
dgx-a07|1|1764547230000000000|power_w|643.0
dgx-a07|1|1764547230123000000|temp_hotspot_c|74.0
dgx-a08|0|1764547200000000000|power_w|620.0
dgx-a08|0|1764547215000000000|power_w|621.5
dgx-a08|0|1764547230000000000|power_w|623.0
dgx-a08|1|1764547200000000000|power_w|660.0
dgx-a08|1|1764547215000000000|power_w|661.5
dgx-a08|1|1764547230000000000|power_w|663.0
--- stderr
