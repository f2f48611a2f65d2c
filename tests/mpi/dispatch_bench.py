#!/usr/bin/env python3
"""What dispatching a cell to N MPI ranks costs over the single kernel.

Starts lumen-kernel and lumen-mpi-kernel (mpiexec -n N) side by side through
jupyter_client and times, for each, the round trip of small cells as a
frontend sees it: execute_request sent -> execute_reply and status idle
received (execute_interactive).  Cells: an empty statement, a print that
every rank prints alike, and a print that differs per rank (grouped under
[rank i]).  The kernels take turns cell by cell, so load on the machine
falls on both alike.  Prints a table (median, p10, p90 in ms) and the
median overhead per cell kind; no thresholds (a measure, not a test).

usage: dispatch_bench.py --kernel build/lumen-kernel
           --mpi-kernel build/lumen-mpi-kernel [--ranks 2] [--n 300]
           [--launcher 'mpiexec --oversubscribe'] [--device host|cuda]
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from jupyter_client.manager import KernelManager

CELLS = [
    ("empty", "pass"),
    ("same print", "print('x')"),
    ("per-rank print", "import os\nprint(os.getpid())"),
    ("expression", "1 + 1"),
]


def spec(root, name, argv, device):
    d = os.path.join(root, "kernels", name)
    os.makedirs(d, exist_ok=True)
    env = {"LUMEN_DEVICE": device} if device else {}
    with open(os.path.join(d, "kernel.json"), "w") as f:
        json.dump({"argv": argv, "display_name": name, "language": "python",
                   "interrupt_mode": "message", "env": env}, f)


def start(name):
    km = KernelManager(kernel_name=name)
    km.start_kernel()
    kc = km.client()
    kc.start_channels()
    kc.wait_for_ready(timeout=120)
    return km, kc


def once(kc, code):
    t0 = time.perf_counter()
    r = kc.execute_interactive(code, timeout=60, output_hook=lambda m: None)
    t1 = time.perf_counter()
    if r["content"]["status"] != "ok":
        raise SystemExit(f"cell failed: {code!r}: {r['content']}")
    return (t1 - t0) * 1e3


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p / 100 * len(xs)))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", required=True, help="lumen-kernel")
    ap.add_argument("--mpi-kernel", required=True, help="lumen-mpi-kernel")
    ap.add_argument("--ranks", type=int, default=2)
    ap.add_argument("--n", type=int, default=300, help="cells of each kind per kernel")
    ap.add_argument("--launcher", default=None,
                    help="default: mpiexec (--oversubscribe for Open MPI)")
    ap.add_argument("--device", default=None, help="LUMEN_DEVICE for both kernels")
    a = ap.parse_args()

    launcher = a.launcher
    if launcher is None:
        mpiexec = shutil.which("mpiexec")
        if not mpiexec:
            raise SystemExit("no mpiexec on PATH")
        v = subprocess.run([mpiexec, "--version"], capture_output=True, text=True).stdout
        launcher = mpiexec + (" --oversubscribe" if "Open MPI" in v or "OpenRTE" in v else "")
        if os.geteuid() == 0:
            os.environ.setdefault("OMPI_ALLOW_RUN_AS_ROOT", "1")
            os.environ.setdefault("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
    tmp = tempfile.mkdtemp(prefix="lumen-dispatch-")
    os.environ["JUPYTER_PATH"] = tmp
    spec(tmp, "bench-single", [os.path.abspath(a.kernel), "-f", "{connection_file}"], a.device)
    spec(tmp, "bench-mpi", launcher.split() + ["-n", str(a.ranks), os.path.abspath(a.mpi_kernel),
                                              "-f", "{connection_file}"], a.device)
    kernels = {}
    try:
        for name in ("bench-single", "bench-mpi"):
            kernels[name] = start(name)
        info = kernels["bench-mpi"][1].kernel_info(reply=True, timeout=60)["content"]["banner"]
        print(f"# {info.splitlines()[-1]}")
        print(f"# launcher: {launcher} -n {a.ranks}; {a.n} cells of each kind per kernel; "
              f"{os.cpu_count()} CPUs")
        times = {(k, c): [] for k in kernels for c, _ in CELLS}
        for kind, code in CELLS:  # warm-up
            for name, (km, kc) in kernels.items():
                for _ in range(20):
                    once(kc, code)
        for i in range(a.n):
            for kind, code in CELLS:
                for name, (km, kc) in (kernels.items() if i % 2 else reversed(kernels.items())):
                    times[(name, kind)].append(once(kc, code))
        print(f"{'cell':16} {'kernel':14} {'median':>8} {'p10':>8} {'p90':>8}   (ms, request -> reply + idle)")
        for kind, _ in CELLS:
            for name in kernels:
                t = times[(name, kind)]
                label = "single" if name == "bench-single" else f"mpi x{a.ranks}"
                print(f"{kind:16} {label:14} {statistics.median(t):8.3f} {pct(t, 10):8.3f} {pct(t, 90):8.3f}")
            d = statistics.median(times[("bench-mpi", kind)]) - statistics.median(times[("bench-single", kind)])
            print(f"{kind:16} {'overhead':14} {d:8.3f}")
    finally:
        for km, kc in kernels.values():
            kc.stop_channels()
            km.shutdown_kernel(now=False)
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
