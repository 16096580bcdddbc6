desc: gpu-realloc caps of the sample node fed back into litsi synth: no predicted slowdown, sum caps <= P_n, leads do not grow
run: sh "$DATA/caps/feedback.sh" gpu-realloc
exit: 0
--- stdout
gpu-realloc: reported adjustment 0 of 200, S_iter 1.0000, power_ratio 1.0000 (initial caps: no adjustment predicted a higher S_iter, or the same for less power)
sum caps 5600 W <= P_n 5600 W: yes
S_iter >= 0.999: yes
leads before: total 6438 max 966 (gpu 4) smallest: gpu 5, gpu 5: 0
leads after: total 6438 max 966 (gpu 4) smallest: gpu 5, gpu 5: 0
--- stderr
