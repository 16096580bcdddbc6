desc: a report on a path that does not exist names it once, without a second message about an empty database; exit 3
run: litsi report missing-folder
exit: 3
--- stdout
--- stderr
litsi: missing-folder: cannot open: No such file or directory
