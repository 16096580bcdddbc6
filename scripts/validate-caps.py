#!/usr/bin/env python3
# validate-caps.py: the caps validation study (VALIDATION.md; run by
# scripts/validate-caps.sh and `make validate`, never by `make check`).
#
# For each simulated node (litsi synth): record a baseline run at uniform caps,
# ingest it, let `litsi caps` recommend caps from what the node recorded
# (traces + telemetry: litsi never sees truth.json), feed the caps back into
# the simulator and measure the node there (step time from the Kineto
# ProfilerStep ranges, node power from the simulator's per-GPU power). The
# oracle searches caps with the simulator itself. Then two more rounds of the
# run-over-run loop: the run under the previous caps is ingested and caps are
# recommended from it.
import json, os, random, shutil, subprocess, sys, tempfile

LITSI = os.environ.get("LITSI", "build/litsi")
LAYERS, SAMPLES = 4, 3


def sh(args, **kw):
    return subprocess.run(args, check=True, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, **kw).stdout


class Node:
    def __init__(self, seed, vendor, spread, strag, curve):
        self.seed, self.vendor, self.spread, self.strag, self.curve = \
            seed, vendor, spread, strag, curve
        self.tdp = 750 if vendor == "amd" else 700  # the part's max limit
        self.idle = None

    def synth(self, d, cap, caps=None):
        a = [LITSI, "synth", "--layers", str(LAYERS), "--samples", str(SAMPLES),
             "--seed", str(self.seed), "--temp-spread", str(self.spread),
             "--straggler", ",".join(map(str, self.strag)), "--power-cap", str(cap),
             "-o", d]
        if self.curve != "linear":
            a += ["--physics", "curve=" + self.curve]
        if self.vendor == "nvidia":
            a += ["--telemetry", "nvidia-smi"]
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
    """Mean node step time (ns, max over ranks per step), node power, clocks."""
    steps = {}
    for fn in os.listdir(d):
        if not (fn.startswith("rank") and fn.endswith(".json")):
            continue
        with open(os.path.join(d, fn)) as f:
            for e in json.load(f)["traceEvents"]:
                n = e.get("name", "")
                if n.startswith("ProfilerStep#") and e.get("ph") == "X":
                    steps[n] = max(steps.get(n, 0), float(e["dur"]) * 1000)
    with open(os.path.join(d, "truth.json")) as f:
        t = json.load(f)
    return (sum(steps.values()) / len(steps), sum(g["power_w"] for g in t["gpus"]),
            [g["gfx_clk_mhz"] for g in t["gpus"]])


def telemetry_files(d):
    return [os.path.join(d, f) for f in sorted(os.listdir(d))
            if f.endswith("-smi.csv") or f == "amd-smi-static.json"]


def litsi_caps(db, d, vendor, scenario, cap0, tdp, older=()):
    """Caps from run @d; the telemetry of the @older runs (directories) lets
    litsi fit each GPU's power-to-clock slope (ingest --run)."""
    for x in (db, db + "-wal", db + "-shm"):
        if os.path.exists(x):
            os.remove(x)
    for i, o in enumerate(older):
        sh([LITSI, "-q", "-d", db, "ingest", "--run", "r%d" % i] + telemetry_files(o))
    files = [os.path.join(d, f) for f in sorted(os.listdir(d)) if f.startswith("rank")]
    sh([LITSI, "-q", "-d", db, "ingest", "--run", "r%d" % len(older)] + files +
       telemetry_files(d))
    out = sh([LITSI, "-d", db, "caps", "--scenario", scenario, "--tdp", str(tdp),
              "--cap", str(cap0), "--format", "tsv"])
    caps, pred = [], None
    sect = None
    for line in out.splitlines():
        if line.startswith("# caps"):
            sect = "caps"
        elif line.startswith("# prediction"):
            sect = "pred"
        elif line and not line.startswith("#"):
            f = line.split("\t")
            if sect == "caps":
                caps.append(int(f[3]))
            elif sect == "pred":
                pred = (float(f[9]), float(f[10]))
    return caps, pred


def oracle(node, d, scenario, base_caps, base_t, base_p, budget):
    """Greedy search with the simulator: move (or, gpu-red, drop) STEP W."""
    STEP = 5
    caps = list(base_caps)
    t, p, clk = node.synth(d, caps[0], caps)
    for _ in range(60):
        fast = max(range(len(caps)), key=lambda g: clk[g])
        slow = min(range(len(caps)), key=lambda g: clk[g])
        trial = list(caps)
        if scenario == "gpu-red":
            trial[fast] -= STEP
        else:
            if trial[slow] + STEP > node.tdp:
                break
            trial[fast] -= STEP
            trial[slow] += STEP
        t2, p2, clk2 = node.synth(d, caps[0], trial)
        ok = t2 <= base_t / 0.995 if scenario == "gpu-red" else t2 < t
        if not ok:
            break
        caps, t, p, clk = trial, t2, p2, clk2
    return t, p


def study(nodes, work):
    rows = []
    for i, node in enumerate(nodes):
        for scenario in ("gpu-realloc", "cpu-slosh", "gpu-red"):
            # gpu-red runs at the part's max limit (750 W MI300X, 700 W H100);
            # gpu-realloc / cpu-slosh at 50 W under it (700 W, 650 W)
            for base_cap in ((node.tdp - 50,) if scenario != "gpu-red" else (node.tdp,)):
                d = os.path.join(work, "n%d" % i)
                cap0 = base_cap if scenario != "gpu-red" else node.tdp - 50
                G = 8
                budget = G * (cap0 + (20 if scenario == "cpu-slosh" else 0))
                bt, bp, _ = node.synth(d, base_cap)
                base_caps = [base_cap] * G
                if scenario == "cpu-slosh":
                    base_caps = [cap0 + 20] * G
                caps, pred = litsi_caps(d + ".db", d, node.vendor, scenario, cap0, node.tdp)
                t1, p1, _ = node.synth(d + "r1", base_cap, caps)
                ot, op = oracle(node, d + "o", scenario, base_caps, bt, bp, budget)
                # the loop: the run under the previous caps is the next recording,
                # the earlier runs' telemetry gives the slopes; three runs in all
                lt, lp, runs = t1, p1, [d, d + "r1"]
                worst = bt / t1  # the lowest measured throughput of any round
                for rnd in (2, 3):
                    caps, lpred = litsi_caps(d + ".db", runs[-1], node.vendor, scenario, cap0,
                                         node.tdp, runs[:-1])
                    lt, lp, _ = node.synth(d + "r%d" % rnd, base_cap, caps)
                    worst = min(worst, bt / lt)
                    runs.append(d + "r%d" % rnd)
                rows.append(dict(node=i, vendor=node.vendor, curve=node.curve,
                                 spread=node.spread, nstrag=len(node.strag),
                                 scenario=scenario, base_cap=base_cap,
                                 pred_s=pred[0], pred_p=pred[1],
                                 meas_s=bt / t1, meas_p=p1 / bp,
                                 oracle_s=bt / ot, oracle_p=op / bp,
                                 loop_s=bt / lt, loop_p=lp / bp,
                                 loop_pred_s=lpred[0], loop_pred_p=lpred[1],
                                 worst_s=worst))
                sys.stderr.write("%d %s %s\n" % (i, scenario, json.dumps(rows[-1])))
                for x in runs + [d + "o"]:
                    shutil.rmtree(x, ignore_errors=True)
    return rows




def share(gain, oracle_gain):
    """The share of the oracle's gain achieved (1 when the oracle gains nothing)."""
    if oracle_gain <= 1e-9:
        return 1.0 if gain >= -1e-9 else 0.0
    return gain / oracle_gain


def summarize(rows):
    out = []
    pct = lambda x: "%.0f%%" % (100 * x)
    out.append("| scenario | subset | nodes | every round: measured >= baseline (gpu-red: S >= 0.995, P <= 1) | share of oracle, 1 round: median (min) | >= 80% | after the loop: median (min) | >= 95% | pred-meas throughput <= 1 pp | pred-meas power <= 1 pp | after the loop: pred-meas throughput / power <= 1 pp |")
    out.append("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for sc in ("gpu-realloc", "cpu-slosh", "gpu-red"):
        for name, f in (("all", lambda r: True),
                        ("linear", lambda r: r["curve"] == "linear"),
                        ("convex", lambda r: r["curve"] == "convex"),
                        ("MI300X", lambda r: r["vendor"] == "amd"),
                        ("H100", lambda r: r["vendor"] == "nvidia")):
            rs = [r for r in rows if r["scenario"] == sc and f(r)]
            if not rs:
                continue
            if sc == "gpu-red":
                ok = [r["worst_s"] >= 0.995 and r["meas_p"] <= 1 + 1e-9 and
                      r["loop_p"] <= 1 + 1e-9 for r in rs]
                sh1 = [share(1 - r["meas_p"], 1 - r["oracle_p"]) if r["meas_s"] >= 0.995 else 0
                       for r in rs]
                shl = [share(1 - r["loop_p"], 1 - r["oracle_p"]) if r["loop_s"] >= 0.995 else 0
                       for r in rs]
            else:
                ok = [r["worst_s"] >= 1 - 1e-9 for r in rs]
                sh1 = [share(r["meas_s"] - 1, r["oracle_s"] - 1) for r in rs]
                shl = [share(r["loop_s"] - 1, r["oracle_s"] - 1) for r in rs]
            dt = [abs(r["pred_s"] - r["meas_s"]) <= 0.01 for r in rs]
            dp = [abs(r["pred_p"] - r["meas_p"]) <= 0.01 for r in rs]
            # the last loop round: its caps predicted from the runs before it,
            # against the initial caps (the baseline)
            lt = [abs(r["loop_pred_s"] - r["loop_s"]) <= 0.01 for r in rs]
            lpw = [abs(r["loop_pred_p"] - r["loop_p"]) <= 0.01 for r in rs]
            med = lambda v: sorted(v)[len(v) // 2]
            out.append("| %s | %s | %d | %s | %s (%s) | %s | %s (%s) | %s | %s | %s | %s / %s |" % (
                sc, name, len(rs), pct(sum(ok) / len(rs)), pct(med(sh1)), pct(min(sh1)),
                pct(sum(s >= 0.8 for s in sh1) / len(rs)), pct(med(shl)), pct(min(shl)),
                pct(sum(s >= 0.95 for s in shl) / len(rs)),
                pct(sum(dt) / len(rs)), pct(sum(dp) / len(rs)),
                pct(sum(lt) / len(rs)), pct(sum(lpw) / len(rs))))
    return "\n".join(out)


def rows_table(rows):
    out = ["| node | part | curve | spread C | stragglers | scenario | baseline W | predicted S / P | measured S / P | oracle S / P | after loop S / P |",
           "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        out.append("| %d | %s | %s | %.1f | %d | %s | %d | %.4f / %.4f | %.4f / %.4f | %.4f / %.4f | %.4f / %.4f |" % (
            r["node"], "MI300X" if r["vendor"] == "amd" else "H100", r["curve"], r["spread"],
            r["nstrag"], r["scenario"], r["base_cap"], r["pred_s"], r["pred_p"], r["meas_s"],
            r["meas_p"], r["oracle_s"], r["oracle_p"], r["loop_s"], r["loop_p"]))
    return "\n".join(out)


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--summary":
        with open(sys.argv[2]) as f:
            rows = json.load(f)
        print(summarize(rows))
        print()
        print(rows_table(rows))
        return
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    out = sys.argv[2] if len(sys.argv) > 2 else "-"
    rnd = random.Random(12)
    nodes = []
    for i in range(n):
        vendor = "amd" if i % 2 == 0 else "nvidia"
        curve = "linear" if (i // 2) % 2 == 0 else "convex"
        spread = 4 + 12 * rnd.random()
        strag = rnd.sample(range(8), 1 + i % 3)
        nodes.append(Node(100 + i, vendor, round(spread, 1), strag, curve))
    work = tempfile.mkdtemp(prefix="litsi-validate.")
    try:
        rows = study(nodes, work)
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
