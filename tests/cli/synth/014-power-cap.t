desc: --power-cap sets every GPU's cap: 700 W lowers every clock, 1000 W leaves f_max (clock-limited, below the cap); a cap not above P_idle is a usage error
run: for w in 700 1000; do litsi synth --gpus 4 --samples 1 --layers 1 --straggler 3 --power-cap $w -o n$w | sed -n '/^[0-9]/p'; grep -o '"limit": "[a-z]*"' n$w/truth.json | sort | uniq -c; done; litsi synth --power-cap 140 -o x 2>err; echo $?; head -1 err; litsi synth --power-cap abc -o x 2>err; echo $?; head -1 err
exit: 0
--- stdout
0	no	70.4	1898	700	700	5.133	2
1	no	69.1	1909	700	700	5.517	1
2	no	72.1	1884	700	700	3.877	3
3	yes	80.0	1820	700	700	0.000	4
      4 "limit": "power"
0	no	70.4	2100	760	1000	0.401	1
1	no	69.1	2100	756	1000	0.182	2
2	no	72.1	2100	764	1000	0.041	4
3	yes	80.0	2100	786	1000	0.059	3
      4 "limit": "clock"
2
litsi synth: power cap 140 W is not above the idle power 140 W
2
litsi synth: invalid --power-cap (watts, above the idle power) 'abc'
--- stderr
