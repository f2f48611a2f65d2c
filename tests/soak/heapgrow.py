#!/usr/bin/env python3
"""heapgrow.py — where the soak's slow resident growth comes from (issue 18).

Runs N cells on lumen-kernel (host mode) through jupyter_client and, every
--every cells, has gdb call malloc_stats() in the kernel (printed on the
kernel's stderr, kept in --stderr): the heap's bytes in use and its size, by
arena and in total.  One line per sample.  With the history database (the
default) the bytes in use rise while SQLite's page cache fills and then stay
flat; without one (--no-db) or with store_history off (--no-store) they are
flat from the start.  A measure, not a test: needs gdb.

usage: heapgrow.py --kernel build/lumen-kernel [--n 12000] [--every 2000]
           [--codes 'x = %d|print(%d)|%d'] [--no-store] [--no-db]
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import tempfile
import time

from jupyter_client.manager import KernelManager


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", required=True)
    ap.add_argument("--n", type=int, default=12000)
    ap.add_argument("--every", type=int, default=2000)
    ap.add_argument("--codes", default="x = %d|print(%d)|%d|y = [%d] * 3\\ny")
    ap.add_argument("--no-store", action="store_true", help="store_history=False")
    ap.add_argument("--no-db", action="store_true", help="no history database")
    ap.add_argument("--stderr", default=None)
    a = ap.parse_args()
    if not shutil.which("gdb"):
        raise SystemExit("heapgrow.py needs gdb")
    tmp = tempfile.mkdtemp(prefix="lumen-heapgrow-")
    os.makedirs(f"{tmp}/kernels/hg")
    with open(f"{tmp}/kernels/hg/kernel.json", "w") as f:
        json.dump({"argv": [os.path.abspath(a.kernel), "-f", "{connection_file}"],
                   "display_name": "hg", "language": "python"}, f)
    os.environ.update(JUPYTER_PATH=tmp, LUMEN_DEVICE="host",
                      XDG_DATA_HOME="/proc/no-such-dir" if a.no_db else tmp)
    errpath = a.stderr or os.path.join(tmp, "kernel.err")
    err = open(errpath, "w")
    codes = [c.replace("\\n", "\n") for c in a.codes.split("|")]
    km = KernelManager(kernel_name="hg")
    km.start_kernel(stderr=err)
    kc = km.client()
    kc.start_channels()
    kc.wait_for_ready(timeout=120)
    pid = km.provisioner.process.pid
    print(f"# {a.n} cells {codes!r}, store_history={not a.no_store}, database={not a.no_db}")
    try:
        for i in range(a.n + 1):
            if i % a.every == 0:
                time.sleep(0.3)  # the history written (idle), then sampled
                subprocess.run(["gdb", "-p", str(pid), "-batch", "-ex", "call (void)malloc_stats()"],
                               capture_output=True)
                time.sleep(0.2)
                text = open(errpath).read()
                tot = re.findall(r"Total \(incl. mmap\):\s*system bytes\s*=\s*(\d+)\s*in use bytes\s*=\s*(\d+)", text)
                if tot:
                    sysb, used = map(int, tot[-1])
                    print(f"cell {i:7d}: heap in use {used:10d} bytes, heap size {sysb:10d} bytes", flush=True)
            c = codes[i % len(codes)]
            kc.execute_interactive(c % i if "%d" in c else c, store_history=not a.no_store, timeout=60,
                                   output_hook=lambda m: None)
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
