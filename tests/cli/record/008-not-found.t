desc: a command not found is 127, with a message
needs: corpus python3
run: PATH=$DATA/record:$PATH LITSI_CORPUS=$CORPUS litsi -q record -o out -- no-such-command-x
exit: 127
--- stdout
--- stderr
litsi: cannot run 'no-such-command-x': No such file or directory
