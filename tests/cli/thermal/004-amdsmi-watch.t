desc: amd-smi watch log from tests/data (2-3 readings a GPU, so --min-readings 2): statistics, energy, spreads, orders
setup: litsi ingest $DATA/telemetry/amdsmi-metric-watch.csv
run: litsi thermal --format csv --min-readings 2
exit: 0
--- stdout
# node: default
# window: whole telemetry log (not aligned with any traced window); temperature and clock readings at gfx activity <= 1% left out
# under load: spreads use readings at gfx activity > 10% (power > 150 W without activity readings), 2+ per GPU: 7 of 8 GPUs for temperature, 7 for clock

gpu,metric,n,median,min,max,twmean
0,temp_hotspot_c,2,47.5,45,50,45
0,temp_mem_c,2,31.5,31,32,31
0,gfx_clk_mhz,2,1653.5,1603.5,1703.5,1603.5
0,power_w,3,400,300,500,350
1,temp_hotspot_c,2,48.5,46,51,46
1,temp_mem_c,2,32.5,32,33,32
1,gfx_clk_mhz,2,1663.5,1613.5,1713.5,1613.5
1,power_w,3,410,310,510,360
2,temp_hotspot_c,3,47,42,52,44.5
2,temp_mem_c,3,33,32,34,32.5
2,gfx_clk_mhz,3,1623.5,1523.5,1723.5,1573.5
2,power_w,3,420,320,520,370
3,temp_hotspot_c,3,48,43,53,45.5
3,temp_mem_c,3,34,33,35,33.5
3,gfx_clk_mhz,3,1633.5,1533.5,1733.5,1583.5
3,power_w,3,430,330,530,380
4,temp_hotspot_c,3,49,44,54,46.5
4,temp_mem_c,3,35,34,36,34.5
4,gfx_clk_mhz,3,1643.5,1543.5,1743.5,1593.5
4,power_w,3,440,340,540,390
5,temp_hotspot_c,3,50,45,55,47.5
5,temp_mem_c,3,36,35,37,35.5
5,gfx_clk_mhz,3,1653.5,1553.5,1753.5,1603.5
5,power_w,3,450,350,550,400
6,temp_hotspot_c,3,51,46,56,48.5
6,temp_mem_c,3,37,36,38,36.5
6,gfx_clk_mhz,3,1663.5,1563.5,1763.5,1613.5
6,power_w,3,460,360,560,410
7,temp_hotspot_c,3,52,47,57,49.5
7,temp_mem_c,3,38,37,39,37.5
7,gfx_clk_mhz,3,1673.5,1573.5,1771.5,1623.5
7,power_w,3,470,370,570,420

gpu,energy_j,seconds
0,800,2
1,820,2
2,840,2
3,860,2
4,880,2
5,900,2
6,920,2
7,940,2

temp_spread,freq_spread,spearman_temp_lead,hottest_first,slowest_first
1.1237113402061856,1.035467388037271,,"7,6,5,4,1,3,0,2","2,3,4,0,5,1,6,7"
# lead: no matched traces; spearman_temp_lead is not defined
--- stderr
