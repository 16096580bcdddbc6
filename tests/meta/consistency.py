#!/usr/bin/env python3
"""consistency.py: every figure that two outputs of litsi both show is the same
number. For each node database (the sample nodes and the corpus traces), the
report's JSON, the single commands' JSON and check's JSON must agree exactly:
straggler, spreads, S_C(min), per-GPU lead, overlap and telemetry medians,
caps, verdict; and for each run of a database of two runs of one node
(ingest --run), compare's figures = report --run's and thermal --run's.
Prints one line per comparison (ok / notok / skip, tab-separated) that
tests/meta/run.sh turns into TAP.

usage: consistency.py LITSI TMPDIR NAME=PATH[,PATH...] ...
"""
import json
import os
import subprocess
import sys

LITSI, TMP = sys.argv[1], sys.argv[2]
n = 0
failed = 0


def tap(ok, name, why=""):
    """One result line for tests/meta/run.sh: "ok<TAB>name" or "notok<TAB>name<TAB>why"."""
    global n, failed
    n += 1
    if ok:
        print(f"ok\tconsistency: {name}")
    else:
        failed += 1
        why = " / ".join(str(why).splitlines()[:6])
        print(f"notok\tconsistency: {name}\t{why}")


def run(db, *args):
    p = subprocess.run([LITSI, "-d", db, *args], capture_output=True, text=True)
    # check and report: 1 imbalanced, 5 inconclusive (litsi(1) EXIT STATUS)
    if p.returncode not in (0, 1, 5):
        return None
    try:
        return json.loads(p.stdout)
    except ValueError:
        return None


def same(a, b):
    """Exactly equal, NaN/None equal to each other."""
    if a is None or b is None:
        return a is None and b is None
    return a == b


def mean(v):
    return sum(v) / len(v) if v else None


def check_db(name, db):
    rep = run(db, "report", "--format", "json")
    chk = run(db, "check", "--format", "json")
    th = run(db, "thermal", "--format", "json")
    ld = run(db, "lead", "--format", "json")
    md = run(db, "model", "--format", "json", "--baseline-power", "1", "--idle-power", "0")
    tap(all(x is not None for x in (rep, chk, th, ld)), f"{name}: every output is JSON")
    if None in (rep, chk, th, ld):
        return
    rnode = {r["node"]: r for r in rep["nodes"]}
    for c in chk["nodes"]:
        r = rnode.get(c["node"])
        tap(r is not None and same(r["straggler"], c["straggler"])
            and same(r["imbalanced"], c["imbalanced"])
            and same(r["verdict"], c["verdict"]) and same(r["reason"], c["reason"])
            and c["imbalanced"] == (c["verdict"] == "imbalanced")
            and same(r["straggler_share_pct"], c["straggler_share_pct"]),
            f"{name}/{c['node']}: report and check name one straggler and verdict",
            f"report {r and (r['straggler'], r['imbalanced'], r['verdict'])} "
            f"check {(c['straggler'], c['imbalanced'], c['verdict'])}")
    # thermal: one node per document when the database holds one node
    if len(rnode) == 1:
        r = next(iter(rnode.values()))
        sp = th.get("spread", [{}])[0]
        tap(same(sp.get("temp_spread"), r["temp_spread"])
            and same(sp.get("freq_spread"), r["freq_spread"])
            and same(sp.get("spearman_temp_lead"), r["spearman_temp_lead"]),
            f"{name}: thermal and report spreads are the same numbers",
            f"thermal {sp} report {r['temp_spread'], r['freq_spread'], r['spearman_temp_lead']}")
        rules = {x["rule"]: x for x in chk["rules"]}
        for rule, key in (("temp-spread", "temp_spread"), ("freq-spread", "freq_spread")):
            x = rules[rule]
            if x["state"] != "skipped":
                tap(same(x["value"], r[key]), f"{name}: check {rule} = report {key}",
                    f"check {x['value']} report {r[key]}")
        x = rules["straggler"]
        rr = {y["rule"]: y for y in rep.get("rules", [])}.get("straggler")
        if x["state"] != "skipped":
            # the rule's value is the straggler's measured slowdown; S_C(min) stays in its detail
            tap(rr is not None and same(x["value"], rr["value"]) and x["state"] == rr["state"]
                and ("S_C(min)" not in x["detail"]
                     or f"S_C(min) {r['S_C_min']:.3f}" in x["detail"]),
                f"{name}: check straggler rule = report's, S_C(min) = report's",
                f"{x} {rr} {r['S_C_min']}")
        if md is not None and md.get("performance"):
            perf = {p["align"]: p for p in md["performance"]}
            tap(same(perf["min"]["S_C"], r["S_C_min"]), f"{name}: model S_C(min) = report",
                f"{perf['min']['S_C']} {r['S_C_min']}")
            rmodel = {m["align"]: m for m in rep["model"]}
            tap(all(same(perf[a]["S_C"], rmodel[a]["throughput"]) for a in rmodel),
                f"{name}: model throughputs = report")
        # lead: persistent straggler note and per-GPU mean lead
        note = ld.get("persistent_straggler", "")
        dev = int(note.split()[1]) if note.startswith("gpu ") else None
        tap(same(dev, None if r["straggler"] == -1 else r["straggler"]),
            f"{name}: lead's persistent straggler = report's", f"lead '{note}' report {r['straggler']}")
        rg = {g["gpu"]: g for g in rep["gpus"]}
        bad = [(x["gpu"], x[k], rg[x["gpu"]][k]) for x in ld.get("lead_per_step", [])
               for k in ("lead_ms", "lead_pct", "lead_sum_ms") if not same(x[k], rg[x["gpu"]][k])]
        tap(bool(ld.get("lead_per_step")) and not bad,
            f"{name}: lead's per-step and summed leads = report's lead_ms, lead_pct, lead_sum_ms",
            f"{bad[:3]}")
        # telemetry medians per GPU: thermal rows = report gpus rows
        med = {(t["gpu"], t["metric"]): t["median"] for t in th.get("thermal", [])}
        ok = True
        why = ""
        for g in rep["gpus"]:
            for col, metric in (("temp_c", "temp_hotspot_c"), ("clock_mhz", "gfx_clk_mhz"),
                                ("power_w", "power_w")):
                # n/a in the report: readings the verdict could not use
                if g[col] is not None and not same(med.get((g["gpu"], metric)), g[col]):
                    ok = False
                    why = f"gpu {g['gpu']} {metric}: thermal {med.get((g['gpu'], metric))} report {g[col]}"
        tap(ok, f"{name}: thermal medians = report GPU table", why)
    # caps: the caps command's model caps = the report's, per scenario
    for scen in ("gpu-red", "gpu-realloc", "cpu-slosh"):
        cp = run(db, "caps", "--scenario", scen, "--format", "json")
        mine = sorted((c["node"], c["gpu"], c["cap_w"]) for c in rep["caps"] if c["scenario"] == scen)
        theirs = sorted((c["node"], c["gpu"], c["cap_w"]) for c in cp["caps"]) if cp else []
        tap(mine == theirs, f"{name}: caps --scenario {scen} = report", f"{mine[:3]} vs {theirs[:3]}")
        # the prediction of those caps and the part's limits they keep to
        keys = ("S_iter", "power_ratio", "sum_caps_w", "P_n_w", "tdp_w", "initial_cap_w", "min_w")
        mine = sorted((p["node"], *(p[k] for k in keys)) for p in rep["prediction"]
                      if p["scenario"] == scen and p["available"])
        theirs = sorted((p["node"], *(p[k] for k in keys)) for p in cp["prediction"]) if cp else []
        tap(mine == theirs, f"{name}: caps --scenario {scen} prediction and limits = report's",
            f"{mine[:2]} vs {theirs[:2]}")
    # no printed cap outside the part's limits [min limit, TDP], replay included
    lim = {(p["node"], p["scenario"]): (p["min_w"], p["tdp_w"]) for p in rep["prediction"]
           if p["available"]}
    bad = [c for c in rep["caps"] if (c["node"], c["scenario"]) in lim
           and not lim[(c["node"], c["scenario"])][0] <= c["cap_w"] <= lim[(c["node"], c["scenario"])][1]]
    for scen in ("gpu-red", "gpu-realloc", "cpu-slosh"):
        rp = run(db, "caps", "--scenario", scen, "--replay", "--format", "json")
        if rp:
            pl = {p["node"]: (p["min_w"], p["tdp_w"]) for p in rp["prediction"]}
            bad += [c for c in rp["caps"] if not pl[c["node"]][0] <= c["cap_w"] <= pl[c["node"]][1]]
    tap(not bad, f"{name}: every cap (model and replay) within the part's limits", f"{bad[:3]}")
    chk_caps = sorted((c["node"], c["gpu"], c["cap_w"]) for c in chk["recommended_caps"])
    rep_caps = sorted((c["node"], c["gpu"], c["cap_w"]) for c in rep["caps"] if c["scenario"] == "gpu-realloc")
    tap(chk_caps == rep_caps, f"{name}: check's recommended caps = report's gpu-realloc caps")


def check_runs():
    """Two runs of one node at different caps (litsi synth): for each run,
    compare's per-GPU medians, leads, straggler and verdict are report --run's
    and thermal --run's numbers."""
    d = os.path.join(TMP, "runs")
    os.makedirs(d, exist_ok=True)
    db = os.path.join(d, "runs.db")
    made = {"base": ("--straggler", "5", "--power-cap", "700"),
            "next": ("--temp-spread", "1", "--power-cap", "720")}
    for run_name, opts in made.items():
        out = os.path.join(d, run_name)
        p = subprocess.run([LITSI, "-q", "synth", "--layers", "2", "--samples", "4", *opts,
                            "-o", out], capture_output=True, text=True)
        files = sorted(os.path.join(out, f) for f in os.listdir(out)
                       if f.startswith("rank") or f.startswith("amd-smi")) if not p.returncode else []
        q = subprocess.run([LITSI, "-q", "-d", db, "ingest", "--run", run_name, *files],
                           capture_output=True, text=True)
        if p.returncode or q.returncode:
            tap(False, f"runs: synth and ingest of run {run_name}", p.stderr + q.stderr)
            return
    cmp = run(db, "compare", "--format", "json", "base", "next")
    tap(cmp is not None, "runs: compare gives JSON")
    if cmp is None:
        return
    for i, (run_name, suffix) in enumerate((("base", "a"), ("next", "b"))):
        rep = run(db, "report", "--run", run_name, "--format", "json")
        th = run(db, "thermal", "--run", run_name, "--format", "json")
        tap(rep is not None and th is not None, f"runs/{run_name}: report and thermal --run give JSON")
        if rep is None or th is None:
            continue
        row = cmp["runs"][i]
        r = rep["nodes"][0]
        tap(row["run"] == run_name and same(row["straggler"], None if r["straggler"] == -1 else r["straggler"])
            and same(row["verdict"], r["verdict"]) and same(row["reason"], r["reason"]),
            f"runs/{run_name}: compare's straggler and verdict = report --run's",
            f"compare {row['straggler'], row['verdict'], row['reason']} "
            f"report {r['straggler'], r['verdict'], r['reason']}")
        med = {(t["gpu"], t["metric"]): t["median"] for t in th.get("thermal", [])}
        rg = {g["gpu"]: g for g in rep["gpus"]}
        ok, why, power = True, "", 0.0
        for g in cmp["gpus"]:
            for col, metric, rcol in (("clk", "gfx_clk_mhz", "clock_mhz"),
                                      ("temp", "temp_hotspot_c", "temp_c"),
                                      ("power", "power_w", "power_w")):
                unit = {"clk": "mhz", "temp": "c", "power": "w"}[col]
                v = g[f"{col}_{suffix}_{unit}"]
                if not same(v, med.get((g["gpu"], metric))) or not same(v, rg[g["gpu"]][rcol]):
                    ok = False
                    why = (f"gpu {g['gpu']} {metric}: compare {v} thermal "
                           f"{med.get((g['gpu'], metric))} report {rg[g['gpu']][rcol]}")
            power += med.get((g["gpu"], "power_w")) or 0.0
        tap(ok, f"runs/{run_name}: compare's per-GPU medians = thermal --run = report --run", why)
        bad = [(g["gpu"], g[ck], rg[g["gpu"]][rk]) for g in cmp["gpus"]
               for ck, rk in ((f"lead_sum_{suffix}_ms", "lead_sum_ms"),
                              (f"lead_{suffix}_ms", "lead_ms"), (f"lead_{suffix}_pct", "lead_pct"))
               if g[ck] is None or rg[g["gpu"]][rk] is None
               or abs(g[ck] - rg[g["gpu"]][rk]) > 5e-4]
        tap(not bad, f"runs/{run_name}: compare's per-GPU leads (per step, %, summed) = "
            "report --run's lead_ms, lead_pct, lead_sum_ms", f"{bad[:3]}")
        tap(abs(row["node_power_w"] - power) < 1e-6,
            f"runs/{run_name}: compare's node power = the sum of thermal --run's power medians",
            f"{row['node_power_w']} {power}")
    tap(cmp["runs"][0]["verdict"] != cmp["runs"][1]["verdict"],
        "runs: the two runs' verdicts differ (imbalanced, then balanced)")


for spec in sys.argv[3:]:
    name, paths = spec.split("=", 1)
    paths = [p for p in paths.split(",") if os.path.exists(p)]
    if not paths:
        print(f"skip\tconsistency: {name}\tinput absent (../shared/corpus or sample-traces)")
        continue
    db = os.path.join(TMP, name.replace("/", "_") + ".db")
    p = subprocess.run([LITSI, "-q", "-d", db, "ingest", *paths], capture_output=True, text=True)
    if p.returncode not in (0,):
        tap(False, f"{name}: ingest", p.stderr)
        continue
    check_db(name, db)
check_runs()
