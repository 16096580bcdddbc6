desc: the output must be a .png, .svg or .pdf file
setup: litsi -q ingest "$SAMPLES/mi300x-straggler/rank0.json.gz"
run: litsi plot -o leads.jpg leads
exit: 2
--- stdout
--- stderr
litsi: output file 'leads.jpg' must end in .png, .svg or .pdf
