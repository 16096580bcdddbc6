#!/bin/sh
# formats.sh: the --format names each command takes (the table of writers,
# printed by the hidden `litsi --list-formats`) against the --format item of
# its man page, whichever way the page spells them ("Ar table|tsv|csv|json",
# "Cm table | json", "Cm table Ns | Ns Cm tsv", or "Ar fmt" with the names
# in the text below: "table, tsv, csv or json."). Prints one line per
# command, "ok CMD" or "bad CMD: why"; exits 1 when any is bad.
# usage: formats.sh LITSI MANDIR
set -u
litsi=$1 mandir=$2
# The commands whose --format names input parsers (ingest) or trace writers
# (synth), not output writers: they have registries of their own.
own_registry="ingest synth"
bad=0
say_bad() { echo "bad $1"; bad=1; }

# The names a page gives in its OPTIONS item for --format, one line, space-separated.
page_names() {
	awk '
	function words(s,    n, t, i, out) {	# the .It line without macros and separators
		gsub(/[|]/, " ", s); n = split(s, t, / +/); out = ""
		for (i = 1; i <= n; i++)
			if (t[i] !~ /^(\.It|Fl|-format|Ar|Cm|Ns|)$/) out = out (out == "" ? "" : " ") t[i]
		return out
	}
	/^\.Sh OPTIONS/ { on = 1; next }
	/^\.Sh/ { on = 0 }
	on && /^\.It Fl -format / { w = words($0); if (w ~ / /) { print w; exit } want_text = 1; next }
	want_text {	# "table (default, ...), json or junit;": the names are in the text
		s = $0; gsub(/\([^)]*\)/, "", s); gsub(/,| or |[.;:]/, " ", s)
		gsub(/^ +| +$/, "", s); gsub(/ +/, " ", s); print s; exit
	}' "$1"
}

listed=$("$litsi" --list-formats) || { echo "bad litsi --list-formats failed"; exit 1; }
for c in $("$litsi" --list-commands); do
	takes=$("$litsi" "$c" --list-opts | grep -cx -- --format)
	names=$(echo "$listed" | sed -n "s/^$c: //p")
	case " $own_registry " in *" $c "*) [ -z "$names" ] || say_bad "$c: has its own registry, yet the writer table names it"; continue ;; esac
	if [ "$takes" = 0 ] && [ -z "$names" ]; then continue; fi
	if [ "$takes" = 0 ]; then say_bad "$c: the writer table names it ($names), it has no --format"; continue; fi
	if [ -z "$names" ]; then say_bad "$c: takes --format, in no row of the writer table"; continue; fi
	page=$mandir/litsi-$c.1
	man=$(page_names "$page")
	if [ "$man" = "$names" ]; then echo "ok $c"; else say_bad "$c: table '$names', $page '$man'"; fi
done
exit $bad
