-- A small rocpd database (rocprofv3 --output-format rocpd, schema_version 3):
-- the GUID-suffixed tables, the un-suffixed rocpd_info_agent view and the
-- convenience views kernels and memory_copies with the columns the rocpd
-- schema documents. Build: sqlite3 28_results.db < rocpd.sql
CREATE TABLE rocpd_metadata_0000 (id INTEGER PRIMARY KEY, tag TEXT, value TEXT);
INSERT INTO rocpd_metadata_0000 (tag, value) VALUES ('schema_version', '3'), ('uuid', '0000'),
	('guid', '00003fdc-92cb-7000-8000-000000000000');
CREATE VIEW rocpd_metadata AS SELECT * FROM rocpd_metadata_0000;
CREATE TABLE rocpd_info_agent_0000 (id INTEGER PRIMARY KEY, guid TEXT, nid INTEGER,
	pid INTEGER, type TEXT, absolute_index INTEGER, logical_index INTEGER,
	type_index INTEGER, uuid INTEGER, name TEXT, model_name TEXT, vendor_name TEXT,
	product_name TEXT, user_name TEXT);
INSERT INTO rocpd_info_agent_0000 VALUES
	(1, 'g', 1, 28, 'CPU', 0, 0, 0, 0, 'AMD EPYC 9654', '', 'CPU', 'AMD EPYC 9654', ''),
	(2, 'g', 1, 28, 'CPU', 1, 1, 1, 0, 'AMD EPYC 9654', '', 'CPU', 'AMD EPYC 9654', ''),
	(3, 'g', 1, 28, 'GPU', 2, 2, 0, 0, 'gfx942', 'aqua_vanjaram', 'AMD', 'AMD Instinct MI300X', ''),
	(4, 'g', 1, 28, 'GPU', 3, 3, 1, 0, 'gfx942', 'aqua_vanjaram', 'AMD', 'AMD Instinct MI300X', '');
CREATE VIEW rocpd_info_agent AS SELECT * FROM rocpd_info_agent_0000;
CREATE TABLE kd_0000 (id INTEGER PRIMARY KEY, guid TEXT, tid INTEGER, category TEXT,
	region TEXT, name TEXT, nid INTEGER, pid INTEGER, agent_abs_index INTEGER,
	agent_log_index INTEGER, agent_type_index INTEGER, agent_type TEXT,
	code_object_id INTEGER, kernel_id INTEGER, dispatch_id INTEGER, stream_id INTEGER,
	queue_id INTEGER, queue TEXT, stream TEXT, start INTEGER, "end" INTEGER,
	grid_x INTEGER, grid_y INTEGER, grid_z INTEGER, workgroup_x INTEGER,
	workgroup_y INTEGER, workgroup_z INTEGER, lds_size INTEGER, scratch_size INTEGER,
	vgpr_count INTEGER, accum_vgpr_count INTEGER, sgpr_count INTEGER,
	static_lds_size INTEGER, static_scratch_size INTEGER, stack_id INTEGER,
	parent_stack_id INTEGER, corr_id INTEGER);
INSERT INTO kd_0000 VALUES
	(1, 'g', 28, 'KERNEL_DISPATCH', NULL, 'Cijk_Alik_Bljk_HHS_BH_MT128x128', 1, 28, 2, 2, 0, 'GPU', 1, 7, 1, 0, 1, 'Queue 0', 'Default Stream', 3719662416752501, 3719662416852501, 1024, 1, 1, 256, 1, 1, 0, 0, 128, 0, 48, 0, 0, 1, 0, 10),
	(2, 'g', 28, 'KERNEL_DISPATCH', NULL, 'Cijk_Alik_Bljk_HHS_BH_MT128x128', 1, 28, 2, 2, 0, 'GPU', 1, 7, 2, 0, 1, 'Queue 0', 'Default Stream', 3719662416900000, 3719662417000000, 1024, 1, 1, 256, 1, 1, 0, 0, 128, 0, 48, 0, 0, 2, 0, 12),
	(3, 'g', 28, 'KERNEL_DISPATCH', NULL, 'ncclDevKernel_Generic(ncclDevKernelArgsStorage<4096ul>)', 1, 28, 3, 3, 1, 'GPU', 1, 9, 3, 2, 2, 'Queue 1', 'Stream 2', 3719662417000000, 3719662417500000, 1024, 1, 1, 256, 1, 1, 0, 0, 64, 0, 32, 0, 0, 3, 0, 14);
CREATE VIEW kernels AS SELECT id, guid, tid, category, region, name, nid, pid,
	agent_abs_index, agent_log_index, agent_type_index, agent_type, code_object_id,
	kernel_id, dispatch_id, stream_id, queue_id, queue, stream, start, "end",
	("end" - start) AS duration, grid_x, grid_y, grid_z, workgroup_x, workgroup_y,
	workgroup_z, lds_size, scratch_size, vgpr_count, accum_vgpr_count, sgpr_count,
	static_lds_size, static_scratch_size, stack_id, parent_stack_id, corr_id
	FROM kd_0000;
CREATE TABLE mc_0000 (id INTEGER PRIMARY KEY, guid TEXT, name TEXT, start INTEGER,
	"end" INTEGER, size INTEGER, src_agent_type TEXT, src_agent_type_index INTEGER,
	dst_agent_type TEXT, dst_agent_type_index INTEGER, stream_id INTEGER, corr_id INTEGER);
INSERT INTO mc_0000 VALUES
	(1, 'g', 'MEMORY_COPY_HOST_TO_DEVICE', 3719662301228614, 3719662301328614, 4194304, 'CPU', 0, 'GPU', 0, 0, 6),
	(2, 'g', 'MEMORY_COPY_DEVICE_TO_HOST', 3719662417600000, 3719662417700000, 4194304, 'GPU', 1, 'CPU', 0, 0, 15);
CREATE VIEW memory_copies AS SELECT id, guid, name, start, "end", ("end" - start) AS duration,
	size, src_agent_type, src_agent_type_index, dst_agent_type, dst_agent_type_index,
	stream_id, corr_id FROM mc_0000;
