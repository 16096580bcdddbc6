/* SPDX-License-Identifier: MIT */
/*
 * synth_write.c: writers that format litsi synth's timelines in the real
 * profiler and telemetry formats (Kineto JSON, rocprofv3 CSV, rocprof
 * results.csv, amd-smi and nvidia-smi CSV) and truth.json. Bytes go to a
 * caller-supplied callback; nothing here opens files.
 */
#include "litsi/synth.h"
#include "litsi/litsi.h"
#include "litsi/trace.h"
#include "litsi/util.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

enum { FLUSH_AT = 1 << 16 };

struct wbuf {
	struct sbuf sb;
	const struct synth_out *o;
	struct err *err;
	int rc;
};

static void
wflush(struct wbuf *w)
{
	if (!w->rc && w->sb.len)
		w->rc = w->o->write(w->o->ctx, w->sb.buf, w->sb.len, w->err);
	sbuf_reset(&w->sb);
}

static void wf(struct wbuf *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
wf(struct wbuf *w, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	sbuf_grow(&w->sb, (size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(w->sb.buf + w->sb.len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	w->sb.len += (size_t)n;
	if (w->sb.len >= FLUSH_AT)
		wflush(w);
}

static int
wdone(struct wbuf *w)
{
	wflush(w);
	sbuf_release(&w->sb);
	return w->rc;
}

int
synth_pid(int rank)
{
	return 48211 + 17 * rank;
}

static const char *
comm_name(enum synth_op_kind k)
{
	return k == SOP_ALLGATHER ? "_allgather_base" : "_reduce_scatter_base";
}

static bool
is_amd(const struct synth_result *r)
{
	return r->p.vendor == SYNTH_AMD;
}

/* Relative microseconds with 3 decimals ("1234.567"), as Kineto's fmtTs. */
static void
w_us(struct wbuf *w, int64_t ns)
{
	if (ns < 0)
		ns = 0;
	wf(w, "%lld.%03lld", (long long)(ns / 1000), (long long)(ns % 1000));
}

/* ---- Kineto chrome trace ---- */

static void
kineto_header(struct wbuf *w, const struct synth_result *r, int rank)
{
	const struct synth_device *d = &r->dev;
	int g, G = r->p.gpus;

	wf(w, "{\n  \"schemaVersion\": 1,\n  \"deviceProperties\": [\n");
	for (g = 0; g < G; g++)
		wf(w, "    {\n      \"id\": %d, \"name\": \"%s\", \"totalGlobalMem\": %lld,\n"
		      "      \"computeMajor\": %d, \"computeMinor\": %d,\n"
		      "      \"maxThreadsPerBlock\": 1024, \"maxThreadsPerMultiprocessor\": 2048,\n"
		      "      \"regsPerBlock\": 65536, \"warpSize\": %d,\n"
		      "      \"sharedMemPerBlock\": 65536, \"numSms\": %d\n"
		      "    , \"maxSharedMemoryPerMultiProcessor\": 65536\n    }%s\n",
		   g, d->product, (long long)d->total_mem, d->compute_major, d->compute_minor,
		   d->warp_size, d->num_sms, g + 1 < G ? "," : "");
	wf(w, "  ],\n");
	if (is_amd(r))
		wf(w, "  \"roctracer_version\": 4,\n  \"hip_runtime_version\": 60443483,\n"
		      "  \"hip_driver_version\": 60443483,\n");
	else
		wf(w, "  \"cupti_version\": 24,\n  \"cuda_runtime_version\": 12040,\n"
		      "  \"cuda_driver_version\": 12040,\n");
	wf(w, "  \"distributedInfo\": {\"backend\": \"nccl\", \"rank\": %d, \"world_size\": %d, "
	      "\"pg_count\": 1, \"pg_config\": [{\"pg_name\": \"0\", \"pg_desc\": \"default_pg\", "
	      "\"backend_config\": \"cuda:nccl\", \"pg_size\": %d, \"ranks\": [", rank, G, G);
	for (g = 0; g < G; g++)
		wf(w, "%s%d", g ? ", " : "", g);
	wf(w, "]}], \"nccl_version\": \"2.22.3\"},\n  \"record_shapes\": 0,\n"
	      "  \"with_stack\": 0,\n  \"trace_id\": \"%016llX\",\n"
	      "  \"displayTimeUnit\": \"ms\",\n  \"baseTimeNanoseconds\": %lld,\n"
	      "  \"traceEvents\": [\n",
	   (unsigned long long)(r->p.seed * 1000003ULL + (uint64_t)rank + 1),
	   (long long)r->base_time_ns);
}

/* The start of an "X" event; the caller writes args and closes it. */
static void
kineto_x(struct wbuf *w, const struct synth_result *r, const char *cat, const char *name,
	 int pid, int tid, int64_t s, int64_t e)
{
	wf(w, "  {\n    \"ph\": \"X\", \"cat\": \"%s\", \"name\": \"%s\", \"pid\": %d, \"tid\": %d,"
	      "\n    \"ts\": ", cat, name, pid, tid);
	w_us(w, s - r->base_time_ns);
	wf(w, ", \"dur\": ");
	w_us(w, e - s);
	wf(w, ",\n    \"args\": {\n      ");
}

static void
ranks_list(struct wbuf *w, int G)
{
	int g;

	wf(w, "[");
	for (g = 0; g < G; g++)
		wf(w, "%s%d", g ? ", " : "", g);
	wf(w, "]");
}

static void
kineto_param_comms(struct wbuf *w, const struct synth_result *r, int rank,
		   const struct synth_range *x, int64_t seq)
{
	const struct synth_op *op = &r->ops[x->index];
	int G = r->p.gpus;
	int64_t shard = (r->layer_nelems + G - 1) / G, full = shard * G;
	bool ag = op->kind == SOP_ALLGATHER;

	kineto_x(w, r, "cpu_op", "record_param_comms", synth_pid(rank), synth_pid(rank),
		 x->start_ns, x->end_ns);
	wf(w, "\"External id\": %lld,\"Record function id\": 0, \"Collective name\": \"%s\", "
	      "\"dtype\": \"BFloat16\", \"In msg nelems\": %lld, \"Out msg nelems\": %lld, "
	      "\"In split size\": \"[]\", \"Out split size\": \"[]\", \"Global rank start\": 0, "
	      "\"Global rank stride\": 1, \"Group size\": %d, \"Process Group Name\": \"0\", "
	      "\"Process Group Description\": \"default_pg\", \"Process Group Ranks\": \"",
	   (long long)x->ext_id, comm_name(op->kind), (long long)(ag ? shard : full),
	   (long long)(ag ? full : shard), G);
	ranks_list(w, G);
	wf(w, "\", \"Rank\": %d, \"Seq\": %lld\n    }\n  },\n", rank, (long long)seq);
}

static void
kineto_range(struct wbuf *w, const struct synth_result *r, int rank,
	     const struct synth_range *x, int64_t *seq)
{
	char name[96];
	int pid = synth_pid(rank);

	switch (x->kind) {
	case SR_STEP:
		snprintf(name, sizeof(name), "ProfilerStep#%d", x->index);
		break;
	case SR_ANNOT:
		synth_group_name(x->index, name, sizeof(name));
		break;
	case SR_COMM_ANNOT:
		snprintf(name, sizeof(name), "nccl:%s", comm_name(r->ops[x->index].kind));
		break;
	default:
		kineto_param_comms(w, r, rank, x, (*seq)++);
		return;
	}
	kineto_x(w, r, "user_annotation", name, pid, pid, x->start_ns, x->end_ns);
	wf(w, "\"External id\": %lld,\"Record function id\": 0, \"Ev Idx\": %lld\n    }\n  },\n",
	   (long long)x->ext_id, (long long)x->ext_id - 1);
}

static void
kineto_launch(struct wbuf *w, const struct synth_result *r, int rank,
	      const struct synth_kernel *k)
{
	kineto_x(w, r, "cuda_runtime", is_amd(r) ? "hipLaunchKernel" : "cudaLaunchKernel",
		 synth_pid(rank), synth_pid(rank), k->launch_ns, k->launch_ns + SYNTH_LAUNCH_NS);
	wf(w, "\"External id\": %lld, \"correlation\": %lld\n    }\n  },\n",
	   (long long)k->ext_id, (long long)k->corr);
}

/* CPU events of @rank: ranges and launches merged in time order. */
static void
kineto_cpu(struct wbuf *w, const struct synth_result *r, int rank)
{
	const struct synth_range *x = r->r[rank];
	const struct synth_kernel *k = r->k[rank];
	size_t i = 0, j = 0, nx = r->nr_r[rank], nk = r->nr_k[rank];
	int64_t seq = 0;

	while (i < nx || j < nk) {
		if (j >= nk || (i < nx && x[i].start_ns <= k[j].launch_ns))
			kineto_range(w, r, rank, &x[i++], &seq);
		else
			kineto_launch(w, r, rank, &k[j++]);
	}
}

static void
kineto_kernels(struct wbuf *w, const struct synth_result *r, int rank)
{
	size_t j;

	for (j = 0; j < r->nr_k[rank]; j++) {
		const struct synth_kernel *k = &r->k[rank][j];
		const struct synth_op *op = &r->ops[k->op];
		int stream = op->kind == SOP_COMPUTE ? SYNTH_COMPUTE_STREAM : SYNTH_COMM_STREAM;

		kineto_x(w, r, "kernel", synth_kernel_name(r, op->kname), rank, stream, k->start_ns,
			 k->end_ns);
		wf(w, "\"External id\": %lld,      \"device\": %d, \"stream\": %d,      "
		      "\"correlation\": %lld, \"kind\": \"Dispatch Kernel\"\n    }\n  },\n",
		   (long long)k->ext_id, rank, stream, (long long)k->corr);
	}
}

static void
kineto_meta(struct wbuf *w, const struct synth_result *r, int rank)
{
	int pid = synth_pid(rank);
	int64_t t0 = r->k[rank][0].launch_ns - 1000000 - r->base_time_ns;
	int64_t t1 = r->r[rank][r->nr_r[rank] - 1].end_ns + 1000000 - r->base_time_ns;
	const char *const lines[] = {
		"process_name\", \"ph\": \"M\", \"ts\": %s, \"pid\": %d, \"tid\": 0,\n"
		"    \"args\": {\n      \"name\": \"python\"\n    }\n  },\n",
		"process_labels\", \"ph\": \"M\", \"ts\": %s, \"pid\": %d, \"tid\": 0,\n"
		"    \"args\": {\n      \"labels\": \"GPU %d\"\n    }\n  },\n",
	};
	char ts[40];

	snprintf(ts, sizeof(ts), "%lld.%03lld", (long long)(t0 / 1000), (long long)(t0 % 1000));
	wf(w, "  {\n    \"name\": \"");
	wf(w, lines[0], ts, pid);
	wf(w, "  {\n    \"name\": \"");
	wf(w, lines[0], ts, rank);
	wf(w, "  {\n    \"name\": \"");
	wf(w, lines[1], ts, rank, rank);
	wf(w, "  {\n    \"ph\": \"X\", \"cat\": \"Trace\", \"ts\": %s, \"dur\": ", ts);
	w_us(w, t1 - t0);
	wf(w, ",\n    \"pid\": \"Spans\", \"tid\": \"PyTorch Profiler\",\n"
	      "    \"name\": \"PyTorch Profiler (0)\",\n    \"args\": {\n      \"Op count\": 0\n"
	      "    }\n  },\n  {\n    \"name\": \"Record Window End\", \"ph\": \"i\", \"s\": \"g\",\n"
	      "    \"pid\": \"\", \"tid\": \"\", \"ts\": ");
	w_us(w, t1);
	wf(w, "\n  }\n");
}

int
synth_write_kineto(const struct synth_result *r, int rank, const struct synth_out *o,
		   struct err *err)
{
	struct wbuf w = { SBUF_INIT, o, err, 0 };

	kineto_header(&w, r, rank);
	kineto_cpu(&w, r, rank);
	kineto_kernels(&w, r, rank);
	kineto_meta(&w, r, rank);
	wf(&w, "  ],\n  \"traceName\": \"rank%d.json\"\n}\n", rank);
	return wdone(&w);
}

/* ---- rocprofv3 CSV ---- */

/* Register and workgroup figures of each kernel name (fixed, plausible). */
static void
kernel_shape(const struct synth_result *r, int kname, int *lds, int *vgpr, int *sgpr, int *wg,
	     int *grid)
{
	const char *n = synth_kernel_name(r, kname);
	bool gemm = !strncmp(n, "Cijk", 4) || !strncmp(n, "sm90", 4);
	bool comm = str_icontains(n, "nccl");

	*lds = gemm ? 65536 : comm ? 0 : 1024;
	*vgpr = gemm ? 256 : comm ? 128 : 32;
	*sgpr = gemm ? 96 : 48;
	*wg = comm ? 512 : 256;
	*grid = gemm ? 256 * 1216 : comm ? 512 * 64 : 256 * 4096;
}

int
synth_write_rocprofv3_kernels(const struct synth_result *r, int rank, const struct synth_out *o,
			      struct err *err)
{
	struct wbuf w = { SBUF_INIT, o, err, 0 };
	size_t j;

	wf(&w, "\"Kind\",\"Agent_Id\",\"Queue_Id\",\"Stream_Id\",\"Thread_Id\",\"Dispatch_Id\","
	       "\"Kernel_Id\",\"Kernel_Name\",\"Correlation_Id\",\"Start_Timestamp\","
	       "\"End_Timestamp\",\"LDS_Block_Size\",\"Scratch_Size\",\"VGPR_Count\","
	       "\"Accum_VGPR_Count\",\"SGPR_Count\",\"Workgroup_Size_X\",\"Workgroup_Size_Y\","
	       "\"Workgroup_Size_Z\",\"Grid_Size_X\",\"Grid_Size_Y\",\"Grid_Size_Z\"\n");
	for (j = 0; j < r->nr_k[rank]; j++) {
		const struct synth_kernel *k = &r->k[rank][j];
		const struct synth_op *op = &r->ops[k->op];
		bool comp = op->kind == SOP_COMPUTE;
		int lds, vgpr, sgpr, wg, grid;

		kernel_shape(r, op->kname, &lds, &vgpr, &sgpr, &wg, &grid);
		wf(&w, "\"KERNEL_DISPATCH\",\"Agent %d\",%d,%d,%d,%zu,%d,\"%s\",%lld,%lld,%lld,"
		       "%d,0,%d,%d,%d,%d,1,1,%d,1,1\n",
		   2 + rank, comp ? 1 : 2, comp ? SYNTH_COMPUTE_STREAM : SYNTH_COMM_STREAM,
		   synth_pid(rank), j + 1, 10 + op->kname, synth_kernel_name(r, op->kname),
		   (long long)k->corr, (long long)(k->start_ns - r->boot_ns),
		   (long long)(k->end_ns - r->boot_ns), lds, vgpr, comp ? 4 : 0, sgpr, wg, grid);
	}
	return wdone(&w);
}

int
synth_write_rocprofv3_agents(const struct synth_result *r, const struct synth_out *o,
			     struct err *err)
{
	struct wbuf w = { SBUF_INIT, o, err, 0 };
	int i;

	wf(&w, "\"Node_Id\",\"Logical_Node_Id\",\"Agent_Type\",\"Cpu_Cores_Count\",\"Simd_Count\","
	       "\"Cpu_Core_Id_Base\",\"Simd_Id_Base\",\"Max_Waves_Per_Simd\",\"Lds_Size_In_Kb\","
	       "\"Gds_Size_In_Kb\",\"Num_Gws\",\"Wave_Front_Size\",\"Num_Xcc\",\"Cu_Count\","
	       "\"Array_Count\",\"Num_Shader_Banks\",\"Simd_Arrays_Per_Engine\","
	       "\"Cu_Per_Simd_Array\",\"Simd_Per_Cu\",\"Max_Slots_Scratch_Cu\","
	       "\"Gfx_Target_Version\",\"Vendor_Id\",\"Device_Id\",\"Location_Id\",\"Domain\","
	       "\"Drm_Render_Minor\",\"Num_Sdma_Engines\",\"Num_Sdma_Xgmi_Engines\","
	       "\"Num_Sdma_Queues_Per_Engine\",\"Num_Cp_Queues\",\"Max_Engine_Clk_Ccompute\","
	       "\"Max_Engine_Clk_Fcompute\",\"Sdma_Fw_Version\",\"Fw_Version\",\"Capability\","
	       "\"Cu_Per_Engine\",\"Max_Waves_Per_Cu\",\"Family_Id\",\"Workgroup_Max_Size\","
	       "\"Grid_Max_Size\",\"Local_Mem_Size\",\"Hive_Id\",\"Gpu_Id\","
	       "\"Workgroup_Max_Dim_X\",\"Workgroup_Max_Dim_Y\",\"Workgroup_Max_Dim_Z\","
	       "\"Grid_Max_Dim_X\",\"Grid_Max_Dim_Y\",\"Grid_Max_Dim_Z\",\"Name\","
	       "\"Vendor_Name\",\"Product_Name\",\"Model_Name\"\n");
	for (i = 0; i < 2; i++)
		wf(&w, "%d,%d,\"CPU\",96,0,%d,0,0,0,0,0,0,0,96,0,0,0,0,0,0,0,0,0,0,%d,0,0,0,0,0,"
		       "3707,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
		       "\"AMD EPYC 9654 96-Core Processor\",\"CPU\","
		       "\"AMD EPYC 9654 96-Core Processor\",\"\"\n", i, i, 96 * i, i);
	for (i = 0; i < r->p.gpus; i++)
		wf(&w, "%d,%d,\"GPU\",0,1216,0,%lld,8,64,0,64,64,8,304,32,4,1,38,4,32,90402,4098,"
		       "29857,%d,%d,%d,2,14,8,24,0,2100,24,148,1379487360,38,32,148,1024,"
		       "4294967295,205822885888,11400387391467447133,%d,1024,1024,1024,"
		       "4294967295,65535,65535,\"gfx942\",\"AMD\",\"AMD Instinct MI300X\","
		       "\"aqua_vanjaram\"\n",
		   2 + i, 2 + i, 2147487744LL + 2048 * i, 256 * (0x0c + 0x10 * i), i < 4 ? 0 : 1,
		   128 + 8 * i, 26000 + 1297 * i);
	return wdone(&w);
}

/* ---- legacy rocprof results.csv (one file, every GPU) ---- */

int
synth_write_rocprof(const struct synth_result *r, const struct synth_out *o, struct err *err)
{
	struct wbuf w = { SBUF_INIT, o, err, 0 };
	long long idx = 0;
	int g;

	wf(&w, "\"Index\",\"KernelName\",\"gpu-id\",\"queue-id\",\"queue-index\",\"pid\",\"tid\","
	       "\"grd\",\"wgr\",\"lds\",\"scr\",\"arch_vgpr\",\"accum_vgpr\",\"sgpr\",\"wave_size\","
	       "\"sig\",\"obj\",\"DispatchNs\",\"BeginNs\",\"EndNs\",\"CompleteNs\","
	       "\"DurationNs\"\n");
	for (g = 0; g < r->p.gpus; g++) {
		long long qi[2] = { 0, 0 };
		size_t j;

		for (j = 0; j < r->nr_k[g]; j++) {
			const struct synth_kernel *k = &r->k[g][j];
			const struct synth_op *op = &r->ops[k->op];
			int q = op->kind == SOP_COMPUTE ? 0 : 1, lds, vgpr, sgpr, wg, grid;
			long long b = k->start_ns - r->boot_ns, e = k->end_ns - r->boot_ns;

			kernel_shape(r, op->kname, &lds, &vgpr, &sgpr, &wg, &grid);
			wf(&w, "%lld,\"%s [clone .kd]\",%d,%d,%lld,%d,%d,%d,%d,%d,0,%d,%d,%d,64,"
			       "\"0x0\",\"0x7f%04x%06llx\",%lld,%lld,%lld,%lld,%lld\n",
			   idx++, synth_kernel_name(r, op->kname), g, q, qi[q]++, synth_pid(g),
			   synth_pid(g), grid, wg, lds, vgpr, q ? 0 : 4, sgpr, 0x1b00 + g,
			   (unsigned long long)(0x4500 + 64 * op->kname),
			   (long long)(k->launch_ns + SYNTH_LAUNCH_NS - r->boot_ns), b, e, e + 4000,
			   e - b);
		}
	}
	return wdone(&w);
}

/* ---- amd-smi metric -p -c -t -u -w 1 --csv (--reasons: and -T, --throttle) ---- */

/* The --throttle group of amd-smi 24-25 (amdsmi_cli amdsmi_commands.py), leaf names. */
static const char *const throttle_cols =
	",accumulation_counter,prochot_accumulated,ppt_accumulated,socket_thermal_accumulated,"
	"vr_thermal_accumulated,hbm_thermal_accumulated,prochot_violation_status,"
	"ppt_violation_status,socket_thermal_violation_status,vr_thermal_violation_status,"
	"hbm_thermal_violation_status,prochot_violation_activity,ppt_violation_activity,"
	"socket_thermal_violation_activity,vr_thermal_violation_activity,"
	"hbm_thermal_violation_activity";

static void
amdsmi_header(struct wbuf *w, bool throttle)
{
	static const char *const clk[] = { "mem_0", "vclk_0", "vclk_1", "vclk_2", "vclk_3",
					   "dclk_0", "dclk_1", "dclk_2", "dclk_3", "fclk_0",
					   "socclk_0" };
	size_t i;

	wf(w, "timestamp,gpu,gfx_activity,umc_activity,mm_activity,vcn_activity,jpeg_activity,"
	      "gfx_busy_inst_xcp_0,jpeg_busy_xcp_0,vcn_busy_xcp_0,socket_power,gfx_voltage,"
	      "soc_voltage,mem_voltage,throttle_status,power_management");
	for (i = 0; i < 8; i++)
		wf(w, ",gfx_%zu_clk,gfx_%zu_min_clk,gfx_%zu_max_clk,gfx_%zu_clk_locked,"
		      "gfx_%zu_deep_sleep", i, i, i, i, i);
	for (i = 0; i < ARRAY_SIZE(clk); i++)
		wf(w, ",%s_clk,%s_min_clk,%s_max_clk,%s_clk_locked,%s_deep_sleep", clk[i], clk[i],
		   clk[i], clk[i], clk[i]);
	wf(w, ",edge,hotspot,mem%s\n", throttle ? throttle_cols : "");
}

/*
 * The throttle group of a reading: its clock event reasons as violation
 * shares, the power cap (0x4) as PPT and a thermal slowdown (0x20) as the
 * socket's, 100% while they hold the reading; the accumulators are not
 * modelled (N/A).
 */
static void
amdsmi_throttle(struct wbuf *w, unsigned reasons)
{
	bool ppt = reasons & 0x4, thm = reasons & 0x20;

	wf(w, ",N/A,N/A,N/A,N/A,N/A,N/A,NOT ACTIVE,%s,%s,NOT ACTIVE,NOT ACTIVE,0,%d,%d,0,0",
	   ppt ? "ACTIVE" : "NOT ACTIVE", thm ? "ACTIVE" : "NOT ACTIVE", ppt ? 100 : 0,
	   thm ? 100 : 0);
}

/* A Python list repr of @n copies of @item, quoted for CSV. */
static void
pylist(struct wbuf *w, const char *item, int n)
{
	int i;

	wf(w, ",\"[");
	for (i = 0; i < n; i++)
		wf(w, "%s%s", i ? ", " : "", item);
	wf(w, "]\"");
}

static void
amdsmi_row(struct wbuf *w, const struct synth_result *r, const struct synth_tele *x)
{
	int i, act = (int)lround(x->activity_pct);
	char busy[8];
	const char *ds = x->busy ? "DISABLED" : "ENABLED";

	snprintf(busy, sizeof(busy), "%d", act);
	wf(w, "%lld,%d,%d,%d,N/A", (long long)(x->t_ns / 1000000000), x->gpu, act,
	   (int)lround(x->umc_pct));
	pylist(w, "'N/A'", 4);
	pylist(w, "'N/A'", 32);
	pylist(w, busy, 8);
	pylist(w, "0", 40);
	pylist(w, "0", 4);
	wf(w, ",%d,N/A,N/A,N/A,N/A,ENABLED", (int)lround(x->power_w));
	for (i = 0; i < 8; i++)	/* the XCDs of one GPU differ by a MHz or two */
		wf(w, ",%d,500,%d,DISABLED,%s", (int)lround(x->clk_mhz) - (x->busy ? i % 3 : 0),
		   (int)r->dev.f_max_mhz, ds);
	wf(w, ",%d,900,%d,N/A,DISABLED", (int)r->dev.mem_clk_mhz, (int)r->dev.mem_clk_mhz);
	for (i = 0; i < 4; i++)
		wf(w, ",29,914,1333,N/A,ENABLED");
	for (i = 0; i < 4; i++)
		wf(w, ",22,711,1143,N/A,ENABLED");
	wf(w, ",%d,1200,2000,N/A,DISABLED", x->busy ? 2000 : 1200);
	wf(w, ",%d,28,1143,N/A,%s", x->busy ? 1143 : 35, ds);
	wf(w, ",N/A,%d,%d", (int)lround(x->temp_c), (int)lround(x->mem_temp_c));
	if (r->p.reasons)
		amdsmi_throttle(w, x->reasons);
	wf(w, "\n");
}

int
synth_write_amdsmi(const struct synth_result *r, const struct synth_out *o, struct err *err)
{
	struct wbuf w = { SBUF_INIT, o, err, 0 };
	size_t i;

	wf(&w, "'CTRL' + 'C' to stop watching output:\n");
	amdsmi_header(&w, r->p.reasons);
	for (i = 0; i < r->nr_tele; i++) {
		if (i && r->tele[i].gpu == 0)
			wf(&w, "\n");
		amdsmi_row(&w, r, &r->tele[i]);
	}
	return wdone(&w);
}

/* ---- amd-smi static --json (asic and limit sections) ---- */

/* A serial number per seed and GPU (splitmix64), so two simulated nodes' files differ. */
static unsigned long long
serial(uint64_t seed, int g)
{
	uint64_t z = seed * 64 + (uint64_t)g + 0x9E3779B97F4A7C15ull;

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return (unsigned long long)(z ^ (z >> 31));
}

int
synth_write_amdsmi_static(const struct synth_result *r, const struct synth_out *o,
			  struct err *err)
{
	struct wbuf w = { SBUF_INIT, o, err, 0 };
	int g;

	wf(&w, "{\n    \"gpu_data\": [\n");
	for (g = 0; g < r->p.gpus; g++) {
		wf(&w, "        {\n            \"gpu\": %d,\n            \"asic\": {\n"
		       "                \"market_name\": \"%s\",\n"
		       "                \"vendor_id\": \"0x1002\",\n"
		       "                \"device_id\": \"0x74a1\",\n"
		       "                \"asic_serial\": \"0x%016llX\"\n            },\n"
		       "            \"limit\": {\n                \"ppt0\": {\n"
		       "                    \"max_power_limit\": {\"value\": %.0f, \"unit\": \"W\"},\n"
		       "                    \"min_power_limit\": \"N/A\",\n"
		       "                    \"socket_power_limit\": {\"value\": %.0f, \"unit\": \"W\"}\n"
		       "                }\n            }\n        }%s\n",
		   g, r->dev.product, serial(r->p.seed, g), r->dev.cap_w, r->gpu[g].cap_w,
		   g + 1 < r->p.gpus ? "," : "");
	}
	wf(&w, "    ]\n}\n");
	return wdone(&w);
}

/* ---- nvidia-smi --query-gpu=... --format=csv -l 1 ---- */

int
synth_write_nvsmi(const struct synth_result *r, const struct synth_out *o, struct err *err)
{
	struct wbuf w = { SBUF_INIT, o, err, 0 };
	size_t i;

	wf(&w, "timestamp, index, power.draw [W], temperature.gpu, clocks.current.sm [MHz], "
	       "clocks.current.memory [MHz], utilization.gpu [%%], utilization.memory [%%], "
	       "power.limit [W], clocks.max.sm [MHz], power.min_limit [W], power.max_limit [W], "
	       "power.default_limit [W]%s\n",
	   r->p.reasons ? ", clocks_event_reasons.active" : "");
	for (i = 0; i < r->nr_tele; i++) {
		const struct synth_tele *x = &r->tele[i];
		int64_t ms = x->t_ns / 1000000 + 183 + 4 * x->gpu;
		time_t sec = (time_t)(ms / 1000);
		struct tm tm;

		gmtime_r(&sec, &tm);
		wf(&w, "%04d/%02d/%02d %02d:%02d:%02d.%03d, %d, %.2f W, %d, %d MHz, %d MHz, %d %%, "
		       "%d %%, %.2f W, %d MHz, %.2f W, %.2f W, %.2f W", tm.tm_year + 1900,
		   tm.tm_mon + 1, tm.tm_mday,
		   tm.tm_hour, tm.tm_min, tm.tm_sec, (int)(ms % 1000), x->gpu, x->power_w,
		   (int)lround(x->temp_c), (int)lround(x->clk_mhz), (int)r->dev.mem_clk_mhz,
		   (int)lround(x->activity_pct), (int)lround(x->umc_pct), r->gpu[x->gpu].cap_w,
		   (int)r->dev.f_max_mhz, r->dev.min_limit_w, r->dev.cap_w, r->dev.cap_w);
		if (r->p.reasons)
			wf(&w, ", 0x%016x", x->reasons);
		wf(&w, "\n");
	}
	return wdone(&w);
}

/* ---- truth.json: what the model was told and what it produced ---- */

static void
int_list(struct wbuf *w, const int *v, int n)
{
	int i;

	wf(w, "[");
	for (i = 0; i < n; i++)
		wf(w, "%s%d", i ? ", " : "", v[i]);
	wf(w, "]");
}

static void
json_str(struct wbuf *w, const char *s)
{
	wf(w, "\"");
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			wf(w, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			wf(w, "\\u%04x", (unsigned char)*s);
		else
			wf(w, "%c", *s);
	}
	wf(w, "\"");
}

static void
truth_gpus(struct wbuf *w, const struct synth_result *r)
{
	int g;

	wf(w, "  \"gpus\": [\n");
	for (g = 0; g < r->p.gpus; g++) {
		const struct synth_gpu *x = &r->gpu[g];

		wf(w, "    {\"gpu\": %d, \"rank\": %d, \"straggler\": %s, \"temp_c\": %.2f, "
		      "\"dvfs_clk_mhz\": %.1f, \"gfx_clk_mhz\": %.1f, \"power_w\": %.1f, "
		      "\"m_w_per_mhz\": %.5f, \"cap_w\": %.0f, \"limit\": \"%s\", "
		      "\"lead_sum_ms\": %.3f, \"cause\": ", g, g,
		   x->is_straggler ? "true" : "false", x->temp_c, x->dvfs_mhz, x->f_mhz, x->power_w,
		   x->m_w_per_mhz, x->cap_w, synth_limit_name(x->limit), x->lead_ns / 1e6);
		if (x->cause)
			wf(w, "\"%s\"", x->cause);
		else
			wf(w, "null");
		wf(w, ", \"work\": %.4f, \"link\": %.4f, \"stall\": %.4f, \"lock_mhz\": %.0f}%s\n",
		   x->work, x->link, x->stall, x->lock_mhz, g + 1 < r->p.gpus ? "," : "");
	}
	wf(w, "  ],\n");
}

/* The non-thermal causes and the healthy effects the model was given. */
static void
truth_faults(struct wbuf *w, const struct synth_result *r)
{
	const struct synth_params *p = &r->p;
	int i;

	wf(w, "  \"faults\": [");
	for (i = 0; i < p->nr_faults; i++)
		wf(w, "%s{\"gpu\": %d, \"kind\": \"%s\", \"value\": %g, \"cause\": \"%s\"}",
		   i ? ", " : "", p->faults[i].gpu, synth_fault_name(p->faults[i].kind),
		   p->faults[i].value, synth_fault_cause(p->faults[i].kind));
	wf(w, "],\n  \"jitter_c\": %.2f,\n  \"drift_c\": %.2f,\n  \"slot_c\": %.2f,\n"
	      "  \"tick_ms\": %d,\n  \"noise\": %.2f,\n  \"reasons\": %s,\n",
	   p->has_jitter ? p->jitter_c : 0.4 * p->temp_spread_c, p->drift_c, p->slot_c,
	   p->tick_ms ? p->tick_ms : 1000, p->has_noise ? p->noise : 1,
	   p->reasons ? "true" : "false");
}

int
synth_write_truth(const struct synth_result *r, const char *cmdline, const struct synth_out *o,
		  struct err *err)
{
	struct wbuf w = { SBUF_INIT, o, err, 0 };
	const struct synth_device *d = &r->dev;
	char curve[64] = "";

	if (d->curve == SYNTH_CURVE_CONVEX)
		snprintf(curve, sizeof(curve), ", \"curve\": \"convex\", \"curve_exp\": %.2f",
			 d->curve_exp);
	wf(&w, "{\n  \"generator\": \"litsi synth\",\n  \"command\": ");
	json_str(&w, cmdline);
	wf(&w, ",\n  \"product\": \"%s\",\n  \"gpus_count\": %d,\n  \"samples\": %d,\n"
	       "  \"layers\": %d,\n  \"seed\": %llu,\n  \"temp_spread_c\": %.2f,\n"
	       "  \"stragglers\": ", d->product, r->p.gpus, r->p.samples, r->p.layers,
	   (unsigned long long)r->p.seed, r->p.temp_spread_c);
	int_list(&w, r->p.stragglers, r->p.nr_stragglers);
	wf(&w, ",\n  \"model\": {\"t_base_c\": %.1f, \"t_thr_c\": %.1f, \"k_mhz_per_c\": %.1f, "
	       "\"f_max_mhz\": %.0f, \"f_min_mhz\": %.0f, \"p_idle_w\": %.0f, "
	       "\"power_cap_w\": %.0f, \"m0_w_per_mhz\": %.5f, \"beta_per_c\": %.4f, "
	       "\"contention\": %.2f%s},\n",
	   d->t_base_c, d->t_thr_c, d->k_mhz_per_c, d->f_max_mhz, d->f_min_mhz, d->p_idle_w,
	   r->p.power_cap_w > 0 ? r->p.power_cap_w : d->cap_w, d->m0_w_per_mhz, d->beta_per_c,
	   d->contention, curve);
	truth_faults(&w, r);
	wf(&w, "  \"load_start_ns\": %lld,\n  \"load_end_ns\": %lld,\n  \"boot_ns\": %lld,\n",
	   (long long)r->run_start_ns, (long long)r->run_end_ns, (long long)r->boot_ns);
	truth_gpus(&w, r);
	wf(&w, "  \"lead_order\": ");
	int_list(&w, r->lead_order, r->p.gpus);
	wf(&w, ",\n  \"temp_order\": ");
	int_list(&w, r->temp_order, r->p.gpus);
	wf(&w, ",\n  \"straggler_by_lead\": %d\n}\n", r->lead_order[r->p.gpus - 1]);
	return wdone(&w);
}
