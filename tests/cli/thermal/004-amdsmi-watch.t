desc: amd-smi watch log from tests/data: statistics, energy, spreads, orders
setup: litsi ingest $DATA/telemetry/amdsmi-metric-watch.csv
run: litsi thermal --format csv
exit: 0
--- stdout
# node: default
# window: whole telemetry log (not aligned with any traced window); temperature and clock readings at gfx activity <= 1% left out

gpu,metric,n,median,min,max,twmean
0,temp_hotspot_c,2,47.500,45.000,50.000,45.000
0,temp_mem_c,2,31.500,31.000,32.000,31.000
0,gfx_clk_mhz,2,1653.500,1603.500,1703.500,1603.500
0,power_w,3,400.000,300.000,500.000,350.000
1,temp_hotspot_c,2,48.500,46.000,51.000,46.000
1,temp_mem_c,2,32.500,32.000,33.000,32.000
1,gfx_clk_mhz,2,1663.500,1613.500,1713.500,1613.500
1,power_w,3,410.000,310.000,510.000,360.000
2,temp_hotspot_c,3,47.000,42.000,52.000,44.500
2,temp_mem_c,3,33.000,32.000,34.000,32.500
2,gfx_clk_mhz,3,1623.500,1523.500,1723.500,1573.500
2,power_w,3,420.000,320.000,520.000,370.000
3,temp_hotspot_c,3,48.000,43.000,53.000,45.500
3,temp_mem_c,3,34.000,33.000,35.000,33.500
3,gfx_clk_mhz,3,1633.500,1533.500,1733.500,1583.500
3,power_w,3,430.000,330.000,530.000,380.000
4,temp_hotspot_c,3,49.000,44.000,54.000,46.500
4,temp_mem_c,3,35.000,34.000,36.000,34.500
4,gfx_clk_mhz,3,1643.500,1543.500,1743.500,1593.500
4,power_w,3,440.000,340.000,540.000,390.000
5,temp_hotspot_c,3,50.000,45.000,55.000,47.500
5,temp_mem_c,3,36.000,35.000,37.000,35.500
5,gfx_clk_mhz,3,1653.500,1553.500,1753.500,1603.500
5,power_w,3,450.000,350.000,550.000,400.000
6,temp_hotspot_c,3,51.000,46.000,56.000,48.500
6,temp_mem_c,3,37.000,36.000,38.000,36.500
6,gfx_clk_mhz,3,1663.500,1563.500,1763.500,1613.500
6,power_w,3,460.000,360.000,560.000,410.000
7,temp_hotspot_c,3,52.000,47.000,57.000,49.500
7,temp_mem_c,3,38.000,37.000,39.000,37.500
7,gfx_clk_mhz,3,1673.500,1573.500,1771.500,1623.500
7,power_w,3,470.000,370.000,570.000,420.000

gpu,energy_j,seconds
0,800.0,2.000
1,820.0,2.000
2,840.0,2.000
3,860.0,2.000
4,880.0,2.000
5,900.0,2.000
6,920.0,2.000
7,940.0,2.000

temp_spread,freq_spread,spearman_temp_lead,hottest_first,slowest_first
1.1064,1.0308,nan,"7,6,5,4,1,3,0,2","2,3,4,0,5,1,6,7"
# lead: no matched traces; spearman_temp_lead is nan
--- stderr
