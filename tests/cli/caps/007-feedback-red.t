desc: gpu-red caps of the sample node fed back into litsi synth: sum caps <= P_n, summed leads before and after
run: sh "$DATA/caps/feedback.sh" gpu-red
exit: 0
--- stdout
gpu-red: reported adjustment 0 of 200, S_iter 0.9963562641829958, power_ratio 0.9661666666666666 (0.9963562641829958)
sum caps 5797 W <= P_n 6000 W: yes
S_iter >= 0.9962: yes
leads before: total 7071 max 1159 (gpu 4) smallest: gpu 5, gpu 5: 0
leads after: total 292 max 65 (gpu 7) smallest: gpu 4, gpu 5: 31
--- stderr
