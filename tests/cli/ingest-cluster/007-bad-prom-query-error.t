desc: an API error response is refused with the byte offset of its status
run: cd "$DATA/bad" && litsi ingest prom-query-error.json
exit: 3
--- stdout
--- stderr
litsi: prom-query-error.json: byte 9: expected "status": "success" (the query failed)
