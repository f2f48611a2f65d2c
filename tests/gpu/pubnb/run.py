#!/usr/bin/env python3
"""run.py — runs real public CuPy notebooks (tests/gpu/pubnb/data/, see
collect.py and SOURCES.txt) unchanged under a reference kernel (ipykernel
with CuPy; in host mode CPython with NumPy dressed as CuPy, fakecupy/) and
under the Lumen kernel, and counts: cells that run without error under the
reference, of those the cells that run under Lumen, and the errors Lumen gave
them, by name.  One kernel per notebook and kernel kind, code cells in
order, a per-cell timeout; notebooks run in parallel (--jobs).  The table
gives the share twice: over every cell ok under the reference, and without
the cells that fail outside the subset (outside_cells: an import of a
package LANGUAGE.md leaves out, or a NameError of a name only such a failed
cell would have bound), and lists the failures inside the subset by cause.

  on the GPU machine: sh tests/gpu/pubnb.sh  (the bundle's kernel, the wheels)
  here (host mode):   .venv/bin/python3 tests/gpu/pubnb/run.py --host \\
                        --lumen-kernel build/lumen-kernel --jobs 2

Writes OUT/results.json (every cell's outcome under both kernels) and
OUT/table.txt (the table it prints).  --table RESULTS.json prints the table of
an earlier run; --compare OLD.json NEW.json shows what changed.
"""
import argparse
import concurrent.futures as cf
import json
import os
import queue
import shutil
import sys
import tempfile
import time
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.abspath(os.path.join(HERE, "..", "..", ".."))


def notebooks(data, only):
    out = []
    for root, dirs, files in os.walk(data):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for f in sorted(files):
            if f.endswith(".ipynb") and ".ipynb_checkpoints" not in root:
                rel = os.path.relpath(os.path.join(root, f), data)
                if not only or any(o in rel for o in only):
                    out.append(rel)
    return out


def code_cells(path):
    with open(path, encoding="utf-8") as f:
        nb = json.load(f)
    cells = []
    for c in nb.get("cells", []):
        if c.get("cell_type") == "code":
            s = c.get("source", "")
            cells.append("".join(s) if isinstance(s, list) else s)
    return cells


def first_line(s, n=160):
    s = (s or "").strip().splitlines()
    s = s[0] if s else ""
    return s[:n]


def tail(path):
    try:
        with open(path, "rb") as f:
            lines = [ln for ln in f.read().decode("utf-8", "replace").splitlines()
                     if ln.strip() and "without encryption" not in ln]
        return first_line(lines[-1] if lines else "(nothing on stderr)")
    except OSError:
        return ""


def run_book(task):
    """One notebook under one kernel: a list of outcomes, one per code cell
    ("ok", or [ename, evalue]), and the seconds it took."""
    rel, kind, a = task["rel"], task["kind"], task["args"]
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import KernelManager

    src = os.path.join(a["data"], rel)
    cells = code_cells(src)
    work = tempfile.mkdtemp(prefix="pubnb-")
    t0 = time.time()
    outcomes = []
    km = None
    errlog = None
    try:
        # the notebook's own folder (its small helper files) is the cwd
        cwd = os.path.join(work, "nb")
        shutil.copytree(os.path.dirname(src), cwd, ignore=shutil.ignore_patterns("*.ipynb"),
                        dirs_exist_ok=True)
        spec_dir = os.path.join(work, "kernels", "k")
        os.makedirs(spec_dir)
        argv = a["ref_argv"] if kind == "ref" else [a["lumen_kernel"]]
        with open(os.path.join(spec_dir, "kernel.json"), "w") as f:
            json.dump({"argv": argv + ["-f", "{connection_file}"], "display_name": kind,
                       "language": "python", "interrupt_mode": "signal"}, f)
        env = dict(os.environ)
        for k in list(env):
            if k.startswith("JPY_"):
                del env[k]
        env.update(a["ref_env"] if kind == "ref" else a["lumen_env"])
        env["HOME"] = os.environ.get("HOME", work)
        ksm = KernelSpecManager(kernel_dirs=[os.path.join(work, "kernels")])
        km = KernelManager(kernel_name="k", kernel_spec_manager=ksm)
        errlog = open(os.path.join(work, "stderr"), "wb")
        km.start_kernel(env=env, cwd=cwd, stderr=errlog, stdout=errlog)
        kc = km.client()
        kc.start_channels()
        kc.wait_for_ready(timeout=120)
        deadline = t0 + a["nb_timeout"]
        died = ""
        for code in cells:
            if time.time() > deadline:
                outcomes.append(["NotebookTimeout", "the notebook ran past %d s" % a["nb_timeout"]])
                continue
            if not km.is_alive():
                if not died:
                    died = tail(os.path.join(work, "stderr"))
                outcomes.append(["KernelDied", "the kernel died in an earlier cell: " + died])
                continue
            errs = []

            def hook(msg):
                if msg["msg_type"] == "error":
                    errs.append([msg["content"].get("ename", "?"),
                                 first_line(msg["content"].get("evalue", ""))])
            try:
                reply = kc.execute_interactive(code, timeout=a["cell_timeout"], allow_stdin=False,
                                               output_hook=hook, store_history=True)
                c = reply["content"]
                if c.get("status") == "ok" and not errs:
                    outcomes.append("ok")
                elif errs:
                    outcomes.append(errs[0])
                else:
                    outcomes.append([c.get("ename") or c.get("status", "?"),
                                     first_line(c.get("evalue", ""))])
            except TimeoutError:
                outcomes.append(["CellTimeout", "ran past %d s" % a["cell_timeout"]])
                # interrupt; if the kernel does not come back, restart it
                try:
                    km.interrupt_kernel()
                    end = time.time() + 30
                    idle = False
                    while time.time() < end and not idle:
                        try:
                            m = kc.get_iopub_msg(timeout=1)
                            idle = (m["msg_type"] == "status"
                                    and m["content"].get("execution_state") == "idle")
                        except queue.Empty:
                            pass
                    while True:  # drop the late reply
                        try:
                            kc.get_shell_msg(timeout=0.5)
                        except queue.Empty:
                            break
                    if not idle:
                        km.restart_kernel(now=True)
                        kc.wait_for_ready(timeout=60)
                except Exception:
                    pass
            except Exception as e:  # a dead kernel, a lost channel
                outcomes.append(["KernelDied", first_line("%s: %s" % (type(e).__name__, e))])
        kc.stop_channels()
    except Exception as e:
        note = ["KernelStart", first_line("%s: %s" % (type(e).__name__, e))]
        outcomes += [note] * (len(cells) - len(outcomes))
    finally:
        if km is not None:
            try:
                km.shutdown_kernel(now=True)
            except Exception:
                pass
        if errlog is not None:
            errlog.close()
        shutil.rmtree(work, ignore_errors=True)
    return {"rel": rel, "kind": kind, "outcomes": outcomes, "seconds": time.time() - t0}


# What counts as "outside the subset" (LANGUAGE.md): a module whose top-level
# package is neither the standard library nor one the subset names (NumPy,
# CuPy, cupyx, SciPy, matplotlib, mpi4py, IPython's display).  So pandas,
# cudf, numba, torch, jax, PIL, sklearn, nvmath, tqdm, networkx ... are
# outside; a standard module Lumen lacks (subprocess) and a submodule or name
# of a subset package Lumen lacks (scipy.stats, cupyx.scipy.sparse,
# matplotlib.colors.ListedColormap) are failures inside the subset.
SUBSET_PACKAGES = {"numpy", "cupy", "cupyx", "cupy_backends", "scipy", "matplotlib", "mpi4py", "IPython"}


def outside_module(mod):
    top = mod.split(".")[0]
    if not top or top in SUBSET_PACKAGES:
        return False
    return top not in getattr(sys, "stdlib_module_names", ())


def failed_module(ename, evalue):
    """The module an import error names, or None."""
    import re
    if ename == "ModuleNotFoundError":
        m = re.search(r"No module named '([\w.]+)'", evalue)
        return m.group(1) if m else None
    if ename == "ImportError":
        m = re.search(r"from '([\w.]+)'", evalue) or re.search(r"No module named '([\w.]+)'", evalue)
        return m.group(1) if m else None
    return None


def parse_cell(code):
    """The cell's top-level statements (ast), IPython's ! and % lines read
    as `pass`; None when it still does not parse."""
    import ast
    lines = []
    for ln in code.splitlines():
        st = ln.lstrip()
        if st.startswith(("!", "%")):
            ln = ln[:len(ln) - len(st)] + "pass"
        elif st.endswith("?") and not st.startswith("#"):
            ln = ln[:len(ln) - len(st)] + "pass"
        lines.append(ln)
    try:
        return ast.parse("\n".join(lines)).body
    except SyntaxError:
        return None


def bound_names(stmts):
    """The names statements bind at the notebook's top level (not inside a
    def's or class's body)."""
    import ast
    out = set()

    def walk(node):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
            return
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for al in node.names:
                out.add(al.asname or al.name.split(".")[0])
            return
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            out.add(node.id)
        if isinstance(node, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            return
        for ch in ast.iter_child_nodes(node):
            walk(ch)
    for st in stmts:
        walk(st)
    return out


def first_stmt(stmts, pred):
    """The index of the first top-level statement with a node for which
    pred holds (0 when none does)."""
    import ast
    for i, st in enumerate(stmts):
        if any(pred(n) for n in ast.walk(st)):
            return i
    return 0


def outside_cells(cells, lumen):
    """Per notebook: {cell index: reason} for the cells whose Lumen failure is
    outside the subset -- an import of an outside module (see outside_module),
    or a NameError of a name that an earlier cell failed to bind for that
    reason (the failed import's names, and every name the rest of that cell
    would have bound: the cell stopped there)."""
    import ast
    tainted = {}   # name -> the outside module it waits for
    out = {}
    for i, o in enumerate(lumen):
        if o == "ok" or i >= len(cells):
            continue
        ename, evalue = o[0], o[1]
        stmts = parse_cell(cells[i])
        why = None
        at = 0
        mod = failed_module(ename, evalue)
        if mod and outside_module(mod):
            why = mod.split(".")[0]
            top = why

            def imports(n):
                if isinstance(n, ast.Import):
                    return any(al.name.split(".")[0] == top for al in n.names)
                return isinstance(n, ast.ImportFrom) and (n.module or "").split(".")[0] == top
            if stmts is not None:
                at = first_stmt(stmts, imports)
        elif ename == "NameError":
            import re
            m = re.search(r"name '(\w+)' is not defined", evalue)
            if m and m.group(1) in tainted:
                name = m.group(1)
                why = tainted[name]
                if stmts is not None:
                    at = first_stmt(stmts, lambda n: isinstance(n, ast.Name) and n.id == name
                                    and isinstance(n.ctx, ast.Load))
        if why is None:
            continue
        out[i] = why
        if stmts is not None:
            for nm in bound_names(stmts[at:]):
                tainted.setdefault(nm, why)
    return out


def table(results, show=0, width=64, data=None):
    lines = []
    tot_cells = tot_ref = tot_both = tot_out = 0
    names = Counter()
    messages = Counter()
    inside = Counter()
    outside_by = Counter()
    direct = Counter()
    lines.append("%-*s %5s %5s %5s %6s %5s %6s  %s" % (width, "notebook", "cells", "ref", "lumen", "share",
                                                       "out", "share'", "Lumen's errors (cells ok under ref)"))
    for rel in sorted(results):
        r = results[rel]
        ref, lum = r.get("ref", []), r.get("lumen", [])
        n = max(len(ref), len(lum))
        cells = []
        if data and os.path.exists(os.path.join(data, rel)):
            cells = code_cells(os.path.join(data, rel))
        outside = outside_cells(cells, lum) if cells else {}
        ok_ref = [i for i, o in enumerate(ref) if o == "ok"]
        both = [i for i in ok_ref if i < len(lum) and lum[i] == "ok"]
        n_out = 0
        errs = Counter()
        for i in ok_ref:
            if i < len(lum) and lum[i] != "ok":
                errs[lum[i][0]] += 1
                msg = "%s: %s" % (lum[i][0], lum[i][1])
                messages[msg] += 1
                if i in outside:
                    n_out += 1
                    outside_by[outside[i]] += 1
                else:
                    inside[msg] += 1
        for o in lum:
            if o != "ok":
                direct[o[0]] += 1
        names.update(errs)
        tot_cells += n
        tot_ref += len(ok_ref)
        tot_both += len(both)
        tot_out += n_out
        share = "%5.1f%%" % (100.0 * len(both) / len(ok_ref)) if ok_ref else "    - "
        share2 = ("%5.1f%%" % (100.0 * len(both) / (len(ok_ref) - n_out))
                  if len(ok_ref) > n_out else "    - ")
        name = rel if len(rel) <= width else "…" + rel[-(width - 1):]
        lines.append("%-*s %5d %5d %5d %6s %5d %6s  %s" % (width, name, n, len(ok_ref), len(both), share,
                                                           n_out, share2,
                                                           ", ".join("%s %d" % kv for kv in errs.most_common(4))))
    share = "%5.1f%%" % (100.0 * tot_both / tot_ref) if tot_ref else "-"
    share2 = "%5.1f%%" % (100.0 * tot_both / (tot_ref - tot_out)) if tot_ref > tot_out else "-"
    lines.append("%-*s %5d %5d %5d %6s %5d %6s" % (width, "TOTAL (%d notebooks)" % len(results), tot_cells,
                                                   tot_ref, tot_both, share, tot_out, share2))
    lines.append("")
    lines.append("share: of the cells ok under the reference, those ok under Lumen: %d/%d = %s"
                 % (tot_both, tot_ref, share.strip()))
    lines.append("share': the same without the %d cells that fail outside the subset "
                 "(an import of a package LANGUAGE.md leaves out, or a name only it would have bound): "
                 "%d/%d = %s" % (tot_out, tot_both, tot_ref - tot_out, share2.strip()))
    if not data:
        lines.append("(no notebooks' sources: nothing classified as outside the subset)")
    lines.append("")
    lines.append("Outside the subset (cells ok under the reference), by package:")
    for k, v in outside_by.most_common():
        lines.append("  %5d  %s" % (v, k))
    lines.append("Inside the subset, Lumen's failures (cells ok under the reference), by cause:")
    for k, v in inside.most_common(show or None):
        lines.append("  %5d  %s" % (v, k))
    lines.append("")
    lines.append("Lumen's errors in cells that run under the reference, by count:")
    for k, v in names.most_common():
        lines.append("  %5d  %s" % (v, k))
    lines.append("Lumen's errors over all %d cells, by count:" % tot_cells)
    for k, v in direct.most_common(20):
        lines.append("  %5d  %s" % (v, k))
    if show:
        lines.append("")
        lines.append("Most frequent messages (cells ok under the reference):")
        for k, v in messages.most_common(show):
            lines.append("  %5d  %s" % (v, k))
    return "\n".join(lines)


def compare(old, new):
    lines = []
    for rel in sorted(set(old) | set(new)):
        o, n = old.get(rel, {}), new.get(rel, {})
        ref = n.get("ref") or o.get("ref") or []
        lo, ln = o.get("lumen", []), n.get("lumen", [])
        for i, r in enumerate(ref):
            if r != "ok":
                continue
            a = lo[i] if i < len(lo) else None
            b = ln[i] if i < len(ln) else None
            if (a == "ok") != (b == "ok"):
                lines.append("%s %s cell %d: %s" % ("+" if b == "ok" else "-", rel, i,
                                                    "ok" if b == "ok" else "%s: %s" % tuple(b or ["?", ""])))
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description="public CuPy notebooks under ipykernel+CuPy and Lumen")
    ap.add_argument("--data", default=os.path.join(HERE, "data"))
    ap.add_argument("--only", nargs="*", default=[], help="notebooks whose path contains one of these")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--cell-timeout", type=int, default=60)
    ap.add_argument("--nb-timeout", type=int, default=240, help="seconds a notebook may take in all")
    ap.add_argument("--host", action="store_true",
                    help="no GPU: reference = CPython with fakecupy/, Lumen with LUMEN_DEVICE=host")
    ap.add_argument("--ref-python", default=sys.executable, help="python with ipykernel (and CuPy)")
    ap.add_argument("--lumen-kernel", default=os.path.join(TOP, "build", "lumen-kernel"))
    ap.add_argument("--which", choices=["both", "ref", "lumen"], default="both")
    ap.add_argument("--reuse-ref", help="results.json whose reference outcomes to keep (--which lumen)")
    ap.add_argument("--out", default=os.environ.get("OUT", "/tmp/pubnb-out"))
    ap.add_argument("--show", type=int, default=40, help="most frequent error messages to list")
    ap.add_argument("--table", help="print the table of this results.json and stop")
    ap.add_argument("--compare", nargs=2, metavar=("OLD", "NEW"), help="cells that changed")
    a = ap.parse_args()

    if a.table:
        print(table(json.load(open(a.table)), a.show, data=a.data))
        return 0
    if a.compare:
        print(compare(json.load(open(a.compare[0])), json.load(open(a.compare[1]))))
        return 0

    books = notebooks(a.data, a.only)
    if not books:
        print("run.py: no notebooks under %s (tests/gpu/pubnb/collect.py)" % a.data, file=sys.stderr)
        return 2
    ref_env = {"PYTHONUNBUFFERED": "1"}
    lumen_env = {}
    if a.host:
        fake = os.path.join(HERE, "fakecupy")
        ref_env["PYTHONPATH"] = fake + (":" + os.environ["PYTHONPATH"] if os.environ.get("PYTHONPATH") else "")
        lumen_env["LUMEN_DEVICE"] = "host"
    args = {"data": os.path.abspath(a.data), "cell_timeout": a.cell_timeout, "nb_timeout": a.nb_timeout,
            "ref_argv": [os.path.abspath(a.ref_python) if os.sep in a.ref_python else a.ref_python,
                         "-m", "ipykernel_launcher"],
            "lumen_kernel": os.path.abspath(a.lumen_kernel), "ref_env": ref_env, "lumen_env": lumen_env}
    kinds = ["ref", "lumen"] if a.which == "both" else [a.which]
    results = {rel: {} for rel in books}
    if a.reuse_ref:
        old = json.load(open(a.reuse_ref))
        for rel in books:
            if rel in old and "ref" in old[rel]:
                results[rel]["ref"] = old[rel]["ref"]
    # the biggest notebooks first, so that the pool ends together
    tasks = [{"rel": rel, "kind": k, "args": args} for rel in books for k in kinds]
    tasks.sort(key=lambda t: -len(code_cells(os.path.join(a.data, t["rel"]))))
    os.makedirs(a.out, exist_ok=True)
    t0 = time.time()
    with cf.ProcessPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        for r in pool.map(run_book, tasks):
            results[r["rel"]][r["kind"]] = r["outcomes"]
            results[r["rel"]].setdefault("seconds", {})[r["kind"]] = round(r["seconds"], 1)
            ok = sum(o == "ok" for o in r["outcomes"])
            print("# %-6s %3d/%-3d ok %6.1f s  %s" % (r["kind"], ok, len(r["outcomes"]), r["seconds"],
                                                      r["rel"]), flush=True)
            # after every notebook, so a run cut short by a time limit keeps what it measured
            with open(os.path.join(a.out, "results.json"), "w") as f:
                json.dump(results, f, indent=0)
    text = table(results, a.show, data=a.data)
    text += "\n\n# %d notebooks, %s, %.0f s with --jobs %d\n" % (
        len(books), "host mode" if a.host else "GPU", time.time() - t0, a.jobs)
    with open(os.path.join(a.out, "table.txt"), "w") as f:
        f.write(text)
    print(text)
    bad = sorted({"%s (%s): %s" % (rel, k, o[1]) for rel, r in results.items() for k in kinds
                  for o in r.get(k, []) if o != "ok" and o[0] == "KernelStart"})
    for b in bad[:10]:
        print("run.py: a kernel did not start: " + b, file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
