#!/usr/bin/env python3
# validate-caps.py: the caps validation study (VALIDATION.md; run by
# scripts/validate-caps.sh and `make validate`, never by `make check`).
#
# It drives exactly the commands litsi-caps(1) and litsi-compare(1) document,
# with `litsi synth --caps` as the plant: per node and scenario one database;
# run r0 at the node's cap ingested whole with --run; the calibration probe
# (caps --calibrate, the probe run's telemetry ingested with --run probe
# --role calibration); then three rounds: `litsi caps --scenario S` (no
# --run, no --cap: the latest run's traces, the first run's cap), the caps
# fed to the simulator, the run ingested whole as --run rN. Each round is
# measured in the simulator (node step time from the Kineto ProfilerStep
# ranges, node power from its per-GPU power) and checked: throughput,
# power, budget, limits, prediction. Before the probe, the caps litsi would
# give without it are measured too (not ingested). The oracle searches caps
# with the simulator itself. litsi never sees truth.json.
import json, math, os, random, re, shutil, subprocess, sys, tempfile
from multiprocessing import Pool

LITSI = os.environ.get("LITSI", "build/litsi")
# traced iterations per run (VALIDATE_SAMPLES; telemetry about two readings
# each, one a second): more make every run, the probe too, longer
LAYERS, SAMPLES = 4, int(os.environ.get("VALIDATE_SAMPLES", "3"))
# seconds each job runs (VALIDATE_DURATION): litsi record(1) logs telemetry
# for a job's whole life, the profiler traces its first iterations; the
# probe runs VALIDATE_PROBE seconds ("a few minutes", litsi-caps(1)); 0: as
# long as the traced iterations
DURATION = int(os.environ.get("VALIDATE_DURATION", "300"))
PROBE_S = int(os.environ.get("VALIDATE_PROBE", "180"))
STEP_RE = re.compile(r'"ph": "X", "cat": "user_annotation", "name": "(ProfilerStep#\d+)"'
                     r'[^\n]*\n\s*"ts": [0-9.]+, "dur": ([0-9.]+)')
# seeds 5000.. report; the caps code is tuned on 100..149 (VALIDATE_SEED=100)
SEED0 = int(os.environ.get("VALIDATE_SEED", "5000"))
# the scenarios studied (VALIDATE_SCENARIOS, comma-separated; default all three)
SCENARIOS = tuple(os.environ.get("VALIDATE_SCENARIOS",
                                 "gpu-realloc,cpu-slosh,gpu-red").split(","))
# VALIDATE_PHYSICS=vary: every node draws its part's constants too (clock
# range, idle power, thermal threshold and slope, leakage, comm contention,
# the set cap of a capped node) from ranges around the MI300X's and H100's,
# on a stream of its own (the default study's draws are unchanged)
PHYS_VARY = os.environ.get("VALIDATE_PHYSICS", "") == "vary"
# synth's constants of each part (litsi-synth(1) --physics, truth.json):
# f_max, f_min, t_base, t_thr, P_idle
PART = {"amd": (2100, 1200, 68, 85, 140), "nvidia": (1980, 1100, 62, 80, 90)}


def sh(args):
    r = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode:
        raise RuntimeError("%s: exit %d: %s" % (" ".join(args), r.returncode, r.stderr))
    return r.stdout


class Node:
    def __init__(self, i, rnd):
        self.i, self.seed = i, SEED0 + i
        self.vendor = "amd" if i % 2 == 0 else "nvidia"
        self.curve = "linear" if (i // 2) % 2 == 0 else "convex"
        self.exp = (2.0, 2.5, 3.0)[(i // 4) % 3] if self.curve == "convex" else 1.0
        self.G = 8 if (i // 4) % 2 == 0 else 4
        # 0 plain, 1 run at a set cap below the max, 2 GPUs drawing under their
        # cap (held by their top clock), 3 DVFS-bound stragglers
        self.kind = ("plain", "capped", "under-cap", "dvfs")[(i // 8) % 4]
        self.tdp = 750 if self.vendor == "amd" else 700  # the part's max limit
        self.min = 0 if self.vendor == "amd" else 200
        self.spread = round(4 + 12 * rnd.random(), 1)
        if self.kind == "dvfs":  # hotter than the DVFS threshold (17-18 C above base)
            self.spread = round(20 + 6 * rnd.random(), 1)
        self.strag = rnd.sample(range(self.G), 1 + i % (3 if self.G == 8 else 2))
        self.phys = []
        fmax, fmin, tb, thr, idle = PART[self.vendor]
        self.idle = idle
        self.set_cap = 600 if self.vendor == "amd" else 500
        if PHYS_VARY:
            pr = random.Random(self.seed * 7919 + 17)
            fmax = round(fmax * pr.uniform(0.88, 1.08))
            fmin = min(round(fmin * pr.uniform(0.85, 1.1)), fmax - 400)
            idle = self.idle = round(idle * pr.uniform(0.6, 1.5))
            tb = round(tb + pr.uniform(-6, 4), 1)
            thr = round(tb + pr.uniform(12, 22), 1)
            self.phys += ["f_max_mhz=%d" % fmax, "f_min_mhz=%d" % fmin,
                          "p_idle_w=%d" % idle, "t_base_c=%g" % tb, "t_thr_c=%g" % thr,
                          "k_mhz_per_c=%.1f" % pr.uniform(10, 30),
                          "beta_per_c=%.4f" % pr.uniform(0.002, 0.008),
                          "contention=%.3f" % pr.uniform(0.08, 0.35)]
            self.set_cap = int(round(self.tdp * pr.uniform(0.72, 0.9)))
            # a plain node stays under its threshold, a DVFS-bound one over it
            if self.kind == "dvfs":
                self.spread = round(thr - tb + 2 + 6 * pr.random(), 1)
            else:
                self.spread = min(self.spread, round(thr - tb - 1, 1))
        if self.curve == "convex":
            self.phys += ["curve=convex", "curve_exp=%g" % self.exp]
        if self.kind == "under-cap":
            m0 = (self.tdp - idle) / (fmax - 10)
            self.phys.append("m0_w_per_mhz=%.5f" % (0.86 * m0))

    def base_cap(self, scenario):
        if self.kind == "capped":
            return self.set_cap
        return self.tdp if scenario == "gpu-red" else self.tdp - 50

    def synth(self, d, cap, caps=None, tele=True, run=0, duration=None):
        """One job at @cap (@caps per GPU); @run numbers the node's jobs: each
        draws its own telemetry noise, as two jobs on a real node do."""
        a = [LITSI, "-q", "synth", "--gpus", str(self.G), "--layers", str(LAYERS),
             "--samples", str(SAMPLES), "--seed", str(self.seed),
             "--noise-seed", str(self.seed * 16 + run),
             "--duration", str(DURATION if duration is None else duration),
             "--temp-spread", str(self.spread),
             "--straggler", ",".join(map(str, self.strag)), "--power-cap", str(cap), "-o", d]
        if self.phys:
            a += ["--physics", ",".join(self.phys)]
        if self.vendor == "nvidia":  # the telemetry chooses the part: H100
            # with the clock event reasons nvidia-smi logs (thermal, power cap)
            a += ["--telemetry", "nvidia-smi", "--reasons"]
        elif not tele:
            a += ["--telemetry", "none"]
        else:  # MI300X: amd-smi's violation shares, as litsi record asks for
            a += ["--reasons"]
        if caps:
            p = d + ".caps.tsv"
            with open(p, "w") as f:
                f.write("# gpu\tcap_w\n")
                for g, c in enumerate(caps):
                    f.write("%d\t%d\n" % (g, c))
            a += ["--caps", p]
        sh(a)
        return measure(d)


def measure(d):
    """Mean node step time (ns, max over ranks per step), node power, clocks, powers."""
    steps = {}
    for fn in os.listdir(d):
        if not (fn.startswith("rank") and fn.endswith(".json")):
            continue
        with open(os.path.join(d, fn)) as f:  # synth's Kineto layout, read as text
            for m in STEP_RE.finditer(f.read()):
                steps[m.group(1)] = max(steps.get(m.group(1), 0), float(m.group(2)) * 1000)
    with open(os.path.join(d, "truth.json")) as f:
        t = json.load(f)
    return (sum(steps.values()) / len(steps), sum(g["power_w"] for g in t["gpus"]),
            [g["gfx_clk_mhz"] for g in t["gpus"]], [g["power_w"] for g in t["gpus"]])


def telemetry(d):
    return [os.path.join(d, f) for f in sorted(os.listdir(d))
            if f.endswith("-smi.csv") or f == "amd-smi-static.json"]


def whole(d):
    return [os.path.join(d, f) for f in sorted(os.listdir(d)) if f.startswith("rank")] + \
        telemetry(d)


def tables(out, named=False):
    """The TSV tables of a litsi output: {name: [rows]}; @named: each row a
    dict by the table's column names."""
    t, name, cols = {}, None, []
    for line in out.splitlines():
        if line.startswith("# ") and "\t" not in line and ":" not in line:
            name = line[2:]
            t[name] = []
        elif line.startswith("# ") and "\t" in line:
            cols = line[2:].split("\t")
        elif line and not line.startswith("#") and name:
            v = line.split("\t")
            t[name].append(dict(zip(cols, v)) if named else v)
    return t


def caps(db, scenario):
    """The documented round: litsi caps --scenario S (latest run, first run's cap)."""
    t = tables(sh([LITSI, "-d", db, "caps", "--scenario", scenario, "--format", "tsv"]), True)
    p = t["prediction"][0]
    # S_iter_low: what the runs promise where a GPU is to run above any clock
    # they showed it at (litsi-caps(1)); S_iter otherwise
    return ([int(r["cap_w"]) for r in t["caps"]],
            (float(p["S_iter"]), float(p["S_iter_low"])),
            (float(p["power_ratio"]), float(p["power_ratio_low"])), int(p["P_n_w"]),
            int(p["initial_cap_w"]))


def oracle(node, d, scenario, cap0, bt, bpw):
    """Greedy search with the simulator: move (gpu-red: drop) 20 W, then 5 W,
    from the fastest GPU (to the slowest) while it helps."""
    if scenario == "gpu-red":  # from what each GPU drew: watts above it buy nothing
        c = [min(cap0, int(math.ceil(p)) + 1) for p in bpw]
    else:
        c = [cap0 + (20 if scenario == "cpu-slosh" else 0)] * node.G
    t, p, clk, _ = node.synth(d, cap0, c, False, duration=0)
    stuck = set()  # gpu-red: GPUs a lower cap no longer saves power on (at f_min)
    for step in (20, 5):
        for _ in range(60):
            free = [g for g in range(node.G) if g not in stuck]
            if not free:
                break
            fast = max(free, key=lambda g: clk[g])
            slow = min(range(node.G), key=lambda g: clk[g])
            trial = list(c)
            trial[fast] -= step
            if scenario != "gpu-red":
                if trial[slow] + step > node.tdp:
                    break
                trial[slow] += step
            if trial[fast] < max(node.min, node.idle + 1):
                break
            t2, p2, clk2, _ = node.synth(d, cap0, trial, False, duration=0)
            if not (t2 <= bt / 0.995 if scenario == "gpu-red" else t2 < t):
                break
            if scenario == "gpu-red" and not p2 < p:
                stuck.add(fast)
                continue
            c, t, p, clk = trial, t2, p2, clk2
    return t, p


def one(job):
    node, scenario, work = job
    d = os.path.join(work, "n%d-%s" % (node.i, scenario))
    db = d + ".db"
    cap0 = node.base_cap(scenario)
    budget = node.G * (cap0 + (20 if scenario == "cpu-slosh" else 0))
    row = dict(node=node.i, vendor=node.vendor, curve=node.curve, exp=node.exp, G=node.G,
               kind=node.kind, spread=node.spread, nstrag=len(node.strag),
               scenario=scenario, base_cap=cap0, rounds=[], notes=[],
               physics=",".join(node.phys))
    try:
        bt, bp, _, bpw = node.synth(d + "r0", cap0)
        sh([LITSI, "-q", "-d", db, "ingest", "--run", "r0"] + whole(d + "r0"))

        def check(name, c, ps, pp, pn, cap_init, run):
            t, p, _, _ = node.synth(d + name, cap0, c, run=1) if run is None else run
            (ps, pl), (pp, ppl) = ps, pp
            row["rounds"].append(dict(name=name, caps=c, pred_s=ps, pred_low=pl, meas_s=bt / t,
                                      pred_p=pp, pred_p_low=ppl,
                                      meas_p=p / bp, sum_caps=sum(c), P_n=pn, budget=budget,
                                      init=cap_init,
                                      in_limits=all(max(node.min, 1) <= x <= node.tdp
                                                    for x in c)))
        # without the probe (measured, never ingested)
        c, ps, pp, pn, ci = caps(db, scenario)
        check("noprobe", c, ps, pp, pn, ci, None)
        # the probe, as litsi-caps(1) documents it
        pt = tables(sh([LITSI, "-d", db, "caps", "--calibrate", "--format", "tsv"]))
        probe = [int(r[2]) for r in pt["probe"]]
        pc = pt["probe_cost"][0]
        t, p, _, _ = node.synth(d + "probe", cap0, probe, run=2, duration=PROBE_S)
        row["probe"] = dict(caps=probe, pred_s=float(pc[2]), pred_p=float(pc[3]),
                            meas_s=bt / t, meas_p=p / bp)
        sh([LITSI, "-q", "-d", db, "ingest", "--run", "probe", "--role", "calibration"] +
           telemetry(d + "probe"))
        seen = [([cap0] * node.G, d + "r0", (bt, bp, None, bpw))]
        for rnd in (1, 2, 3):
            c, ps, pp, pn, ci = caps(db, scenario)
            name = "r%d" % rnd
            if [x for x in seen if x[0] == c]:
                # the caps of an earlier run: the same traces (the simulator is
                # deterministic), other telemetry readings (a job of its own)
                row["notes"].append("%s: caps of an earlier run" % name)
            rdir, run = d + name, node.synth(d + name, cap0, c, run=2 + rnd)
            check(name, c, ps, pp, pn, ci, run)
            sh([LITSI, "-q", "-d", db, "ingest", "--run", name] + whole(rdir))
            seen.append((c, rdir, run))
        ot, op = oracle(node, d + "o", scenario, cap0, bt, bpw)
        row.update(oracle_s=bt / ot, oracle_p=op / bp)
    finally:
        # VALIDATE_KEEP=DIR: each node-scenario's runs and database are kept there
        keep = os.environ.get("VALIDATE_KEEP")
        for x in os.listdir(work):
            if not x.startswith("n%d-%s" % (node.i, scenario)):
                continue
            p = os.path.join(work, x)
            if keep:
                os.makedirs(keep, exist_ok=True)
                shutil.move(p, os.path.join(keep, x))
            else:
                shutil.rmtree(p, ignore_errors=True) if os.path.isdir(p) else os.remove(p)
    sys.stderr.write("%d %s %s\n" % (node.i, scenario, json.dumps(
        [round(r["meas_s"], 4) for r in row["rounds"]])))
    return row


def share(row, r):
    """The share of the oracle's gain a round achieved (gpu-red: of its saving)."""
    if row["scenario"] == "gpu-red":
        gain, og = 1 - r["meas_p"], 1 - row["oracle_p"]
        if r["meas_s"] < 0.995:
            return 0.0
    else:
        gain, og = r["meas_s"] - 1, row["oracle_s"] - 1
    if og <= 1e-9:
        return 1.0 if gain >= -1e-9 else 0.0
    return gain / og


def said_range(r):
    """Did litsi say the runs cannot tell (S_iter_low more than 1 pp under S_iter)?"""
    return r["pred_low"] < r["pred_s"] - 0.01


def range_err(r, k="s"):
    """|pred - meas|, or where litsi said so, the distance from [S_iter_low, S_iter]
    (k "p": from the power ratios of the two)."""
    a, b = (r["pred_low"], r["pred_s"]) if k == "s" else (r["pred_p_low"], r["pred_p"])
    m = r["meas_" + k]
    if not said_range(r):
        return abs(b - m)
    return max(0.0, min(a, b) - m, m - max(a, b))


def rnd(row, name):
    return [r for r in row["rounds"] if r["name"] == name][0]


def summarize(rows):
    pct = lambda x: "%.0f%%" % (100 * x)
    med = lambda v: sorted(v)[len(v) // 2]
    out = ["| scenario | subset | nodes | every round: S >= 1 (gpu-red: S >= 0.995, P <= 1) | budget and limits kept | no probe, r1: median share (min) | r1 with probe: median (min) | >= 80% | r3: median (min) | >= 95% | pred-meas S <= 1 pp, every round | the same, or inside the range said (S_iter_low..S_iter) | rounds with a range | pred-meas P <= 1 pp, every round | the same, or inside the range said | worst |pred-meas| S / P, pp |",
           "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    subsets = (("all", lambda r: True), ("linear", lambda r: r["curve"] == "linear"),
               ("convex", lambda r: r["curve"] == "convex"),
               ("MI300X", lambda r: r["vendor"] == "amd"),
               ("H100", lambda r: r["vendor"] == "nvidia"),
               ("4 GPUs", lambda r: r["G"] == 4), ("8 GPUs", lambda r: r["G"] == 8),
               ("capped", lambda r: r["kind"] == "capped"),
               ("under-cap", lambda r: r["kind"] == "under-cap"),
               ("dvfs", lambda r: r["kind"] == "dvfs"))
    for sc in ("gpu-realloc", "cpu-slosh", "gpu-red"):
        for name, f in subsets:
            rs = [r for r in rows if r["scenario"] == sc and f(r)]
            if not rs:
                continue
            loop = ("r1", "r2", "r3")
            if sc == "gpu-red":
                ok = [all(rnd(r, n)["meas_s"] >= 0.995 and rnd(r, n)["meas_p"] <= 1 + 1e-9
                          for n in loop) for r in rs]
            else:
                ok = [all(rnd(r, n)["meas_s"] >= 1 - 1e-9 for n in loop) for r in rs]
            kept = [all(x["sum_caps"] <= x["budget"] and x["in_limits"]
                        for x in r["rounds"]) for r in rs]
            s0 = [share(r, rnd(r, "noprobe")) for r in rs]
            s1 = [share(r, rnd(r, "r1")) for r in rs]
            s3 = [share(r, rnd(r, "r3")) for r in rs]
            es = [max(abs(rnd(r, n)["pred_s"] - rnd(r, n)["meas_s"]) for n in loop) for r in rs]
            # where litsi printed a range (S_iter_low < S_iter): its distance from it
            er = [max(range_err(rnd(r, n)) for n in loop) for r in rs]
            epr = [max(range_err(rnd(r, n), "p") for n in loop) for r in rs]
            said = sum(1 for r in rs for n in loop if said_range(rnd(r, n)))
            ep = [max(abs(rnd(r, n)["pred_p"] - rnd(r, n)["meas_p"]) for n in loop) for r in rs]
            out.append("| %s | %s | %d | %s | %s | %s (%s) | %s (%s) | %s | %s (%s) | %s | %s | %s | %d | %s | %s | %.2f / %.2f |" % (
                sc, name, len(rs), pct(sum(ok) / len(rs)), pct(sum(kept) / len(rs)),
                pct(med(s0)), pct(min(s0)), pct(med(s1)), pct(min(s1)),
                pct(sum(s >= 0.8 for s in s1) / len(rs)), pct(med(s3)), pct(min(s3)),
                pct(sum(s >= 0.95 for s in s3) / len(rs)),
                pct(sum(e <= 0.01 for e in es) / len(rs)),
                pct(sum(e <= 0.01 for e in er) / len(rs)), said,
                pct(sum(e <= 0.01 for e in ep) / len(rs)),
                pct(sum(e <= 0.01 for e in epr) / len(rs)), 100 * max(es), 100 * max(ep)))
    pr = [r["probe"] for r in rows]
    out.append("")
    out.append("Probe (every GPU 40 W under what it drew, one off the pace up to 160 W; %d runs): measured throughput "
               "median %.4f (min %.4f), predicted median %.4f (min %.4f); measured node "
               "power median %.4f." % (
                   len(pr), med([p["meas_s"] for p in pr]), min(p["meas_s"] for p in pr),
                   med([p["pred_s"] for p in pr]), min(p["pred_s"] for p in pr),
                   med([p["meas_p"] for p in pr])))
    red = [(rnd(r, n)["meas_s"], r["node"], n) for r in rows if r["scenario"] == "gpu-red"
           for n in ("r1", "r2", "r3")]
    if red:
        out.append("gpu-red's lowest measured throughput in any round: %.4f (node %d, %s)."
                   % min(red))
    same = sum(1 for r in rows for n in r["notes"])
    out.append("Rounds whose caps equalled an earlier run's (the same traces, "
               "ingested as a run of their own): %d." % same)
    return "\n".join(out)


def rows_table(rows):
    out = ["| node | part | G | curve | kind | spread C | stragglers | scenario | cap W | no probe S / P | r1 pred S / P | r1 S / P | r3 pred S / P | r3 S / P | oracle S / P |",
           "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        a, b, c = rnd(r, "noprobe"), rnd(r, "r1"), rnd(r, "r3")
        out.append("| %d | %s | %d | %s | %s | %.1f | %d | %s | %d | %.4f / %.4f | %.4f / %.4f | %.4f / %.4f | %.4f / %.4f | %.4f / %.4f | %.4f / %.4f |" % (
            r["node"], "MI300X" if r["vendor"] == "amd" else "H100", r["G"],
            r["curve"] if r["curve"] == "linear" else "convex %g" % r["exp"], r["kind"],
            r["spread"], r["nstrag"], r["scenario"], r["base_cap"],
            a["meas_s"], a["meas_p"], b["pred_s"], b["pred_p"], b["meas_s"], b["meas_p"],
            c["pred_s"], c["pred_p"], c["meas_s"], c["meas_p"], r["oracle_s"], r["oracle_p"]))
    return "\n".join(out)


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--summary":
        with open(sys.argv[2]) as f:
            rows = json.load(f)
        print(summarize(rows))
        print()
        print(rows_table(rows))
        return
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 104
    out = sys.argv[2] if len(sys.argv) > 2 else "-"
    jobs = int(os.environ.get("VALIDATE_JOBS", str(os.cpu_count() or 2)))
    rnd_ = random.Random(23)
    nodes = [Node(i, rnd_) for i in range(n)]
    # VALIDATE_ONLY: some nodes only (indices, comma-separated), e.g. one kind
    only = os.environ.get("VALIDATE_ONLY")
    if only:
        keep = set(int(x) for x in only.split(","))
        nodes = [nd for nd in nodes if nd.i in keep]
    base = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
    work = tempfile.mkdtemp(prefix="litsi-validate.", dir=base)
    try:
        todo = [(nd, sc, work) for nd in nodes for sc in SCENARIOS]
        with Pool(jobs) as pool:
            rows = pool.map(one, todo, chunksize=1)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    text = json.dumps(rows, indent=1)
    if out == "-":
        print(text)
    else:
        with open(out, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
