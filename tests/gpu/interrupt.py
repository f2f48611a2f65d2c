# interrupt.py — on the GPU machine, through jupyter_client: a cell that queues
# launches by the thousand (x = x + 1 on 1e8 floats, a million times: minutes
# of device work) stops with KeyboardInterrupt soon after an interrupt, and the
# kernel and its variables live on: the array holds a whole number of
# additions, everywhere the same, and the next cells run.  TAP on stdout.
# usage: python3 interrupt.py KERNEL   (KERNEL: a lumen-kernel; LUMEN_DEVICE
# and the library path as the kernel needs them, in the environment)
import json
import os
import queue
import sys
import tempfile
import time

kernel = os.path.abspath(sys.argv[1])
home = tempfile.mkdtemp(prefix="lumen-int.")
os.makedirs(os.path.join(home, "kernels", "lumen-int"))
with open(os.path.join(home, "kernels", "lumen-int", "kernel.json"), "w") as f:
    json.dump({"argv": [kernel, "-f", "{connection_file}"], "display_name": "Lumen",
               "language": "python", "interrupt_mode": "signal"}, f)
os.environ.update(JUPYTER_PATH=home, JUPYTER_DATA_DIR=home, JUPYTER_RUNTIME_DIR=os.path.join(home, "rt"),
                  JUPYTER_PLATFORM_DIRS="1")
from jupyter_client.manager import start_new_kernel  # noqa: E402

count = 0
failed = 0


def ok(cond, what):
    global count, failed
    count += 1
    failed += not cond
    print("%s %d - %s" % ("ok" if cond else "not ok", count, what), flush=True)


def collect(kc, msg_id, timeout):
    """stdout text and the reply of one request, once its status is idle"""
    out, seen_input, deadline = "", None, time.time() + timeout
    while time.time() < deadline:
        try:
            m = kc.get_iopub_msg(timeout=1)
        except queue.Empty:
            continue
        if m["parent_header"].get("msg_id") != msg_id:
            continue
        t = m["msg_type"]
        if t == "stream" and m["content"]["name"] == "stdout":
            out += m["content"]["text"]
        if t == "execute_input":
            seen_input = time.time()
        if t == "status" and m["content"]["execution_state"] == "idle":
            break
    reply = kc.get_shell_msg(timeout=max(1, deadline - time.time()))["content"]
    return out, reply, seen_input


def run(kc, code, timeout=120):
    return collect(kc, kc.execute(code), timeout)[:2]


km, kc = start_new_kernel(kernel_name="lumen-int", startup_timeout=120)
try:
    out, _ = run(kc, "import cupy as cp\nx = cp.zeros(10**8, dtype=cp.float32)\n"
                     "print(cp.cuda.runtime.getDeviceCount() > 0, type(x).__module__)")
    ok(out.startswith("True"), "the kernel has the device: %r" % out.strip())

    msg_id = kc.execute("for i in range(10**6):\n    x = x + 1\n")
    # wait for the cell to start, let it queue launches for two seconds
    start = None
    while start is None:
        m = kc.get_iopub_msg(timeout=60)
        if m["parent_header"].get("msg_id") == msg_id and m["msg_type"] == "execute_input":
            start = time.time()
    time.sleep(2)
    t0 = time.time()
    km.interrupt_kernel()
    _, reply, _ = collect(kc, msg_id, 120)
    dt = time.time() - t0
    ok(reply.get("status") == "error" and reply.get("ename") == "KeyboardInterrupt",
       "the loop of launches ends in KeyboardInterrupt: %s %s" % (reply.get("status"), reply.get("ename")))
    # a million 0.2 ms statements is some 200 s of device work: the cell must
    # not wait for it (nor for the queue of launches already made)
    ok(dt < 30, "the interrupted cell answered %.2f s after the interrupt" % dt)

    out, reply = run(kc, "a, b = float(x[0]), float(x[-1])\nprint(a == b, a >= 1, a == int(a), int(a))")
    parts = out.split()
    ok(reply.get("status") == "ok" and parts[:3] == ["True", "True", "True"],
       "x holds a whole number of additions, the same everywhere (%s)" % out.strip())
    out, _ = run(kc, "y = cp.arange(5) * 2\nprint(y.sum(), i > 0)")
    ok(out.strip() == "20 True", "the next cells run on the device and see the loop's variables: %r" % out.strip())
    out, _ = run(kc, "print(x.shape, x.dtype)")
    ok(out.strip() == "(100000000,) float32", "x is intact: %r" % out.strip())
finally:
    kc.stop_channels()
    km.shutdown_kernel(now=True)
print("1..%d" % count)
sys.exit(1 if failed else 0)
