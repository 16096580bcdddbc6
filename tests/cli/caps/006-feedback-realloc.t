desc: gpu-realloc caps of the sample node fed back into litsi synth: no predicted slowdown, sum caps <= P_n, summed leads before and after
run: sh "$DATA/caps/feedback.sh" gpu-realloc
exit: 0
--- stdout
gpu-realloc: reported adjustment 0 of 200, S_iter 1.0421381205386713, power_ratio 1 (highest predicted S_iter)
sum caps 5600 W <= P_n 5600 W: yes
S_iter >= 0.997: yes
leads before: total 7071 max 1159 (gpu 4) smallest: gpu 5, gpu 5: 0
leads after: total 740 max 182 (gpu 6) smallest: gpu 4, gpu 5: 153
--- stderr
