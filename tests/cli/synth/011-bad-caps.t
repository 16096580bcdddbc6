desc: a caps file without gpu and cap_w columns, or with a bad cap, is bad input
run: printf '# caps\n# node\tgpu\tcap_w\nn\t1\tx\n' > bad.tsv; litsi synth --caps bad.tsv -o out; echo $?; printf 'gpu\tcap_w\n1\t500\n' > none.tsv; litsi synth --caps none.tsv -o out; echo $?; litsi synth --caps missing.tsv -o out; echo $?
exit: 0
--- stdout
3
3
4
--- stderr
litsi: bad.tsv:3: expected a GPU index and a cap in watts
litsi: none.tsv: no '# ' header naming the columns 'gpu' and 'cap_w'
litsi: cannot open 'missing.tsv': No such file or directory
