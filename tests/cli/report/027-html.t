desc: report --html writes one self-contained page (no script, no external resource, the figures as inline SVG); headless chromium loads it without console messages, its DOM holds the verdict, and a screenshot of it is not blank
needs: chromium gnuplot python3
run: litsi -q report --html page.html "$SAMPLES/mi300x-capped" > /dev/null; echo "exit $?"; grep -c '<svg' page.html; grep -c '<script\|src=\|<link\|url(' page.html; C="chromium --headless --no-sandbox --disable-gpu --user-data-dir=$PWD/chr --enable-logging=stderr --v=0"; $C --dump-dom "file://$PWD/page.html" 2> dom.err | grep -o 'imbalanced: gpu 5 is the straggler' | head -1; grep -c CONSOLE dom.err; $C --window-size=1200,1600 --screenshot="$PWD/page.png" "file://$PWD/page.html" 2> shot.err > /dev/null; grep -c CONSOLE shot.err; python3 "$DATA/png-nonblank.py" page.png
exit: 0
--- stdout
exit 1
3
0
imbalanced: gpu 5 is the straggler
0
0
png 1200x1600, non-blank: True
--- stderr
