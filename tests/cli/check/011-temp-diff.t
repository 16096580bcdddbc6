desc: readings under load 4 C apart (40 vs 44 C, ratio 1.10): temp-spread needs 5 C (--min-temp-diff), balanced; 4 fires
setup: litsi -q ingest $DATA/telemetry/nvidia-smi-load-cool.csv
run: litsi check > out; echo "exit $?"; grep -E "^node|temp-spread" out; litsi check --min-temp-diff 4 > out; echo "--min-temp-diff 4: exit $?"; grep -E "^node|temp-spread" out; litsi check --load-activity 95 > out; echo "--load-activity 95: exit $?"; grep -E "^node|temp-spread" out
exit: 0
--- stdout
exit 0
node default: balanced: 2 thermal rules passed
  passed  temp-spread  1.100 (threshold 1.100); hottest minus coolest 4.0 C (needs 5.0)
--min-temp-diff 4: exit 1
node default: IMBALANCED: 1 thermal rule fired
  fired   temp-spread  1.100 (threshold 1.100); hottest minus coolest 4.0 C (needs 4.0)
--load-activity 95: exit 0
node default: balanced: 2 thermal rules passed
  passed  temp-spread  1.048 (threshold 1.100); hottest minus coolest 2.0 C (needs 5.0)
--- stderr
