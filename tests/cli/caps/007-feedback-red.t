desc: gpu-red caps of the sample node fed back into litsi synth: summed leads shrink, the old straggler (gpu 5) does not turn into a leader
run: sh "$DATA/caps/feedback.sh" gpu-red
exit: 0
--- stdout
gpu-red: reported adjustment 10 of 200, S_iter 0.9998, power_ratio 0.9816 (least predicted power with S_iter >= 0.999)
sum caps 5057 W <= P_n 6000 W: yes
S_iter >= 0.999: yes
leads before: total 6438 max 966 (gpu 4) smallest: gpu 5, gpu 5: 0
leads after: total 2843 max 842 (gpu 2) smallest: gpu 0, gpu 5: 78
--- stderr
