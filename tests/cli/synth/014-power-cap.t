desc: --power-cap sets every GPU's cap: 700 W lowers every clock, 1000 W leaves f_max (clock-limited, below the cap); a cap not above P_idle is a usage error
run: for w in 700 1000; do litsi synth --gpus 4 --samples 1 --layers 1 --straggler 3 --power-cap $w -o n$w | sed -n '/^[0-9]/p'; grep -o '"limit": "[a-z]*"' n$w/truth.json | sort | uniq -c; done; litsi synth --power-cap 140 -o x 2>err; echo $?; head -1 err; litsi synth --power-cap abc -o x 2>err; echo $?; head -1 err
exit: 0
--- stdout
0	no	70.41087318615669	1898.096212900243	700	700	5.132544	2
1	no	69.14329767230869	1908.8677065646912	700	700	5.517312	1
2	no	72.13858832059832	1883.6088573116585	700	700	3.87712	3
3	yes	80	1820.3875944878214	700	700	0	4
      4 "limit": "power"
0	no	70.41087318615669	2100	759.5681715222969	1000	0.401408	1
1	no	69.14329767230869	2100	756.0720284363748	1000	0.182016	2
2	no	72.13858832059832	2100	764.3334413273154	1000	0.041472	4
3	yes	80	2100	786.0162679425838	1000	0.05888	3
      4 "limit": "clock"
2
litsi synth: power cap 140 W is not above the idle power 140 W
2
litsi synth: invalid --power-cap (watts, above the idle power) 'abc'
--- stderr
