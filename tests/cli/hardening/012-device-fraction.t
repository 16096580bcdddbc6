desc: a fractional device id (args.device 0.5) is refused naming its byte, never rounded to 1
run: cd $DATA/bad && litsi ingest device-fraction.json; echo "exit $?"; litsi info 2>&1 | head -1
exit: 0
--- stdout
exit 3
# gpus
--- stderr
litsi: device-fraction.json: byte 100: expected an integer device index, got '0.5'
