#!/usr/bin/env python3
"""soak.py — a long session against lumen-kernel through jupyter_client.

Phases, one kernel process unless said otherwise, each one TAP line or more:
  main     SOAK_N execute_requests of mixed cells (prints, small np/cp arrays,
           SOAK_BIG_MB-sized arrays, errors, display, stderr, a counter that
           must survive everything), sent in pipelined batches; SOAK_INTERRUPTS
           of them are busy cells interrupted at a random moment (before they
           start, while they run, after they end), half by SIGINT and half by
           interrupt_request on the control channel, plus interrupts while
           idle.  Every reply: parent msg_id and order, status, execution_count
           (+1 per stored cell, execute_input alike), stdout / result text.
           Resident memory (VmRSS) and open descriptors (/proc/PID/fd) after
           the first tenth of the cells (1,000 of 10,000) and at the end: the
           end must be <= 5% above.  The memory pool (cp.get_default_memory_pool)
           used/total bytes back to the baseline after del + free_all_blocks.
  flood    SOAK_FLOOD requests sent without reading a reply, then all read.
  two      two clients on one kernel, from two threads: each gets its own
           replies in order; execution counts unique and contiguous; shared
           variables.
  killed   a client (a subprocess) SIGKILLed while its cell runs, a new one
           connects and sees the old variables (SOAK_KILLS times).
  restarts a second kernel restarted SOAK_RESTARTS times (graceful and forced):
           each comes back fresh (count 1, old variables gone), old process gone.

usage: soak.py --kernel PATH/lumen-kernel [--json FILE]
Environment: SOAK_N (10000) SOAK_INTERRUPTS (1000) SOAK_RESTARTS (100)
SOAK_FLOOD (500) SOAK_KILLS (10) SOAK_BIG_MB (100) SOAK_SEED (1)
LUMEN_DEVICE (host; cuda on the GPU machine: then the pool is the device's).
Skips (TAP 1..0) without jupyter_client.  Exit status 0 unless a check failed.
"""
import argparse
import json
import os
import queue
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

TIMEOUT = 60
IDLE_SIGINT_WAIT = 2.0


def env_int(name, default):
    return int(os.environ.get(name, default))


class Tap:
    def __init__(self):
        self.n = 0
        self.failed = 0

    def ok(self, cond, what, diag=None):
        self.n += 1
        self.failed += not cond
        print("%s %d - %s" % ("ok" if cond else "not ok", self.n, what), flush=True)
        if diag and not cond:
            for line in str(diag).splitlines()[:40]:
                print("# " + line, flush=True)
        return cond

    @staticmethod
    def note(text):
        for line in str(text).splitlines():
            print("# " + line, flush=True)


def proc_status(pid):
    """(VmRSS in KiB, open descriptors) of a process."""
    rss = 0
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
    return rss, len(os.listdir("/proc/%d/fd" % pid))


def sigint_pending(pid):
    """Whether a SIGINT sent to pid has not reached its handler yet."""
    paths = ["/proc/%d/status" % pid]
    try:
        paths += ["/proc/%d/task/%s/status" % (pid, t) for t in os.listdir("/proc/%d/task" % pid)]
    except OSError:
        return False
    for p in paths:
        try:
            with open(p) as f:
                for line in f:
                    if line.startswith(("ShdPnd:", "SigPnd:")) and int(line.split()[1], 16) & (1 << (signal.SIGINT - 1)):
                        return True
        except OSError:
            pass
    return False


def new_client(km):
    """A client with a session (so a zmq identity) of its own, as a second
    notebook or a console would be: km.client() shares the manager's."""
    from jupyter_client import BlockingKernelClient
    kc = BlockingKernelClient(connection_file=km.connection_file)
    kc.load_connection_file()
    kc.start_channels()
    kc.wait_for_ready(timeout=TIMEOUT)
    return kc


def kernel_pid(km):
    prov = getattr(km, "provisioner", None)
    proc = getattr(prov, "process", None) if prov else None
    return proc.pid if proc else None


# ---------------------------------------------------------------- the cells
class Cell:
    """One execute_request: its code and what must come back.

    expect(model) -> (status, ename or None, stdout or None, result or None)
    is called when the reply is read, in reply order, so state-dependent
    cells (the counter) see what the cells before them did."""

    def __init__(self, kind, code, expect, silent=False, stop_on_error=False, busy=False):
        self.kind = kind
        self.code = code
        self.expect = expect
        self.silent = silent
        self.stop_on_error = stop_on_error
        self.busy = busy  # an interrupt target


class Model:
    def __init__(self):
        self.counter = 0


def fixed(status="ok", ename=None, out=None, result=None):
    return lambda m: (status, ename, out, result)


def make_cell(rng, i, big_elems, model_cp):
    """A random non-busy cell numbered i."""
    k = rng.random()
    if k < 0.14:
        n = rng.randint(0, 40)
        return Cell("print", "print(%d, 'p' * %d)" % (i, n), fixed(out="%d %s\n" % (i, "p" * n)))
    if k < 0.26:
        n, m, j = rng.randint(1, 5000), rng.randint(-9, 9), rng.randint(0, 9)
        return Cell("np", "a%d = np.arange(%d) * %d\nint(a%d.sum())" % (j, n, m, j),
                    fixed(result=str(m * n * (n - 1) // 2)))
    if k < 0.38:
        n, m = rng.randint(1, 5000), rng.randint(-9, 9)
        return Cell("cp", "c = cp.arange(%d) + %d\nint(c.sum())" % (n, m),
                    fixed(result=str(n * m + n * (n - 1) // 2)))
    if k < 0.43:
        v = rng.randint(1, 7)
        mod = "cp" if model_cp and rng.random() < 0.5 else "np"
        if rng.random() < 0.5:
            code = ("big = %s.full(%d, %d, dtype=%s.float64)\ns = float(big.sum())\ndel big\ns"
                    % (mod, big_elems, v, mod))
        else:  # rebinding frees the old one; the checkpoint drops it
            code = "bigkeep = %s.full(%d, %d, dtype=%s.float64)\nfloat(bigkeep[-1] * %d)" % (
                mod, big_elems, v, mod, big_elems)
        return Cell("big", code, fixed(result=repr(float(big_elems * v))))
    if k < 0.58:
        errs = [("1/0", "ZeroDivisionError"), ("undefined_%d + 1" % i, "NameError"),
                ("np.ones(3) + np.ones(4)", "ValueError"), ("x = (", "SyntaxError"),
                ("len(5)", "TypeError"), ("np.zeros(3)[5]", "IndexError"),
                ("cp.ones((2, 3)).reshape(7)", "ValueError"), ("print('before')\n{}['k']", "KeyError")]
        code, en = rng.choice(errs)
        out = "before\n" if code.startswith("print") else None
        return Cell("error", code, fixed("error", en, out), stop_on_error=rng.random() < 0.3)
    if k < 0.66:
        return Cell("stderr", "import sys\nprint('e%d', file=sys.stderr)\n'%d'" % (i, i),
                    fixed(out="", result="'%d'" % i))
    if k < 0.72:
        return Cell("display", "display(%d)" % i, fixed(out=""))
    if k < 0.84:
        def counter(m):
            m.counter += 1
            return ("ok", None, None, str(m.counter))
        return Cell("counter", "counter += 1\ncounter", counter)
    if k < 0.92:
        n = rng.randint(1, 30)
        return Cell("loop", "for k in range(%d):\n    print(k, end=' ')\nprint()" % n,
                    fixed(out=" ".join(str(x) for x in range(n)) + " \n"))
    if k < 0.96:
        return Cell("silent", "silent_v = %d" % i, fixed(), silent=True)
    return Cell("def", "def f%d(x):\n    return x * %d\nf%d(3)" % (i % 7, i, i % 7),
                fixed(result=str(3 * i)))


def busy_cell(rng, model_cp):
    """A cell that runs ~0.3 s and can be stopped anywhere; its result if not."""
    k = rng.randrange(5)
    if k == 0:
        return Cell("busy-loop", "t0 = time.time()\nn = 0\nwhile time.time() - t0 < 0.3:\n    n += 1\n'done'",
                    fixed(result="'done'"), busy=True)
    if k == 1:
        return Cell("busy-sleep", "time.sleep(0.3)\n'slept'", fixed(result="'slept'"), busy=True)
    if k == 2:
        mod = "cp" if model_cp else "np"
        return Cell("busy-arrays", "acc = 0.0\nfor k in range(100):\n    w = %s.ones(1000000) * k\n"
                    "    acc += float(w[0])\nacc" % mod, fixed(result=repr(float(sum(range(100))))), busy=True)
    if k == 3:
        return Cell("busy-sort", "r = np.sort(np.arange(3000000)[::-1])\nint(r[0])",
                    fixed(result="0"), busy=True)
    return Cell("busy-print", "t0 = time.time()\nk = 0\nwhile time.time() - t0 < 0.3:\n"
                "    print(k)\n    k += 1\n    time.sleep(0.001)\n'printed'",
                fixed(result="'printed'"), busy=True)


# ---------------------------------------------------------------- the client side
class Runner:
    """Sends cells, reads the replies and iopub, checks them."""

    def __init__(self, kc, tap, name):
        self.kc = kc
        self.tap = tap
        self.name = name
        self.count = None  # the next execution_count expected
        self.model = Model()
        self.fail_notes = []
        self.stats = {"sent": 0, "ok": 0, "error": 0, "aborted": 0, "interrupted": 0}

    def fail(self, what):
        if len(self.fail_notes) < 30:
            self.fail_notes.append(what)

    def send(self, cell):
        self.stats["sent"] += 1
        return self.kc.execute(cell.code, silent=cell.silent, stop_on_error=cell.stop_on_error)

    def read_batch(self, cells, ids, interrupted=()):
        """Replies in order, then iopub up to each one's idle.  Returns the
        replies' statuses."""
        replies = []
        for want in ids:
            try:
                r = self.kc.get_shell_msg(timeout=TIMEOUT)
            except queue.Empty:
                self.fail("%s: no reply for %s (lost)" % (self.name, want))
                raise
            got = r["parent_header"].get("msg_id")
            if got != want:
                self.fail("%s: reply out of order: got %s, want %s" % (self.name, got, want))
            replies.append(r)
        iop = {m: [] for m in ids}
        done = set()
        deadline = time.time() + TIMEOUT
        while len(done) < len(ids) and time.time() < deadline:
            try:
                m = self.kc.get_iopub_msg(timeout=1)
            except queue.Empty:
                continue
            p = m["parent_header"]
            pid = p.get("msg_id")
            if pid in iop:
                iop[pid].append(m)
                if m["msg_type"] == "status" and m["content"]["execution_state"] == "idle":
                    done.add(pid)
            elif p.get("msg_type") == "execute_request" and pid not in self.foreign_ok():
                self.fail("%s: stray iopub %s for %s" % (self.name, m["msg_type"], pid))
        if len(done) < len(ids):
            self.fail("%s: no status idle for %d request(s)" % (self.name, len(ids) - len(done)))
        statuses = []
        aborting = False
        for cell, want, r in zip(cells, ids, replies):
            # after a failed cell with stop_on_error, the requests already
            # queued behind it may be answered "aborted"
            st = self.check(cell, r, iop[want], want in interrupted, aborting)
            if st == "error" and cell.stop_on_error:
                aborting = True
            statuses.append(st)
        return statuses

    def foreign_ok(self):
        return ()

    def check(self, cell, reply, msgs, interrupted, may_abort):
        c = reply["content"]
        st = c["status"]
        where = "%s: %s %r" % (self.name, cell.kind, cell.code[:60])
        if st == "aborted":
            self.stats["aborted"] += 1
            if not may_abort:
                self.fail(where + ": aborted without an error before it")
            return st
        out = "".join(m["content"]["text"] for m in msgs
                      if m["msg_type"] == "stream" and m["content"]["name"] == "stdout")
        res = [m["content"]["data"].get("text/plain") for m in msgs if m["msg_type"] == "execute_result"]
        inputs = [m["content"]["execution_count"] for m in msgs if m["msg_type"] == "execute_input"]
        types = [m["msg_type"] for m in msgs]
        if not types or types[0] != "status" or msgs[0]["content"]["execution_state"] != "busy":
            self.fail(where + ": iopub does not open with busy: %s" % types[:3])
        stored = not cell.silent
        if stored:
            if self.count is not None and c.get("execution_count") != self.count:
                self.fail(where + ": execution_count %s, want %s" % (c.get("execution_count"), self.count))
            if inputs != [c.get("execution_count")]:
                self.fail(where + ": execute_input %s, reply %s" % (inputs, c.get("execution_count")))
            self.count = c.get("execution_count", 0) + 1
        elif inputs:
            self.fail(where + ": silent cell published execute_input")
        if cell.kind == "busy-print":  # whole lines 0, 1, 2 ... however it ended
            lines = out.split("\n")
            if lines[-1] != "" or lines[:-1] != [str(x) for x in range(len(lines) - 1)]:
                self.fail(where + ": stdout not whole consecutive lines: %r" % out[-80:])
        if interrupted and st == "error" and c.get("ename") == "KeyboardInterrupt":
            self.stats["interrupted"] += 1
            return "error"
        want_st, want_en, want_out, want_res = cell.expect(self.model)
        if st != want_st or (want_en and c.get("ename") != want_en):
            self.fail(where + ": %s %s: %s, want %s %s" % (st, c.get("ename"), c.get("evalue", "")[:200],
                                                         want_st, want_en))
        if want_out is not None and out != want_out and not interrupted:
            self.fail(where + ": stdout %r, want %r" % (out[:200], want_out[:200]))
        if cell.silent:
            if res:
                self.fail(where + ": silent cell published a result")
        elif want_res is not None and res != [want_res]:
            self.fail(where + ": result %r, want %r" % (res, want_res))
        self.stats[st] = self.stats.get(st, 0) + 1
        return st

    def run(self, cell):
        return self.read_batch([cell], [self.send(cell)])[0]

    def run_value(self, code):
        """The text/plain result of one stored helper cell (None on error)."""
        mid = self.kc.execute(code, stop_on_error=False)
        self.stats["sent"] += 1
        r = self.kc.get_shell_msg(timeout=TIMEOUT)
        if r["parent_header"].get("msg_id") != mid:
            self.fail("%s: helper reply out of order" % self.name)
        res = None
        deadline = time.time() + TIMEOUT
        while time.time() < deadline:
            try:
                m = self.kc.get_iopub_msg(timeout=1)
            except queue.Empty:
                continue
            if m["parent_header"].get("msg_id") != mid:
                continue
            if m["msg_type"] == "execute_result":
                res = m["content"]["data"]["text/plain"]
            if m["msg_type"] == "execute_input" and self.count is not None \
                    and m["content"]["execution_count"] != self.count:
                self.fail("%s: helper execute_input %s, want %s" % (self.name, m["content"]["execution_count"], self.count))
            if m["msg_type"] == "status" and m["content"]["execution_state"] == "idle":
                break
        if self.count is not None:
            self.count += 1
        if r["content"]["status"] != "ok":
            self.fail("%s: helper %r: %s %s" % (self.name, code[:50], r["content"].get("ename"),
                                                r["content"].get("evalue")))
        return res


def interrupt_control(kc, timeout=TIMEOUT):
    msg = kc.session.msg("interrupt_request", {})
    kc.control_channel.send(msg)
    deadline = time.time() + timeout
    while time.time() < deadline:
        r = kc.get_control_msg(timeout=timeout)
        if r["parent_header"].get("msg_id") == msg["header"]["msg_id"]:
            return r
    raise AssertionError("no interrupt_reply")


def interrupt_signal(km, pid):
    km.interrupt_kernel()
    deadline = time.time() + IDLE_SIGINT_WAIT
    while sigint_pending(pid) and time.time() < deadline:
        time.sleep(0.001)


POOL_CELL = ("bigkeep = c = w = None\n_p = cp.get_default_memory_pool()\n_p.free_all_blocks()\n"
             "(_p.used_bytes(), _p.total_bytes())")


def phase_main(km, kc, tap, cfg, rng, report):
    pid = kernel_pid(km)
    R = Runner(kc, tap, "main")
    N, I = cfg["n"], cfg["interrupts"]
    big_elems = cfg["big_mb"] * (1 << 20) // 8
    setup = "import time\nimport sys\nimport numpy as np\nimport cupy as cp\ncounter = 0\nbigkeep = None"
    R.run_value(setup)
    R.count = None
    R.run_value("1")  # learns the count from here on
    pool0 = R.run_value(POOL_CELL)
    # one of each big/busy cell first: the heap's high-water mark (freed
    # blocks under the trim threshold stay resident) is reached before the
    # first measurement, so what grows after it is a leak
    for k in range(5):
        wr = random.Random(k)
        while True:
            c = busy_cell(wr, True)
            if c.kind == ("busy-loop", "busy-sleep", "busy-arrays", "busy-sort", "busy-print")[k]:
                break
        R.run(c)
    for mod in ("np", "cp"):
        R.run_value("bigkeep = %s.ones(%d)\nbigkeep = None" % (mod, big_elems))
    # the kernel opens its history database (3 descriptors) at the first
    # pause of 200 ms with cells to write: before the first measurement too
    time.sleep(0.5)
    busy_at = set(rng.sample(range(N), min(I, N)))
    checkpoint = max(1, N // 10)
    samples = []
    base = None
    step = max(1, N // 20)
    next_sample = step
    i = 0
    t0 = time.time()
    n_int = {"signal": 0, "control": 0, "idle": 0, "before": 0, "after": 0}
    lost = False
    try:
        while i < N:
            if i in busy_at:
                cell = busy_cell(rng, True)
                mid = R.send(cell)
                how = "signal" if rng.random() < 0.5 else "control"
                # a random moment: at once (before the cell starts), while it
                # runs, or after it ended
                u = rng.random()
                delay = 0.0 if u < 0.1 else (rng.uniform(0.4, 0.6) if u < 0.2 else rng.uniform(0.0, 0.3))
                n_int["before" if u < 0.1 else ("after" if u < 0.2 else how)] += 1
                time.sleep(delay)
                if how == "signal":
                    interrupt_signal(km, pid)
                else:
                    interrupt_control(kc)
                R.read_batch([cell], [mid], interrupted={mid})
                i += 1
                if rng.random() < 0.1:  # an interrupt while idle changes nothing
                    n_int["idle"] += 1
                    if rng.random() < 0.5:
                        interrupt_signal(km, pid)
                    else:
                        interrupt_control(kc)
                continue
            size = rng.choice([1, 1, 1, 2, 3, 5, 8])
            cells = []
            while len(cells) < size and i < N and i not in busy_at:
                cells.append(make_cell(rng, i, big_elems, True))
                i += 1
            ids = [R.send(c) for c in cells]
            R.read_batch(cells, ids)
            if i >= next_sample:
                R.run_value("bigkeep = None")
                rss, fds = proc_status(pid)
                samples.append((i, rss, fds))
                if base is None and i >= checkpoint:
                    base = (rss, fds)
                next_sample = i + step
    except queue.Empty:
        lost = True
    elapsed = time.time() - t0
    pool1 = R.run_value(POOL_CELL)
    rss, fds = proc_status(pid)
    if not samples or samples[-1][0] != i:
        samples.append((i, rss, fds))
    counter = R.run_value("counter")
    tap.ok(not lost, "main: every one of %d requests got its reply" % R.stats["sent"])
    tap.ok(not R.fail_notes, "main: replies in order, counts, statuses and output as expected",
           "\n".join(R.fail_notes))
    tap.ok(counter == str(R.model.counter), "main: the counter survived (%s, want %d)" % (counter, R.model.counter))
    if base is None:
        base = samples[0][1:]
    end_rss, end_fds = samples[-1][1], samples[-1][2]
    tap.ok(end_rss <= base[0] * 1.05,
           "main: VmRSS flat: %d KiB at cell %d, %d KiB at the end (%+.1f%%)"
           % (base[0], checkpoint, end_rss, 100.0 * (end_rss - base[0]) / base[0]))
    tap.ok(end_fds <= base[1] * 1.05,
           "main: descriptors flat: %d at cell %d, %d at the end" % (base[1], checkpoint, end_fds))
    tap.ok(pool0 == pool1 and pool1 is not None,
           "main: pool (used, total) bytes after del + free_all_blocks: %s at the start, %s at the end"
           % (pool0, pool1))
    tap.note("main: %d cells in %.1f s (%.1f cells/s); statuses %s; interrupts %s" %
             (N, elapsed, N / max(elapsed, 1e-9), R.stats, n_int))
    tap.note("main: (cell, VmRSS KiB, fds): " + " ".join("(%d,%d,%d)" % s for s in samples))
    report["main"] = {"cells": N, "seconds": round(elapsed, 1), "stats": R.stats, "interrupts": n_int,
                      "rss_kib_base": base[0], "rss_kib_end": end_rss, "fds_base": base[1],
                      "fds_end": end_fds, "checkpoint": checkpoint, "samples": samples,
                      "pool_start": pool0, "pool_end": pool1}
    return R


def phase_flood(kc, tap, cfg, rng, R, report):
    F = cfg["flood"]
    cells = []
    for j in range(F):
        c = make_cell(rng, 100000 + j, 1000, True)
        if c.kind == "big":
            c = make_cell(rng, 100000 + j, 1000, True)
        c.stop_on_error = False
        cells.append(c)
    t0 = time.time()
    ids = [R.send(c) for c in cells]
    sent = time.time() - t0
    before = len(R.fail_notes)
    lost = False
    try:
        R.read_batch(cells, ids)
    except queue.Empty:
        lost = True
    notes = R.fail_notes[before:]
    tap.ok(not lost and not notes, "flood: %d requests sent in %.2f s without reading, all %d replies in order "
           "(%.1f s)" % (F, sent, F, time.time() - t0), "\n".join(notes))
    report["flood"] = {"requests": F, "ok": not lost and not notes}


def phase_two(km, tap, cfg, rng, report):
    M = cfg["two"]
    kcs = [new_client(km) for _ in range(2)]
    runners = [Runner(k, tap, "client%d" % n) for n, k in enumerate(kcs)]
    counts = [[], []]
    errors = []

    def work(n):
        R = runners[n]
        r2 = random.Random(cfg["seed"] * 7 + n)
        try:
            for j in range(M):
                code = "v%d_%d = %d\nv%d_%d" % (n, j % 5, j, n, j % 5)
                mid = R.kc.execute(code, stop_on_error=False)
                rep = R.kc.get_shell_msg(timeout=TIMEOUT)
                if rep["parent_header"].get("msg_id") != mid:
                    errors.append("client%d: reply for %s, want %s" % (n, rep["parent_header"].get("msg_id"), mid))
                if rep["content"]["status"] != "ok":
                    errors.append("client%d: %s" % (n, rep["content"]))
                counts[n].append(rep["content"].get("execution_count"))
                if r2.random() < 0.2:
                    time.sleep(r2.uniform(0, 0.005))
        except Exception as e:  # noqa: BLE001
            errors.append("client%d: %r" % (n, e))

    th = [threading.Thread(target=work, args=(n,)) for n in range(2)]
    for t in th:
        t.start()
    for t in th:
        t.join()
    allc = sorted(counts[0] + counts[1])
    contiguous = allc == list(range(allc[0], allc[0] + len(allc))) if allc else False
    increasing = all(counts[n] == sorted(counts[n]) for n in range(2))
    tap.ok(not errors and contiguous and increasing and len(allc) == 2 * M,
           "two clients: %d requests each from two threads, own replies in order, counts unique and contiguous"
           % M, "\n".join(errors[:20]) + "\ncounts %s..%s n=%d" % (allc[:1], allc[-1:], len(allc)))
    # each sees what the other made
    a = runners[0].run_value("v1_%d" % ((M - 1) % 5))
    b = runners[1].run_value("v0_%d" % ((M - 1) % 5))
    tap.ok(a == str(M - 1) and b == str(M - 1), "two clients: each sees the other's variables (%s, %s)" % (a, b))
    for k in kcs:
        k.stop_channels()
    report["two"] = {"each": M, "ok": not errors and contiguous and increasing}


KILLED_CLIENT = r"""
import sys, time
from jupyter_client import BlockingKernelClient
kc = BlockingKernelClient(connection_file=sys.argv[1])
kc.load_connection_file()
kc.start_channels()
kc.wait_for_ready(timeout=60)
r = kc.execute_interactive("killed_var = %s" % sys.argv[2], timeout=60)
assert r["content"]["status"] == "ok", r
mid = kc.execute("t0 = time.time()\nwhile time.time() - t0 < 0.8:\n    pass\nkilled_after = %s" % sys.argv[2])
while True:
    m = kc.get_iopub_msg(timeout=60)
    if m["parent_header"].get("msg_id") == mid and m["msg_type"] == "execute_input":
        break
print("running", flush=True)
time.sleep(60)
"""


def phase_killed(km, tap, cfg, report, tmp):
    K = cfg["kills"]
    pid = kernel_pid(km)
    script = os.path.join(tmp, "killed_client.py")
    with open(script, "w") as f:
        f.write(KILLED_CLIENT)
    kc = new_client(km)
    R = Runner(kc, tap, "after-kill")
    R.run_value("import time")
    fds0 = proc_status(pid)[1]
    bad = []
    for k in range(K):
        p = subprocess.Popen([sys.executable, script, km.connection_file, str(1000 + k)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = p.stdout.readline()
        if line.strip() != "running":
            bad.append("client %d did not start its cell: %r %r" % (k, line, p.stderr.read()[-500:]))
            p.kill()
            p.wait()
            continue
        os.kill(p.pid, signal.SIGKILL)
        p.wait()
        p.stdout.close()
        p.stderr.close()
        # a new client, as a notebook reconnecting would
        kc2 = new_client(km)
        R2 = Runner(kc2, tap, "new%d" % k)
        v = R2.run_value("(killed_var, killed_after, counter)")
        if not v or not v.startswith("(%d, %d, " % (1000 + k, 1000 + k)):
            bad.append("after kill %d: %r" % (k, v))
        kc2.stop_channels()
        bad += R2.fail_notes
    time.sleep(0.5)
    fds1 = proc_status(pid)[1]
    bad += R.fail_notes
    tap.ok(not bad, "killed: %d clients SIGKILLed while their cell ran; a new client saw their variables "
           "and the earlier ones" % K, "\n".join(bad))
    tap.ok(fds1 <= fds0 + 2, "killed: kernel descriptors %d before, %d after" % (fds0, fds1))
    kc.stop_channels()
    report["killed"] = {"kills": K, "fds_before": fds0, "fds_after": fds1, "ok": not bad}


def phase_restarts(tap, cfg, report, kernel_name):
    from jupyter_client.manager import KernelManager
    Rn = cfg["restarts"]
    km = KernelManager(kernel_name=kernel_name)
    km.start_kernel()
    kc = km.client()
    kc.start_channels()
    kc.wait_for_ready(timeout=TIMEOUT)
    bad = []
    me0 = len(os.listdir("/proc/self/fd"))
    t0 = time.time()
    for r in range(Rn):
        R = Runner(kc, tap, "restart%d" % r)
        R.run_value("gen = %d" % r)
        old = kernel_pid(km)
        try:
            km.restart_kernel(now=(r % 2 == 1))
            kc.wait_for_ready(timeout=TIMEOUT)
        except Exception as e:  # noqa: BLE001
            bad.append("restart %d: %r" % (r, e))
            break
        new = kernel_pid(km)
        if new == old or os.path.exists("/proc/%d" % old):
            bad.append("restart %d: old kernel %s still there (new %s)" % (r, old, new))
        mid = kc.execute("gen", stop_on_error=False)
        rep = kc.get_shell_msg(timeout=TIMEOUT)
        while rep["parent_header"].get("msg_id") != mid:  # a reply meant for the old kernel
            bad.append("restart %d: stale reply %s" % (r, rep["msg_type"]))
            rep = kc.get_shell_msg(timeout=TIMEOUT)
        c = rep["content"]
        if c.get("ename") != "NameError" or c.get("execution_count") != 1:
            bad.append("restart %d: after the restart `gen` gave %s %s count %s" %
                       (r, c.get("status"), c.get("ename"), c.get("execution_count")))
        bad += R.fail_notes
    elapsed = time.time() - t0
    me1 = len(os.listdir("/proc/self/fd"))
    kc.stop_channels()
    km.shutdown_kernel(now=False)
    tap.ok(not bad, "restarts: %d restarts (graceful and forced) in %.1f s, each kernel fresh, the old one gone"
           % (Rn, elapsed), "\n".join(bad[:20]))
    tap.note("restarts: the client's own descriptors %d before, %d after" % (me0, me1))
    report["restarts"] = {"restarts": Rn, "seconds": round(elapsed, 1), "ok": not bad,
                          "client_fds": [me0, me1]}


def install_kernelspec(root, kernel, device):
    d = os.path.join(root, "kernels", "lumen-soak")
    os.makedirs(d)
    with open(os.path.join(d, "kernel.json"), "w") as f:
        json.dump({"argv": [kernel, "-f", "{connection_file}"], "display_name": "Lumen soak",
                   "language": "python", "interrupt_mode": "signal",
                   "env": {"LUMEN_DEVICE": device}}, f)
    return "lumen-soak"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", required=True)
    ap.add_argument("--json", help="write the numbers here")
    args = ap.parse_args()
    try:
        import jupyter_client  # noqa: F401
    except ImportError as e:
        print("1..0 # SKIP no jupyter_client (%s)" % e)
        return 0
    kernel = os.path.abspath(args.kernel)
    if not os.access(kernel, os.X_OK):
        print("1..0 # SKIP %s is not built" % kernel)
        return 0
    cfg = {"n": env_int("SOAK_N", 10000), "interrupts": env_int("SOAK_INTERRUPTS", 1000),
           "restarts": env_int("SOAK_RESTARTS", 100), "flood": env_int("SOAK_FLOOD", 500),
           "kills": env_int("SOAK_KILLS", 10), "big_mb": env_int("SOAK_BIG_MB", 100),
           "two": env_int("SOAK_TWO", 300), "seed": env_int("SOAK_SEED", 1)}
    device = os.environ.get("LUMEN_DEVICE", "host")
    tap = Tap()
    tap.note("soak: %s, LUMEN_DEVICE=%s" % (cfg, device))
    rng = random.Random(cfg["seed"])
    tmp = tempfile.mkdtemp(prefix="lumen-soak-")
    report = {"config": cfg, "device": device}
    os.environ.update(JUPYTER_PATH=os.path.join(tmp, "jupyter"), JUPYTER_RUNTIME_DIR=os.path.join(tmp, "rt"),
                      JUPYTER_DATA_DIR=os.path.join(tmp, "data"), JUPYTER_PLATFORM_DIRS="1")
    name = install_kernelspec(os.path.join(tmp, "jupyter"), kernel, device)
    from jupyter_client.manager import KernelManager
    km = KernelManager(kernel_name=name)
    try:
        km.start_kernel()
        kc = km.client()
        kc.start_channels()
        kc.wait_for_ready(timeout=TIMEOUT)
        R = phase_main(km, kc, tap, cfg, rng, report)
        phase_flood(kc, tap, cfg, rng, R, report)
        kc.stop_channels()
        phase_two(km, tap, cfg, rng, report)
        phase_killed(km, tap, cfg, report, tmp)
        alive = km.is_alive()
        tap.ok(alive, "the soaked kernel is alive at the end")
        km.shutdown_kernel(now=False)
        phase_restarts(tap, cfg, report, name)
    except Exception as e:  # noqa: BLE001
        import traceback
        tap.ok(False, "soak stopped: %r" % e, traceback.format_exc())
    finally:
        try:
            if km.has_kernel:
                km.shutdown_kernel(now=True)
        except Exception:  # noqa: BLE001
            pass
        shutil.rmtree(tmp, ignore_errors=True)
    print("1..%d" % tap.n, flush=True)
    report["failed"] = tap.failed
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)
    return 1 if tap.failed else 0


if __name__ == "__main__":
    sys.exit(main())
