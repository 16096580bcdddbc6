desc: nvidia-smi log without traces: whole log, spreads and orders
needs: corpus
setup: litsi ingest $CORPUS/nvidia_smi_gpu_glasses/nvidia_smi.csv
run: litsi thermal --format table
exit: 0
--- stdout
node: default
window: whole telemetry log (not aligned with any traced window); temperature and clock readings at gfx activity <= 1% left out
under load: spreads use readings at gfx activity > 10% (power > 150 W without activity readings), 3+ per GPU: 0 of 8 GPUs for temperature, 0 for clock

thermal
gpu  metric          n  median  min     max     twmean
  0  temp_hotspot_c  6  33.000  33.000  33.000  33.000
  0  temp_mem_c      0     n/a     n/a     n/a     n/a
  0  gfx_clk_mhz     0     n/a     n/a     n/a     n/a
  0  power_w         6  74.040  74.000  74.060  74.030
  1  temp_hotspot_c  6  34.000  34.000  34.000  34.000
  1  temp_mem_c      0     n/a     n/a     n/a     n/a
  1  gfx_clk_mhz     0     n/a     n/a     n/a     n/a
  1  power_w         6  73.235  73.230  73.240  73.234
  2  temp_hotspot_c  6  35.000  35.000  35.000  35.000
  2  temp_mem_c      0     n/a     n/a     n/a     n/a
  2  gfx_clk_mhz     0     n/a     n/a     n/a     n/a
  2  power_w         6  72.975  72.930  73.010  72.978
  3  temp_hotspot_c  5  36.000  36.000  36.000  36.000
  3  temp_mem_c      0     n/a     n/a     n/a     n/a
  3  gfx_clk_mhz     0     n/a     n/a     n/a     n/a
  3  power_w         5  73.930  73.890  73.990  73.940
  4  temp_hotspot_c  5  33.000  33.000  33.000  33.000
  4  temp_mem_c      0     n/a     n/a     n/a     n/a
  4  gfx_clk_mhz     0     n/a     n/a     n/a     n/a
  4  power_w         5  72.630  72.600  72.680  72.628
  5  temp_hotspot_c  5  33.000  32.000  33.000  32.833
  5  temp_mem_c      0     n/a     n/a     n/a     n/a
  5  gfx_clk_mhz     0     n/a     n/a     n/a     n/a
  5  power_w         5  72.530  72.160  73.830  72.802
  6  temp_hotspot_c  5  34.000  34.000  34.000  34.000
  6  temp_mem_c      0     n/a     n/a     n/a     n/a
  6  gfx_clk_mhz     0     n/a     n/a     n/a     n/a
  6  power_w         5  74.240  74.180  74.310  74.237
  7  temp_hotspot_c  5  34.000  34.000  34.000  34.000
  7  temp_mem_c      0     n/a     n/a     n/a     n/a
  7  gfx_clk_mhz     0     n/a     n/a     n/a     n/a
  7  power_w         5  73.430  73.420  73.450  73.435

energy
gpu  energy_j  seconds
  0     592.3    8.000
  1     585.9    8.000
  2     583.8    8.000
  3     443.6    6.000
  4     435.8    6.000
  5     436.9    6.000
  6     445.5    6.000
  7     440.6    6.000

spread
temp_spread  freq_spread  spearman_temp_lead  hottest_first    slowest_first
        n/a          n/a                 n/a  3,2,1,6,7,0,4,5  -
lead: no matched traces; spearman_temp_lead is not defined
--- stderr
