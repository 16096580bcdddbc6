desc: gpu-red caps of the sample node fed back into litsi synth: sum caps <= P_n, summed leads before and after
run: sh "$DATA/caps/feedback.sh" gpu-red
exit: 0
--- stdout
gpu-red: reported adjustment 0 of 200, S_iter 0.9962925784880975, power_ratio 0.9641666666666666 (0.9962925784880975)
sum caps 5785 W <= P_n 6000 W: yes
S_iter >= 0.9962: yes
leads before: total 7071 max 1159 (gpu 4) smallest: gpu 5, gpu 5: 0
leads after: total 511 max 117 (gpu 5) smallest: gpu 1, gpu 5: 117
--- stderr
