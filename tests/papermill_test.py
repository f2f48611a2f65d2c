#!/usr/bin/env python3
"""papermill_test.py -- papermill (the notebook runner many pipelines use) starts
Lumen from a kernelspec and runs notebooks on it, as TAP: a notebook with a
`parameters` cell gets papermill's injected values, and notebooks/quickstart.ipynb
runs whole (host mode).  Skips when papermill is not installed."""
import json
import os
import sys
import tempfile

try:
    import nbformat
    import papermill
except ImportError as e:
    print("1..0 # SKIP papermill missing: %s" % e)
    sys.exit(0)

kernel, srcdir = os.path.abspath(sys.argv[1]), sys.argv[2]
os.environ.setdefault("LUMEN_DEVICE", "host")
n, failed = 0, 0


def check(good, what):
    global n, failed
    n += 1
    failed += not good
    print("%sok %d - %s" % ("" if good else "not ", n, what), flush=True)


def outputs(nb):
    for c in nb.cells:
        for o in c.get("outputs", []) if c.cell_type == "code" else []:
            yield o


with tempfile.TemporaryDirectory() as tmp:
    spec = os.path.join(tmp, "jupyter", "kernels", "lumen")
    os.makedirs(spec)
    with open(os.path.join(spec, "kernel.json"), "w") as f:
        json.dump({"argv": [kernel, "-f", "{connection_file}"], "display_name": "Lumen (GPU arrays)",
                   "language": "python", "interrupt_mode": "signal"}, f)
    os.environ["JUPYTER_PATH"] = os.path.join(tmp, "jupyter")
    os.environ["JUPYTER_RUNTIME_DIR"] = os.path.join(tmp, "runtime")

    # parameters: papermill injects a cell after the one tagged `parameters`
    nb = nbformat.v4.new_notebook()
    p = nbformat.v4.new_code_cell("n = 1\nscale = 0.5")
    p.metadata["tags"] = ["parameters"]
    nb.metadata["kernelspec"] = {"name": "lumen", "language": "python", "display_name": "Lumen (GPU arrays)"}
    nb.cells = [p, nbformat.v4.new_code_cell("import numpy as np\nprint(np.arange(n).sum() * scale)")]
    src, dst = os.path.join(tmp, "p.ipynb"), os.path.join(tmp, "p-out.ipynb")
    nbformat.write(nb, src)
    try:
        papermill.execute_notebook(src, dst, kernel_name="lumen", parameters={"n": 10, "scale": 2.0},
                                   progress_bar=False, cwd=tmp)
        out = nbformat.read(dst, as_version=4)
        text = "".join(o.get("text", "") for o in outputs(out) if o.get("output_type") == "stream")
        check(text == "90.0\n", "papermill injects n=10, scale=2.0 and Lumen prints %r" % text)
    except Exception as e:  # PapermillExecutionError, a dead kernel
        check(False, "papermill with parameters: %s: %s" % (type(e).__name__, e))

    dst = os.path.join(tmp, "quickstart-out.ipynb")
    try:
        papermill.execute_notebook(os.path.join(srcdir, "notebooks", "quickstart.ipynb"), dst,
                                   kernel_name="lumen", progress_bar=False, cwd=tmp)
        out = nbformat.read(dst, as_version=4)
        errors = [o for o in outputs(out) if o.get("output_type") == "error"]
        results = [o for o in outputs(out) if o.get("output_type") == "execute_result"]
        check(not errors and len(results) >= 3,
              "papermill runs quickstart.ipynb: %d results, %d errors" % (len(results), len(errors)))
    except Exception as e:
        check(False, "papermill runs quickstart.ipynb: %s: %s" % (type(e).__name__, e))
print("1..%d" % n)
sys.exit(1 if failed else 0)
