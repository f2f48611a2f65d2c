#!/usr/bin/env python3
"""notebooks.py -- executes every notebooks/*.ipynb with nbclient against the BUILT
lumen-kernel (host mode: LUMEN_DEVICE=host unless set), as TAP: one test per notebook
(no cell may raise), plus checks that the magics' outputs came back (%timeit line,
%timeit -c speed-up, %memgetinfo, HTML of arrays).  Skips (1..0 # SKIP) without
nbclient/nbformat.  Never changes the notebooks.
usage: notebooks.py --kernel PATH/lumen-kernel --dir NOTEBOOK_DIR
"""
import argparse
import glob
import json
import os
import re
import shutil
import sys
import tempfile

TIMEIT = re.compile(r"[0-9.]+ (ns|\u00b5s|ms|s) \u00b1 [0-9.]+ (ns|\u00b5s|ms|s) per loop "
                    r"\(mean \u00b1 std\. dev\. of \d+ runs?, [0-9,]+ loops? each\)")


def texts(nb):
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            if out.get("output_type") == "stream":
                yield "stream", out.get("text", "")
            elif out.get("output_type") in ("execute_result", "display_data"):
                for mime, data in out.get("data", {}).items():
                    yield mime, data if isinstance(data, str) else "".join(data)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", required=True)
    ap.add_argument("--dir", required=True)
    ap.add_argument("--timeout", type=int, default=300)
    args = ap.parse_args()
    try:
        import nbformat
        from nbclient import NotebookClient
    except ImportError as e:
        print("1..0 # SKIP nbclient/nbformat missing: %s" % e)
        return 0
    kernel = os.path.abspath(args.kernel)
    if not os.access(kernel, os.X_OK):
        print("1..0 # SKIP %s is not built" % kernel)
        return 0
    books = sorted(glob.glob(os.path.join(args.dir, "*.ipynb")))
    os.environ.setdefault("LUMEN_DEVICE", "host")
    n = 0
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        spec = os.path.join(tmp, "jupyter", "kernels", "lumen")
        os.makedirs(spec)
        with open(os.path.join(spec, "kernel.json"), "w") as f:
            json.dump({"argv": [kernel, "-f", "{connection_file}"], "display_name": "Lumen",
                       "language": "python"}, f)
        os.environ["JUPYTER_PATH"] = os.path.join(tmp, "jupyter")
        os.environ["JUPYTER_RUNTIME_DIR"] = os.path.join(tmp, "runtime")
        for path in books:
            name = os.path.basename(path)
            nb = nbformat.read(path, as_version=4)
            err = None
            try:
                NotebookClient(nb, kernel_name="lumen", timeout=args.timeout,
                               resources={"metadata": {"path": tmp}}).execute()
            except Exception as e:  # CellExecutionError, a dead kernel, a timeout
                err = "%s: %s" % (type(e).__name__, str(e).strip().splitlines()[-1:] or "")
            n += 1
            if err:
                failed += 1
                print("not ok %d - %s runs (%s)" % (n, name, err))
                continue
            print("ok %d - %s runs" % (n, name))
            outs = list(texts(nb))
            src = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
            checks = []
            if "%timeit" in src:
                checks.append(("a %timeit line", any(TIMEIT.search(t) for _, t in outs)))
            if "%timeit -c" in src:
                checks.append(("%timeit -c speed-up and bar chart",
                               any("speed-up: " in t for m, t in outs if m == "text/plain") and
                               any("lumen-timeit" in t for m, t in outs if m == "text/html")))
            if "%memgetinfo" in src:
                checks.append(("%memgetinfo output",
                               any("Host mode" in t or "Memory pool:" in t for _, t in outs)))
            if "plt.show()" in src:
                checks.append(("a chart (image/png) drawn by the kernel",
                               any(m == "image/png" and len(t) > 1000 for m, t in outs)))
            if any(m == "text/html" and "lumen-array" in t for m, t in outs) or "display(" in src:
                checks.append(("arrays have text/html",
                               any(m == "text/html" and "lumen-array" in t for m, t in outs)))
            for what, good in checks:
                n += 1
                if not good:
                    failed += 1
                print("%sok %d - %s: %s" % ("" if good else "not ", n, name, what))
    print("1..%d" % n)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
