desc: the command's exit status is record's
needs: corpus python3
run: PATH=$DATA/record:$PATH LITSI_CORPUS=$CORPUS litsi -q record -o out -- sh -c 'exit 6'
exit: 6
--- stdout
--- stderr
