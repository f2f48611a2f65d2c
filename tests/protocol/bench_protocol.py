#!/usr/bin/env python3
"""Protocol overhead, Lumen vs ipykernel, side by side in one run.

  python3 tests/protocol/bench_protocol.py [--kernel ./lumen-kernel] [-n 1000]

Measures with a raw pyzmq client (no jupyter_client in the timed path):
  start      process start to kernel_info_reply (median of --starts runs)
  rtt        execute_request "pass" to its status idle (median, p99 of -n)
  1 MB print a cell printing 1 MB, to status idle with all text received
  RSS        resident memory after start (VmRSS from /proc)
and, for each, the CPU time the kernel process spent (from /proc/PID/stat),
which stays meaningful on a loaded machine where wall times do not.
Lumen runs in host mode (LUMEN_DEVICE=host).  Not part of `make check`.
"""
import argparse
import hashlib
import hmac
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid

import zmq
from jupyter_client.connect import write_connection_file

DELIM = b"<IDS|MSG>"
KEY = uuid.uuid4().hex.encode()


class Client:
    def __init__(self, ctx, info):
        self.ctx = ctx
        self.session = uuid.uuid4().hex
        ident = self.session.encode()

        def sock(kind, port):
            s = ctx.socket(kind)
            s.linger = 0
            s.setsockopt(zmq.RECONNECT_IVL, 1)
            if kind == zmq.DEALER:
                s.identity = ident
            if kind == zmq.SUB:
                s.setsockopt(zmq.SUBSCRIBE, b"")
            s.connect("tcp://127.0.0.1:%d" % port)
            return s
        self.shell = sock(zmq.DEALER, info["shell_port"])
        self.iopub = sock(zmq.SUB, info["iopub_port"])
        self.control = sock(zmq.DEALER, info["control_port"])

    def send(self, sock, msg_type, content):
        msg_id = uuid.uuid4().hex
        h = {"msg_id": msg_id, "msg_type": msg_type, "session": self.session,
             "username": "bench", "date": "2026-01-01T00:00:00Z", "version": "5.4"}
        parts = [json.dumps(h).encode(), b"{}", b"{}", json.dumps(content).encode()]
        sig = hmac.new(KEY, digestmod=hashlib.sha256)
        for p in parts:
            sig.update(p)
        sock.send_multipart([DELIM, sig.hexdigest().encode()] + parts)
        return msg_id

    @staticmethod
    def parse(frames):
        i = frames.index(DELIM)
        return (json.loads(frames[i + 2]), json.loads(frames[i + 3]),
                json.loads(frames[i + 5]))

    def wait_reply(self, msg_id, timeout=60):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.shell.poll(100):
                h, p, c = self.parse(self.shell.recv_multipart())
                if p.get("msg_id") == msg_id:
                    return c
        raise TimeoutError("no reply")

    def wait_idle(self, msg_id, timeout=60):
        """Returns the stdout text published for msg_id up to its idle."""
        text = []
        deadline = time.time() + timeout
        while time.time() < deadline:
            if not self.iopub.poll(100):
                continue
            h, p, c = self.parse(self.iopub.recv_multipart())
            if p.get("msg_id") != msg_id:
                continue
            if h["msg_type"] == "stream":
                text.append(c["text"])
            elif h["msg_type"] == "status" and c["execution_state"] == "idle":
                return "".join(text)
        raise TimeoutError("no idle")

    def execute(self, code):
        msg_id = self.send(self.shell, "execute_request",
                           {"code": code, "silent": False, "store_history": True,
                            "user_expressions": {}, "allow_stdin": False,
                            "stop_on_error": True})
        text = self.wait_idle(msg_id)
        self.wait_reply(msg_id)
        return text

    def close(self):
        for s in (self.shell, self.iopub, self.control):
            s.close()


def cpu_s(pid):
    """CPU time (user + system) the process has used: steady under load."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kib(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Kernel:
    def __init__(self, name, argv, tmp, env):
        self.name, self.argv, self.tmp, self.env = name, argv, tmp, env

    def start(self, ctx):
        cf, info = write_connection_file(
            os.path.join(self.tmp, "%s-%s.json" % (self.name, uuid.uuid4().hex)),
            ip="127.0.0.1", key=KEY)
        client = Client(ctx, info)
        t0 = time.perf_counter()
        proc = subprocess.Popen([a.replace("{connection_file}", cf) for a in self.argv],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                env=self.env)
        msg_id = client.send(client.shell, "kernel_info_request", {})
        client.wait_reply(msg_id)
        t1 = time.perf_counter()
        self.start_cpu = cpu_s(proc.pid)
        return proc, client, t1 - t0

    def stop(self, proc, client):
        client.send(client.control, "shutdown_request", {"restart": False})
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        client.close()


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q / 100 * (len(xs) - 1))))]


def bench(k, ctx, n, starts, big_reps):
    r = {}
    times, cpus = [], []
    for _ in range(starts):
        proc, client, t = k.start(ctx)
        times.append(t)
        cpus.append(k.start_cpu)
        k.stop(proc, client)
    r["start"] = statistics.median(times)
    r["start_cpu"] = statistics.median(cpus)
    proc, client, _ = k.start(ctx)
    time.sleep(0.5)  # let iopub subscriptions settle; RSS after start
    r["rss"] = rss_kib(proc.pid)
    client.execute("pass")  # warm up (and make sure iopub is connected)
    rtts = []
    c0 = cpu_s(proc.pid)
    for _ in range(n):
        t0 = time.perf_counter()
        client.execute("pass")
        rtts.append(time.perf_counter() - t0)
    r["rtt_cpu"] = (cpu_s(proc.pid) - c0) / n
    r["rtt_med"], r["rtt_p99"] = statistics.median(rtts), pct(rtts, 99)
    bigs = []
    c0 = cpu_s(proc.pid)
    for _ in range(big_reps):
        t0 = time.perf_counter()
        text = client.execute("print('x'*1000000)")
        bigs.append(time.perf_counter() - t0)
        assert len(text) == 1000001, len(text)
    r["big_cpu"] = (cpu_s(proc.pid) - c0) / big_reps
    r["big"] = statistics.median(bigs)
    r["rss_after"] = rss_kib(proc.pid)
    k.stop(proc, client)
    return r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", default="./lumen-kernel")
    ap.add_argument("-n", type=int, default=1000)
    ap.add_argument("--starts", type=int, default=10)
    ap.add_argument("--big", type=int, default=20)
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="lumen-bench-")
    env = dict(os.environ, LUMEN_DEVICE="host", XDG_DATA_HOME=os.path.join(tmp, "data"))
    kernels = [Kernel("lumen", [os.path.abspath(args.kernel), "-f", "{connection_file}"],
                      tmp, env),
               Kernel("ipykernel", [sys.executable, "-m", "ipykernel_launcher", "-f",
                                    "{connection_file}"], tmp,
                      dict(env, IPYTHONDIR=os.path.join(tmp, "ipython")))]
    ctx = zmq.Context()
    res = {}
    try:
        for k in kernels:
            res[k.name] = bench(k, ctx, args.n, args.starts, args.big)
    finally:
        ctx.destroy(linger=0)
        shutil.rmtree(tmp, ignore_errors=True)
    L, I = res["lumen"], res["ipykernel"]
    rows = [("start → kernel_info_reply", "start", 1e3, "ms"),
            ("  kernel CPU time until then", "start_cpu", 1e3, "ms"),
            ("execute 'pass' round trip, median", "rtt_med", 1e6, "µs"),
            ("execute 'pass' round trip, p99", "rtt_p99", 1e6, "µs"),
            ("  kernel CPU time per round trip", "rtt_cpu", 1e6, "µs"),
            ("print 1 MB, to idle (median)", "big", 1e3, "ms"),
            ("  kernel CPU time per 1 MB cell", "big_cpu", 1e3, "ms"),
            ("RSS after start", "rss", 1 / 1024, "MiB"),
            ("RSS after the runs", "rss_after", 1 / 1024, "MiB")]
    print("| measure | Lumen | ipykernel | ipykernel / Lumen |")
    print("|---|---|---|---|")
    for label, key, scale, unit in rows:
        print("| %s | %.2f %s | %.2f %s | %.1f× |" % (label, L[key] * scale, unit,
                                                      I[key] * scale, unit,
                                                      I[key] / L[key] if L[key] else 0))
    print("(n=%d round trips, %d starts, %d × 1 MB; %s)" % (args.n, args.starts, args.big,
                                                          time.strftime("%Y-%m-%d %H:%M")))


if __name__ == "__main__":
    main()
