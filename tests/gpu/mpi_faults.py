"""mpi_faults.py (tests/gpu/mpi_faults.sh): interrupts inside device collectives of
lumen-mpi-kernel with LUMEN_DEVICE=cuda, through jupyter_client, as TAP.

1 rank (the NCCL path): a kernel that spins ~3 s on the engine's stream, then
comm.Allreduce on cp arrays, so that the NCCL collective waits behind it; the
interrupt must end the cell within 1 s (ncclCommAbort) and say so; the next
Allreduce makes a new NCCL communicator (a new unique id over MPI) and is right,
through "nccl".
2 ranks on the one GPU (device data through MPI, NCCL cannot pair them): rank 1
sleeps while rank 0 waits in Allreduce on cp arrays; the interrupt ends both,
then Allreduce again is right.
usage: python3 mpi_faults.py BIN_DIR  (lumen, lumen-mpi-kernel there)
"""
import json
import os
import shutil
import sys
import tempfile
import time

from jupyter_client.manager import KernelManager

BIN = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "build")
n = 0
fails = 0


def tap(ok, what):
    global n, fails
    n += 1
    fails += not ok
    print(f"{'ok' if ok else 'not ok'} {n} - {what}", flush=True)


def start(ranks, root):
    name = f"lumen-mpi-faults-{ranks}"
    d = os.path.join(root, "kernels", name)
    os.makedirs(d, exist_ok=True)
    launcher = [shutil.which("mpiexec") or "mpiexec", "--oversubscribe", "-n", str(ranks)]
    with open(os.path.join(d, "kernel.json"), "w") as f:
        json.dump({"argv": launcher + [os.path.join(BIN, "lumen-mpi-kernel"), "-f", "{connection_file}"],
                   "display_name": name, "language": "python", "interrupt_mode": "message",
                   "env": {"LUMEN_DEVICE": "cuda"}}, f)
    km = KernelManager(kernel_name=name)
    km.start_kernel()
    kc = km.client()
    kc.start_channels()
    kc.wait_for_ready(timeout=120)
    return km, kc


def run(kc, code, timeout=60):
    out = []
    r = kc.execute_interactive(code, timeout=timeout, output_hook=lambda m: out.append(m["content"].get("text", ""))
                               if m["msg_type"] == "stream" else None)
    return r["content"], "".join(out)


def interrupt_after(km, kc, code, delay):
    msg_id = kc.execute(code)
    time.sleep(delay)
    t0 = time.time()
    km.interrupt_kernel()
    while True:
        r = kc.get_shell_msg(timeout=60)
        if r["parent_header"].get("msg_id") == msg_id:
            break
    return r["content"], time.time() - t0


SETUP = """from mpi4py import MPI
import cupy as cp
import numpy as np
comm = MPI.COMM_WORLD
spin = cp.RawKernel('extern "C" __global__ void spin(long long n) '
                    '{ long long t0 = clock64(); while (clock64() - t0 < n) ; }', 'spin')
x = cp.arange(1 << 20, dtype=cp.float64) + comm.rank
y = cp.empty_like(x)
comm.Allreduce(x, y)
print(MPI.lumen_path(), bool((y == cp.arange(1 << 20) * comm.size + sum(range(comm.size))).all()))
"""
AGAIN = """y = cp.zeros_like(x)
comm.Allreduce(x, y)
print(MPI.lumen_path(), bool((y == cp.arange(1 << 20) * comm.size + sum(range(comm.size))).all()))
"""


def main():
    root = tempfile.mkdtemp(prefix="lumen-mpi-faults-")
    os.environ["JUPYTER_PATH"] = root
    os.environ.setdefault("OMPI_ALLOW_RUN_AS_ROOT", "1")
    os.environ.setdefault("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
    try:
        km, kc = start(1, root)
        try:
            c, out = run(kc, SETUP)
            tap(c["status"] == "ok" and out.strip() == "nccl True", f"1 rank: Allreduce on cp arrays through NCCL: {out.strip()!r} {c.get('evalue', '')}")
            # ~3 s of spinning on the stream at ~2 GHz, then the collective behind it
            c, secs = interrupt_after(km, kc, "spin((1,), (1,), (np.int64(6_000_000_000),))\ncomm.Allreduce(x, y)", 1.0)
            tb = "\n".join(c.get("traceback", []))
            print(f"# 1 rank, interrupt while the NCCL Allreduce waits: reply after {secs:.3f} s")
            tap(c["status"] == "error" and c.get("ename") == "KeyboardInterrupt", "1 rank: the interrupt ends the cell")
            tap(secs < 1.0, f"1 rank: within 1 s ({secs:.3f} s)")
            tap("fresh MPI.COMM_WORLD" in tb, "1 rank: the error says what became of the collective")
            c, out = run(kc, AGAIN)
            tap(c["status"] == "ok" and out.strip() == "nccl True",
                f"1 rank: the next Allreduce makes a new NCCL communicator and is right: {out.strip()!r}")
        finally:
            kc.stop_channels()
            km.shutdown_kernel(now=False)
        km, kc = start(2, root)
        try:
            c, out = run(kc, SETUP)
            tap(c["status"] == "ok" and "True" in out and "False" not in out,
                f"2 ranks on one GPU: Allreduce on cp arrays: {out.strip()!r}")
            c, secs = interrupt_after(km, kc, "import time\nif comm.rank == 1:\n    time.sleep(60)\ncomm.Allreduce(x, y)", 1.0)
            print(f"# 2 ranks, rank 0 in a device Allreduce, rank 1 asleep: reply after {secs:.3f} s")
            tap(c["status"] == "error" and c.get("ename") == "KeyboardInterrupt" and secs < 1.0,
                f"2 ranks: the interrupt ends the cell on both within 1 s ({secs:.3f} s)")
            c, out = run(kc, AGAIN)
            tap(c["status"] == "ok" and "True" in out and "False" not in out,
                f"2 ranks: Allreduce again is right: {out.strip()!r}")
        finally:
            kc.stop_channels()
            km.shutdown_kernel(now=False)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    print(f"1..{n}")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
