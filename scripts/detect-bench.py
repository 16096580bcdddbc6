#!/usr/bin/env python3
"""detect-bench.py: the labelled straggler benchmark (VALIDATION.md).

Generates nodes with `litsi synth` (one cause on one GPU, or none), ingests
each into its own database, runs `litsi check --format json` and scores the
verdict against truth.json: detection (the faulty GPU named as the straggler),
attribution (the cause named), false alarms on healthy nodes, inconclusive
rate, and the smallest slowdown detected at 95%.

  LITSI=build/litsi python3 scripts/detect-bench.py [--small] [--jobs N]
        [--nodes N] [--healthy N] [--out FILE.json]
  python3 scripts/detect-bench.py --summary FILE.json

Seeds are split: even seeds are the tuning half (the defaults of litsi check
were chosen on them), odd seeds the reporting half; the summary reports the
reporting half, and the tuning half beside it. --small: a few dozen nodes,
exit 1 on a false alarm or a wrong cause (make check).
"""
import json
import os
import random
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

LITSI = os.environ.get("LITSI", "build/litsi")
CAUSES = ["thermal", "clock", "cap", "work", "link", "host"]
EXPECT = {"thermal": "thermal", "clock": "clock-limit", "cap": "power-limit",
          "work": "workload", "link": "communication", "host": "host"}
# causes whose evidence is telemetry (the clock: a slower clock or the same one with
# longer kernels): without it the right answer is "unknown"
NEEDS_TELEMETRY = {"thermal", "clock", "cap", "work"}
SEVERITIES = [1, 2, 3, 5, 8, 12]
SAMPLES = [1, 2, 3, 5, 10, 20, 50]
TELEMETRY = ["nvidia-smi", "nvidia-smi-100ms", "amd-smi", "none"]
PART = {  # cap-limited clock and constants of the two modelled parts (litsi-synth(1))
    "amd-smi": dict(f=2090.0, idle=140.0, cap=750.0, fmin=1200.0),
    "nvidia-smi": dict(f=1970.0, idle=90.0, cap=700.0, fmin=1100.0),
}
BETA = 0.0045


def fault_args(cause, sev, gpu, tel):
    """synth options that slow GPU @gpu by about @sev percent through @cause."""
    part = PART["amd-smi" if tel == "amd-smi" else "nvidia-smi"]
    s = sev / 100.0
    if cause == "thermal":  # leakage at the cap: f ~ 1 / (1 + beta dT)
        dt = min(40.0, s / ((1 - s) * BETA))
        return ["--straggler", str(gpu), "--temp-spread", "%.2f" % dt]
    base = ["--temp-spread", "0"]
    if cause == "clock":
        return base + ["--fault", "%d:clock=%.0f" % (gpu, max(part["fmin"], part["f"] * (1 - s)))]
    if cause == "cap":
        return base + ["--fault", "%d:cap=%.0f" % (gpu, part["idle"] + (part["cap"] - part["idle"]) * (1 - s))]
    if cause == "work":
        return base + ["--fault", "%d:work=%g" % (gpu, sev)]
    if cause == "link":  # a collective's transfer is about a tenth of a layer's compute
        return base + ["--fault", "%d:link=%g" % (gpu, 10 * sev)]
    if cause == "host":
        return base + ["--fault", "%d:host=%g" % (gpu, sev)]
    raise ValueError(cause)


def make_node(seed, healthy):
    """The parameters of node @seed: deterministic, so a seed is one node everywhere."""
    rnd = random.Random(seed * 7919 + (1 if healthy else 0))
    gpus = rnd.choice([4, 8])
    node = dict(seed=seed, healthy=healthy, gpus=gpus,
                samples=rnd.choice(SAMPLES), tel=rnd.choice(TELEMETRY),
                jitter=round(rnd.uniform(0, 1.5), 2), drift=round(rnd.uniform(-6, 6), 1),
                slot=round(rnd.uniform(0, 3), 1), noise=round(rnd.uniform(0.5, 2), 2),
                cause=None, sev=0, gpu=-1)
    if not healthy:
        node.update(cause=rnd.choice(CAUSES), sev=rnd.choice(SEVERITIES),
                    gpu=rnd.randrange(gpus))
    return node


def run_node(node, tmp):
    d = os.path.join(tmp, "n%d%s" % (node["seed"], "h" if node["healthy"] else "f"))
    tel = node["tel"]
    args = [LITSI, "-q", "synth", "--gpus", str(node["gpus"]), "--samples", str(node["samples"]),
            "--layers", "2", "--seed", str(node["seed"]), "--jitter", str(node["jitter"]),
            "--drift", str(node["drift"]), "--slot", str(node["slot"]),
            "--noise", str(node["noise"])]
    if tel == "none":
        args += ["--telemetry", "none"]
    elif tel == "amd-smi":
        args += ["--telemetry", "amd-smi"]
    else:
        args += ["--telemetry", "nvidia-smi", "--reasons"]
        if tel == "nvidia-smi-100ms":
            args += ["--tick", "100"]
    if node["healthy"]:
        args += ["--temp-spread", "0"]
    else:
        args += fault_args(node["cause"], node["sev"], node["gpu"], tel)
    args += ["-o", d]
    subprocess.run(args, check=True)
    files = sorted(os.path.join(d, f) for f in os.listdir(d) if f.startswith("rank"))
    for f in ("nvidia-smi.csv", "amd-smi.csv", "amd-smi-static.json"):
        if os.path.exists(os.path.join(d, f)):
            files.append(os.path.join(d, f))
    env = dict(os.environ, LITSI_DB=d + ".db")
    subprocess.run([LITSI, "-q", "ingest", "--tz", "UTC"] + files, check=True, env=env)
    out = subprocess.run([LITSI, "check", "--format", "json"], env=env,
                         stdout=subprocess.PIPE, check=False).stdout
    res = json.loads(out)
    nd = res["nodes"][0]
    rule = [r for r in res["rules"] if r["rule"] == "straggler"][0]
    for f in files:
        os.remove(f)
    os.remove(d + ".db")
    return dict(node, verdict=nd["verdict"], straggler=nd["straggler"], cause_named=nd["cause"],
                rule=rule["state"], value=rule["value"])


def score(r):
    """Outcome of one node: detected, attribution right/unknown/wrong, false alarm."""
    named = r["rule"] == "fired" and r["cause_named"] is not None
    if r["healthy"]:
        return dict(false_alarm=named or r["verdict"] == "imbalanced",
                    inconclusive=r["verdict"] == "inconclusive")
    detected = named and r["straggler"] == r["gpu"]
    want = EXPECT[r["cause"]]
    evidence = not (r["cause"] in NEEDS_TELEMETRY and r["tel"] == "none")
    got = r["cause_named"] if detected else None
    return dict(detected=detected, evidence=evidence,
                right=detected and (got == want if evidence else got == "unknown"),
                wrong=detected and got not in (want, "unknown"),
                unknown=detected and got == "unknown",
                wrong_gpu=named and r["straggler"] != r["gpu"],
                inconclusive=r["verdict"] == "inconclusive")


def pct(a, b):
    return "%5.1f%%" % (100.0 * a / b) if b else "   - "


def summary(rows, title):
    lines = ["## %s" % title, ""]
    faulty = [r for r in rows if not r["healthy"]]
    healthy = [r for r in rows if r["healthy"]]
    judged = [r for r in faulty if r["samples"] >= 3]
    lines.append("faulty nodes: %d (%d with 3+ samples, the straggler rule's minimum); "
                 "healthy nodes: %d" % (len(faulty), len(judged), len(healthy)))
    lines.append("")
    lines.append("detection (straggler named) by cause and slowdown, nodes with 3+ samples:")
    lines.append("")
    lines.append("| cause | " + " | ".join("%d%%" % s for s in SEVERITIES) + " | all |")
    lines.append("|---" * (len(SEVERITIES) + 2) + "|")
    for c in CAUSES:
        cells = []
        for s in SEVERITIES + [None]:
            sel = [r for r in judged if r["cause"] == c and (s is None or r["sev"] == s)]
            d = sum(score(r)["detected"] for r in sel)
            cells.append("%d/%d" % (d, len(sel)))
        lines.append("| %s | %s |" % (c, " | ".join(cells)))
    lines.append("")
    big = [r for r in judged if r["sev"] >= 3]
    det_big = sum(score(r)["detected"] for r in big)
    lines.append("detection, slowdown >= 3%%: %d/%d = %s" % (det_big, len(big), pct(det_big, len(big))))
    small = 0
    for s in sorted(SEVERITIES, reverse=True):
        sel = [r for r in judged if r["sev"] >= s]
        if sel and sum(score(r)["detected"] for r in sel) >= 0.95 * len(sel):
            small = s
        else:
            break
    lines.append("smallest slowdown detected at 95%% (every severity from it up): %s"
                 % ("%d%%" % small if small else "none"))
    det = [r for r in faulty if score(r)["detected"]]
    ev = [r for r in det if score(r)["evidence"]]
    noev = [r for r in det if not score(r)["evidence"]]
    lines.append("attribution where the evidence exists: %d/%d right = %s, %d wrong cause, %d unknown"
                 % (sum(score(r)["right"] for r in ev), len(ev),
                    pct(sum(score(r)["right"] for r in ev), len(ev)),
                    sum(score(r)["wrong"] for r in ev), sum(score(r)["unknown"] for r in ev)))
    lines.append("attribution without telemetry for thermal/clock/cap/work (unknown is right): %d/%d "
                 "unknown, %d wrong cause" % (sum(score(r)["unknown"] for r in noev), len(noev),
                                              sum(score(r)["wrong"] for r in noev)))
    lines.append("")
    lines.append("| cause | detected | right | unknown | wrong cause | wrong GPU |")
    lines.append("|---|---|---|---|---|---|")
    for c in CAUSES:
        sel = [r for r in faulty if r["cause"] == c]
        sc = [score(r) for r in sel]
        lines.append("| %s | %d/%d | %d | %d | %d | %d |" % (
            c, sum(x["detected"] for x in sc), len(sel), sum(x["right"] for x in sc),
            sum(x["unknown"] for x in sc), sum(x["wrong"] for x in sc),
            sum(x["wrong_gpu"] for x in sc)))
    fa = sum(score(r)["false_alarm"] for r in healthy)
    inc = sum(score(r)["inconclusive"] for r in healthy)
    lines.append("")
    lines.append("healthy nodes (jitter 0-1.5 C, drift -6..6 C, slot 0-3 C, noise 0.5-2x): "
                 "false alarms %d/%d = %s; inconclusive %d (%s)" % (
                     fa, len(healthy), pct(fa, len(healthy)), inc, pct(inc, len(healthy))))
    inc_f = sum(score(r)["inconclusive"] for r in faulty)
    lines.append("faulty nodes inconclusive (cause named but not thermal, or not judged): %d/%d"
                 % (inc_f, len(faulty)))
    by_samples = []
    for n in SAMPLES:
        sel = [r for r in faulty if r["samples"] == n and r["sev"] >= 3]
        by_samples.append("%d: %d/%d" % (n, sum(score(r)["detected"] for r in sel), len(sel)))
    lines.append("detection (slowdown >= 3%%) by samples: %s" % ", ".join(by_samples))
    by_tel = []
    for t in TELEMETRY:
        sel = [r for r in faulty if r["tel"] == t and r["sev"] >= 3 and r["samples"] >= 3]
        by_tel.append("%s: %d/%d" % (t, sum(score(r)["detected"] for r in sel), len(sel)))
    lines.append("detection (slowdown >= 3%%, 3+ samples) by telemetry: %s" % ", ".join(by_tel))
    return "\n".join(lines) + "\n"


def main():
    argv = sys.argv[1:]
    if argv[:1] == ["--summary"]:
        rows = json.load(open(argv[1]))
        print(summary([r for r in rows if r["seed"] % 2], "reporting half (odd seeds)"))
        print(summary([r for r in rows if not r["seed"] % 2], "tuning half (even seeds)"))
        return 0
    small = "--small" in argv
    jobs = int(argv[argv.index("--jobs") + 1]) if "--jobs" in argv else 2
    nf = int(argv[argv.index("--nodes") + 1]) if "--nodes" in argv else (24 if small else 560)
    nh = int(argv[argv.index("--healthy") + 1]) if "--healthy" in argv else (12 if small else 240)
    out = argv[argv.index("--out") + 1] if "--out" in argv else None
    nodes = [make_node(s, False) for s in range(1, nf + 1)]
    nodes += [make_node(s, True) for s in range(1, nh + 1)]
    if small:  # every cause at an obvious slowdown with telemetry, enough samples
        for i, n in enumerate(nodes):
            if not n["healthy"]:
                n.update(cause=CAUSES[i % len(CAUSES)], sev=8, samples=5,
                         tel=["nvidia-smi", "amd-smi"][(i // len(CAUSES)) % 2])
            else:
                n.update(samples=5)
    with tempfile.TemporaryDirectory(prefix="litsi-detect.") as tmp:
        with ThreadPoolExecutor(max_workers=jobs) as ex:
            rows = list(ex.map(lambda n: run_node(n, tmp), nodes))
    if out:
        with open(out, "w") as f:
            json.dump(rows, f, indent=0)
    if small:
        bad = 0
        for r in rows:
            sc = score(r)
            if r["healthy"] and sc["false_alarm"]:
                print("false alarm: seed %d: %s" % (r["seed"], r["verdict"]))
                bad += 1
            if not r["healthy"] and not sc["right"]:
                print("not right: seed %d cause %s gpu %d: named gpu %s cause %s (%s)" % (
                    r["seed"], r["cause"], r["gpu"], r["straggler"], r["cause_named"],
                    r["verdict"]))
                bad += 1
        print("detect-bench small: %d nodes, %d wrong" % (len(rows), bad))
        return 1 if bad else 0
    print(summary([r for r in rows if r["seed"] % 2], "reporting half (odd seeds)"))
    print(summary([r for r in rows if not r["seed"] % 2], "tuning half (even seeds)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
