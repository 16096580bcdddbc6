desc: a dcgm-exporter scrape (text exposition, no timestamps) dated with --time; Hostname names the node; the blank sentinel is no reading
needs: sqlite3
run: cd "$DATA/cluster" && litsi ingest --time 2025-12-01T00:00:00Z dcgm-exporter.prom && sqlite3 "$LITSI_DB" "select node, device, t_ns, metric, unit, value from telemetry_view order by 2, 4; select g.device, g.vendor, g.product from gpu g order by 1; select key, value from source_meta"
exit: 0
--- stdout
dcgm-exporter.prom: prometheus-text, node dgx-a07, 2 GPUs, 0 samples, 0 kernels (0 comm), 23 telemetry readings
dgx-a07|0|1764547200000000000|clocks_event_reasons||0.0
dgx-a07|0|1764547200000000000|energy_j|J|81452113.211
dgx-a07|0|1764547200000000000|gfx_activity_pct|%|100.0
dgx-a07|0|1764547200000000000|gfx_clk_mhz|MHz|1980.0
dgx-a07|0|1764547200000000000|mem_activity_pct|%|38.0
dgx-a07|0|1764547200000000000|mem_clk_mhz|MHz|2619.0
dgx-a07|0|1764547200000000000|power_viol_pct|%|0.0
dgx-a07|0|1764547200000000000|power_w|W|612.455
dgx-a07|0|1764547200000000000|temp_hotspot_c|C|61.0
dgx-a07|0|1764547200000000000|temp_mem_c|C|52.0
dgx-a07|0|1764547200000000000|thermal_viol_pct|%|0.0
dgx-a07|0|1764547200000000000|throttle_pct|%|0.0
dgx-a07|1|1764547200000000000|clocks_event_reasons||32.0
dgx-a07|1|1764547200000000000|energy_j|J|80733451.207
dgx-a07|1|1764547200000000000|gfx_activity_pct|%|100.0
dgx-a07|1|1764547200000000000|gfx_clk_mhz|MHz|1755.0
dgx-a07|1|1764547200000000000|mem_activity_pct|%|41.0
dgx-a07|1|1764547200000000000|mem_clk_mhz|MHz|2619.0
dgx-a07|1|1764547200000000000|power_viol_pct|%|0.0
dgx-a07|1|1764547200000000000|power_w|W|688.031
dgx-a07|1|1764547200000000000|temp_hotspot_c|C|74.0
dgx-a07|1|1764547200000000000|thermal_viol_pct|%|100.0
dgx-a07|1|1764547200000000000|throttle_pct|%|100.0
0|NVIDIA|NVIDIA H100 80GB HBM3
1|NVIDIA|NVIDIA H100 80GB HBM3
note|2 samples of metrics litsi does not know skipped
--- stderr
