-- schema.sql: the litsi database (documented in litsi-db(5)).
-- All times are INTEGER nanoseconds; the clock of each source is in source.clock.
CREATE TABLE node (
	id INTEGER PRIMARY KEY,
	name TEXT NOT NULL UNIQUE
);
CREATE TABLE source (
	id INTEGER PRIMARY KEY,
	path TEXT NOT NULL,			-- as given on the command line
	sha256 TEXT NOT NULL,			-- of the raw file (member) bytes
	format TEXT NOT NULL,			-- pytorch, rocprofv3-csv, amd-smi-csv, ...
	node_id INTEGER REFERENCES node(id),
	hostname TEXT,				-- as named in the file, if any
	clock TEXT NOT NULL,			-- 'epoch' or 'boottime'
	clock_offset_ns INTEGER NOT NULL DEFAULT 0,	-- added to every time at ingest
	rank INTEGER,
	world_size INTEGER,
	bytes INTEGER NOT NULL,			-- raw size
	ingested_at TEXT NOT NULL,		-- UTC, ISO 8601
	n_gpus INTEGER NOT NULL DEFAULT 0,
	n_samples INTEGER NOT NULL DEFAULT 0,
	n_kernels INTEGER NOT NULL DEFAULT 0,
	n_comm INTEGER NOT NULL DEFAULT 0,
	n_telemetry INTEGER NOT NULL DEFAULT 0,
	run TEXT				-- ingest --run; NULL: no run named (v2)
);
CREATE INDEX source_node ON source(node_id);	-- a node's sources and runs (v3)
-- One copy of a file per run (v4): the same file may be recorded by two runs.
CREATE UNIQUE INDEX source_content ON source(sha256, run);
CREATE TABLE source_meta (
	source_id INTEGER NOT NULL REFERENCES source(id) ON DELETE CASCADE,
	key TEXT NOT NULL,
	value TEXT,
	PRIMARY KEY (source_id, key)
) WITHOUT ROWID;
CREATE TABLE gpu (
	id INTEGER PRIMARY KEY,
	node_id INTEGER NOT NULL REFERENCES node(id),
	device INTEGER NOT NULL,		-- device index on the node
	rank INTEGER,				-- PyTorch rank, if known
	vendor TEXT,				-- AMD, NVIDIA
	product TEXT,				-- e.g. AMD Instinct MI300X
	UNIQUE (node_id, device)
);
-- Power limits a GPU's telemetry recorded, per source (v2).
CREATE TABLE gpu_limit (
	gpu_id INTEGER NOT NULL REFERENCES gpu(id),
	source_id INTEGER NOT NULL REFERENCES source(id) ON DELETE CASCADE,
	kind TEXT NOT NULL,			-- cap (in force), min, max, default
	watts REAL NOT NULL,
	PRIMARY KEY (gpu_id, source_id, kind)
) WITHOUT ROWID;
CREATE TABLE name (
	id INTEGER PRIMARY KEY,
	text TEXT NOT NULL UNIQUE
);
CREATE TABLE sample (
	id INTEGER PRIMARY KEY,
	gpu_id INTEGER NOT NULL REFERENCES gpu(id),
	source_id INTEGER NOT NULL REFERENCES source(id) ON DELETE CASCADE,
	step INTEGER NOT NULL,			-- ProfilerStep#N; -1 = whole trace
	start_ns INTEGER NOT NULL,
	end_ns INTEGER NOT NULL,
	UNIQUE (gpu_id, source_id, step)
);
CREATE INDEX sample_gpu_step ON sample(gpu_id, step);
CREATE TABLE kernel (
	id INTEGER PRIMARY KEY,
	source_id INTEGER NOT NULL REFERENCES source(id) ON DELETE CASCADE,
	gpu_id INTEGER NOT NULL REFERENCES gpu(id),
	sample_id INTEGER REFERENCES sample(id),	-- NULL: outside every sample
	stream INTEGER NOT NULL,
	name_id INTEGER NOT NULL REFERENCES name(id),
	start_ns INTEGER NOT NULL,
	end_ns INTEGER NOT NULL,
	class INTEGER NOT NULL,			-- 0 compute, 1 comm, 2 memcpy, 3 memset
	correlation INTEGER,
	launch_ns INTEGER,			-- CPU launch (runtime call) time, if linked
	bytes INTEGER
);
-- Covers what the node loader reads of a sample's kernels (v3): no table look-up per kernel.
CREATE INDEX kernel_gpu_sample ON kernel(gpu_id, sample_id, start_ns, end_ns, name_id, class,
	launch_ns, source_id);
CREATE INDEX kernel_source ON kernel(source_id);
-- The time a GPU's kernels of one source span, written with them (v3): a
-- node's traced window is read here instead of from every kernel.
CREATE TABLE kernel_window (
	gpu_id INTEGER NOT NULL REFERENCES gpu(id),
	source_id INTEGER NOT NULL REFERENCES source(id) ON DELETE CASCADE,
	start_ns INTEGER NOT NULL,		-- min(kernel.start_ns)
	end_ns INTEGER NOT NULL,		-- max(kernel.end_ns)
	PRIMARY KEY (gpu_id, source_id)
) WITHOUT ROWID;
CREATE TABLE annotation (
	id INTEGER PRIMARY KEY,
	source_id INTEGER NOT NULL REFERENCES source(id) ON DELETE CASCADE,
	gpu_id INTEGER REFERENCES gpu(id),	-- the GPU of the annotating rank, if known
	kind TEXT NOT NULL,			-- user_annotation, gpu_user_annotation, marker
	name_id INTEGER NOT NULL REFERENCES name(id),
	start_ns INTEGER NOT NULL,
	end_ns INTEGER NOT NULL,
	tid INTEGER,
	external_id INTEGER
);
CREATE INDEX annotation_source ON annotation(source_id);
CREATE INDEX annotation_gpu ON annotation(gpu_id, start_ns);
CREATE TABLE collective (
	id INTEGER PRIMARY KEY,
	source_id INTEGER NOT NULL REFERENCES source(id) ON DELETE CASCADE,
	gpu_id INTEGER REFERENCES gpu(id),
	kernel_id INTEGER REFERENCES kernel(id),	-- the comm kernel it launched, if linked
	start_ns INTEGER NOT NULL,		-- CPU record_param_comms span
	end_ns INTEGER NOT NULL,
	tid INTEGER,
	external_id INTEGER,
	coll_name TEXT,
	dtype TEXT,
	in_nelems INTEGER,
	out_nelems INTEGER,
	group_size INTEGER,
	seq INTEGER,
	in_split TEXT,
	out_split TEXT,
	pg_name TEXT,
	pg_desc TEXT,
	pg_ranks TEXT
);
CREATE INDEX collective_source ON collective(source_id);
CREATE INDEX collective_kernel ON collective(kernel_id);
CREATE TABLE metric (
	id INTEGER PRIMARY KEY,
	name TEXT NOT NULL UNIQUE,
	unit TEXT NOT NULL DEFAULT ''
);
CREATE TABLE telemetry (
	source_id INTEGER NOT NULL REFERENCES source(id) ON DELETE CASCADE,
	gpu_id INTEGER NOT NULL REFERENCES gpu(id),
	metric_id INTEGER NOT NULL REFERENCES metric(id),
	t_ns INTEGER NOT NULL,
	value REAL NOT NULL
);
-- Holds the value too (v3): a GPU's readings of a metric are read from the index alone.
CREATE INDEX telemetry_gpu_metric ON telemetry(gpu_id, metric_id, t_ns, value);
CREATE INDEX telemetry_source ON telemetry(source_id);
CREATE TABLE aggregate (
	source_id INTEGER NOT NULL REFERENCES source(id) ON DELETE CASCADE,
	kind TEXT NOT NULL,			-- kernel_stats, hip_stats, copy_stats, ...
	name TEXT NOT NULL,
	calls INTEGER,
	total_ns INTEGER,
	avg_ns REAL,
	pct REAL,
	min_ns INTEGER,
	max_ns INTEGER
);
CREATE INDEX aggregate_source ON aggregate(source_id);
CREATE VIEW kernels AS
	SELECT k.id, n.name AS node, g.device, g.rank, s.step AS sample, k.stream,
	       nm.text AS name, k.start_ns, k.end_ns, k.end_ns - k.start_ns AS dur_ns,
	       CASE k.class WHEN 0 THEN 'compute' WHEN 1 THEN 'comm'
	                    WHEN 2 THEN 'memcpy' ELSE 'memset' END AS class,
	       k.correlation, k.launch_ns, k.source_id
	FROM kernel k JOIN gpu g ON g.id = k.gpu_id JOIN node n ON n.id = g.node_id
	JOIN name nm ON nm.id = k.name_id LEFT JOIN sample s ON s.id = k.sample_id;
CREATE VIEW telemetry_view AS
	SELECT n.name AS node, g.device, m.name AS metric, m.unit, t.t_ns, t.value, t.source_id
	FROM telemetry t JOIN gpu g ON g.id = t.gpu_id JOIN node n ON n.id = g.node_id
	JOIN metric m ON m.id = t.metric_id;
