desc: gpu-realloc caps of the sample node fed back into litsi synth: no predicted slowdown, sum caps <= P_n, summed leads before and after
run: sh "$DATA/caps/feedback.sh" gpu-realloc
exit: 0
--- stdout
gpu-realloc: reported adjustment 1 of 200, S_iter 1, power_ratio 0.9843333333333333 (1)
sum caps 5906 W <= P_n 6000 W: yes
S_iter >= 0.9962: yes
leads before: total 7071 max 1159 (gpu 4) smallest: gpu 5, gpu 5: 0
leads after: total 3606 max 607 (gpu 4) smallest: gpu 5, gpu 5: 0
--- stderr
