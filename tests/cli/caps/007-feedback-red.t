desc: gpu-red caps of the sample node fed back into litsi synth: sum caps <= P_n, summed leads before and after
run: sh "$DATA/caps/feedback.sh" gpu-red
exit: 0
--- stdout
gpu-red: reported adjustment 0 of 200, S_iter 0.9971638094859978, power_ratio 0.9648333333333333 (0.9971638094859978)
sum caps 5789 W <= P_n 6000 W: yes
S_iter >= 0.997: yes
leads before: total 7071 max 1159 (gpu 4) smallest: gpu 5, gpu 5: 0
leads after: total 662 max 154 (gpu 5) smallest: gpu 1, gpu 5: 154
--- stderr
