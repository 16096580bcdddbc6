desc: --sample and --kernel the node lacks: usage errors naming the valid samples / how to list the kernels, no file
needs: gnuplot
setup: litsi -q ingest $SAMPLES/mi300x-straggler
run: litsi plot overlap --sample 99 -o s.png; echo "exit $?"; litsi plot overlap --sample x -o s.png; echo "exit $?"; litsi plot corr --kernel nosuch -o k.png; echo "exit $?"; ls *.png 2>/dev/null; litsi plot overlap --sample 20 -o s.png
exit: 0
--- stdout
exit 2
exit 2
exit 2
wrote s.png
--- stderr
litsi: node 'default' has no sample '99': its 6 samples run from 10 to 60 ('litsi info' lists them)
litsi: node 'default' has no sample 'x': its 6 samples run from 10 to 60 ('litsi info' lists them)
litsi: node 'default' has no compute kernel 'nosuch' matched on its GPUs; 'litsi corr --node default' lists the kernels (a full name, or the figure's label or #ID)
