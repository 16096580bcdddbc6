desc: Prometheus /federate dump of AMD device-metrics-exporter (amd_ prefix, timestamps): each hostname a node, XCD system clocks averaged
needs: sqlite3
run: cd "$DATA/cluster" && litsi ingest amd-federate.prom && sqlite3 "$LITSI_DB" "select node, device, t_ns, metric, value from telemetry_view where metric in ('gfx_clk_mhz', 'power_w', 'temp_hotspot_c') order by 1, 2, 3, 4; select name from node order by 1"
exit: 0
--- stdout
amd-federate.prom: prometheus-text, node mi300-n01 and 1 more, 4 GPUs, 0 samples, 0 kernels (0 comm), 48 telemetry readings
mi300-n01|0|1764547200000000000|gfx_clk_mhz|2090.0
mi300-n01|0|1764547200000000000|power_w|693.0
mi300-n01|0|1764547200000000000|temp_hotspot_c|71.0
mi300-n01|0|1764547215000000000|gfx_clk_mhz|2095.0
mi300-n01|0|1764547215000000000|power_w|702.0
mi300-n01|0|1764547215000000000|temp_hotspot_c|73.0
mi300-n01|1|1764547200000000000|gfx_clk_mhz|2085.0
mi300-n01|1|1764547200000000000|power_w|651.0
mi300-n01|1|1764547200000000000|temp_hotspot_c|66.0
mi300-n01|1|1764547215000000000|gfx_clk_mhz|2090.0
mi300-n01|1|1764547215000000000|power_w|655.0
mi300-n01|1|1764547215000000000|temp_hotspot_c|67.0
mi300-n02|0|1764547200000000000|gfx_clk_mhz|2080.0
mi300-n02|0|1764547200000000000|power_w|588.0
mi300-n02|0|1764547200000000000|temp_hotspot_c|58.0
mi300-n02|0|1764547215000000000|gfx_clk_mhz|2085.0
mi300-n02|0|1764547215000000000|power_w|590.0
mi300-n02|0|1764547215000000000|temp_hotspot_c|59.0
mi300-n02|1|1764547200000000000|gfx_clk_mhz|2075.0
mi300-n02|1|1764547200000000000|power_w|597.0
mi300-n02|1|1764547200000000000|temp_hotspot_c|60.0
mi300-n02|1|1764547215000000000|gfx_clk_mhz|2080.0
mi300-n02|1|1764547215000000000|power_w|601.0
mi300-n02|1|1764547215000000000|temp_hotspot_c|61.0
mi300-n01
mi300-n02
--- stderr
