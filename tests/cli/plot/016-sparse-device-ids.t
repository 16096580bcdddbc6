desc: figures iterate over the GPUs present: devices 0 and 1048576 plot in seconds (not a loop over every id), one series each
needs: gnuplot python3 timeout
setup: python3 $DATA/plot/far-device.py $SAMPLES/mi300x-straggler/rank1.json.gz far.json 1048576 && litsi -q ingest $SAMPLES/mi300x-straggler/rank0.json.gz far.json
run: timeout 60 litsi plot leads -o l.svg; echo "exit $?"; grep -o 'GPU [0-9][0-9]*[^<]*' l.svg | sort -u
exit: 0
--- stdout
wrote l.svg
exit 0
GPU 0 (straggler)
GPU 1048576
--- stderr
