desc: an export in a read-only directory is read without creating -wal or -shm files and left byte for byte unchanged
needs: sqlite3
run: d=$(dirname "$LITSI_DB")/ro && mkdir "$d" && cp "$DATA/nsys/nsys-2025.sqlite" "$d/" && chmod 555 "$d" && litsi ingest "$d/nsys-2025.sqlite" >/dev/null && ls "$d" && cmp "$d/nsys-2025.sqlite" "$DATA/nsys/nsys-2025.sqlite" && chmod 755 "$d" && echo same
exit: 0
--- stdout
nsys-2025.sqlite
same
--- stderr
