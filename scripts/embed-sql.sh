#!/bin/sh
# embed-sql.sh: turn schema.sql into a C string constant (build/schema.h).
set -eu
echo "/* generated from $1 by scripts/embed-sql.sh; do not edit */"
echo "static const char schema_sql[] ="
sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/\t"/' -e 's/$/\\n"/' "$1"
echo ";"
