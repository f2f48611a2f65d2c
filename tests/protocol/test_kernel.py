"""Lumen against real Jupyter clients: jupyter_kernel_test and jupyter_client.

Run by run_tap.py (which installs a kernelspec for the built kernel into a
temporary JUPYTER_PATH) or directly:  python3 -m unittest test_kernel
with JUPYTER_PATH pointing at a kernelspec named "lumen".
"""
import ctypes
import os
import queue
import shlex
import shutil
import signal
import sqlite3
import subprocess
import sysconfig
import tempfile
import time
import unittest

import jupyter_kernel_test as jkt
from jupyter_client.manager import KernelManager, start_new_kernel

TIMEOUT = 30
os.environ.setdefault("LUMEN_DEVICE", "host")


class LumenKernelTests(jkt.KernelTests):
    """The jupyter_kernel_test conformance suite with every sample filled."""

    kernel_name = "lumen"
    language_name = "python"
    file_extension = ".py"

    code_hello_world = "print('hello, world')"
    code_stderr = "import sys\nprint('test', file=sys.stderr)"
    completion_samples = [
        {"text": "zi", "matches": {"zip"}},
    ]
    complete_code_samples = ["1", "print('hello, world')", "def f(x):\n  return x*2\n\n\n"]
    incomplete_code_samples = ["print('''hello", "def f(x):", "for i in range(3):"]
    invalid_code_samples = ["import = 7q"]
    code_inspect_sample = "zip"
    code_history_pattern = "1?2*"
    supported_history_operations = ("tail", "range", "search")
    code_execute_result = [
        {"code": "1+2+3", "result": "6"},
        {"code": "[n*n for n in range(1, 4)]", "result": "[1, 4, 9]"},
    ]
    code_display_data = [
        {"code": "display(42)", "mime": "text/plain"},
    ]
    code_page_something = "print?"
    code_generate_error = "1/0"
    code_clear_output = "clear_output()"


def start():
    return start_new_kernel(kernel_name="lumen", startup_timeout=TIMEOUT)


def collect_iopub(kc, msg_id, timeout=TIMEOUT):
    """iopub messages whose parent is msg_id, up to its status idle."""
    out = []
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            msg = kc.get_iopub_msg(timeout=1)
        except queue.Empty:
            continue
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        out.append(msg)
        if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
            return out
    raise AssertionError("no status idle for %s" % msg_id)


def shell_reply(kc, msg_id, timeout=TIMEOUT):
    deadline = time.time() + timeout
    while time.time() < deadline:
        reply = kc.get_shell_msg(timeout=timeout)
        if reply["parent_header"].get("msg_id") == msg_id:
            return reply
    raise AssertionError("no reply for %s" % msg_id)


def run(kc, code, **kw):
    msg_id = kc.execute(code, **kw)
    reply = shell_reply(kc, msg_id)
    return reply, collect_iopub(kc, msg_id)


def interrupt_until_reply(kc, msg_id, interrupt):
    """Interrupts until msg_id's reply comes, for a caller that does not wait
    for the cell's execute_input: an interrupt that reaches the kernel before
    the cell started finds it idle and does nothing."""
    deadline = time.time() + TIMEOUT
    while time.time() < deadline:
        interrupt()
        try:
            reply = kc.get_shell_msg(timeout=3)
        except queue.Empty:
            continue
        if reply["parent_header"].get("msg_id") == msg_id:
            return reply
    raise AssertionError("the interrupt did not stop the cell")


# LD_PRELOAD'd into a kernel: its main thread stalls right after it sent a
# failed cell's execute_reply, as a loaded machine may preempt it there.
STALL_AFTER_ERROR_REPLY_C = r"""
#define _GNU_SOURCE
#include <dlfcn.h>
#include <string.h>
#include <unistd.h>
#include <zmq.h>

static __thread int error_reply;

int zmq_send(void *s, const void *buf, size_t len, int flags)
{
	static int (*real)(void *, const void *, size_t, int);
	int rc;

	if (!real)
		real = (int (*)(void *, const void *, size_t, int))dlsym(RTLD_NEXT, "zmq_send");
	if (memmem(buf, len, "\"msg_type\":\"execute_reply\"", 26))
		error_reply = 1;
	if (!(flags & ZMQ_SNDMORE) && !memmem(buf, len, "\"status\":\"error\"", 16))
		error_reply = 0;
	rc = real(s, buf, len, flags);
	if (error_reply && !(flags & ZMQ_SNDMORE)) {
		error_reply = 0;
		usleep(300000);
	}
	return rc;
}
"""


def build_stall_shim(tmpdir):
    """The shim above as a shared object, or None without a C compiler."""
    src = os.path.join(tmpdir, "stall.c")
    out = os.path.join(tmpdir, "stall.so")
    with open(src, "w") as f:
        f.write(STALL_AFTER_ERROR_REPLY_C)
    cc = shlex.split(sysconfig.get_config_var("CC") or "cc")
    try:
        subprocess.run(cc + ["-shared", "-fPIC", "-o", out, src, "-ldl"], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except (OSError, subprocess.CalledProcessError):
        return None
    return out


def streams(msgs, name="stdout"):
    return "".join(m["content"]["text"] for m in msgs
                   if m["msg_type"] == "stream" and m["content"]["name"] == name)


class LumenClientTests(unittest.TestCase):
    """Every message the kernel serves, through jupyter_client."""

    @classmethod
    def setUpClass(cls):
        cls.km, cls.kc = start()

    @classmethod
    def tearDownClass(cls):
        cls.kc.stop_channels()
        cls.km.shutdown_kernel(now=True)

    def setUp(self):
        # drain leftovers from an earlier test
        for ch in (self.kc.shell_channel, self.kc.iopub_channel, self.kc.stdin_channel):
            while True:
                try:
                    ch.get_msg(timeout=0.05)
                except queue.Empty:
                    break

    def test_kernel_info_reply(self):
        msg_id = self.kc.kernel_info()
        reply = shell_reply(self.kc, msg_id)
        c = reply["content"]
        self.assertEqual(reply["header"]["version"], "5.4")
        self.assertEqual(c["status"], "ok")
        self.assertEqual(c["protocol_version"], "5.4")
        self.assertEqual(c["implementation"], "lumen")
        self.assertTrue(c["implementation_version"])
        self.assertTrue(c["banner"])
        # the banner never waits for CUDA; forced host mode (or a build without CUDA)
        # says why at once
        self.assertRegex(c["banner"], r"cp arrays live in host memory: "
                         r"(LUMEN_DEVICE=host|Lumen was built without CUDA)")
        li = c["language_info"]
        self.assertEqual(li["name"], "python")
        self.assertEqual(li["version"], "3.11")
        self.assertEqual(li["mimetype"], "text/x-python")
        self.assertEqual(li["file_extension"], ".py")
        self.assertEqual(li["pygments_lexer"], "ipython3")
        self.assertEqual(li["codemirror_mode"], {"name": "ipython", "version": 3})
        self.assertEqual(li["nbconvert_exporter"], "python")
        self.assertIsInstance(c["help_links"], list)
        # wrapped in busy/idle with the request as parent
        states = [m["content"]["execution_state"] for m in collect_iopub(self.kc, msg_id)
                  if m["msg_type"] == "status"]
        self.assertEqual(states, ["busy", "idle"])

    def test_kernel_info_on_control(self):
        msg = self.kc.session.msg("kernel_info_request")
        self.kc.control_channel.send(msg)
        reply = self.kc.control_channel.get_msg(timeout=TIMEOUT)
        self.assertEqual(reply["msg_type"], "kernel_info_reply")
        self.assertEqual(reply["parent_header"]["msg_id"], msg["header"]["msg_id"])

    def test_header_fields(self):
        reply, msgs = run(self.kc, "print(1)")
        for m in [reply] + msgs:
            h = m["header"]
            self.assertEqual(h["version"], "5.4")
            self.assertEqual(len(h["msg_id"]), 36)
            self.assertTrue(h["session"])
            self.assertIn("username", h)
            self.assertIsNotNone(h["date"].tzinfo)

    def test_execute_counts_and_input(self):
        reply, msgs = run(self.kc, "1+1")
        n = reply["content"]["execution_count"]
        inputs = [m for m in msgs if m["msg_type"] == "execute_input"]
        results = [m for m in msgs if m["msg_type"] == "execute_result"]
        self.assertEqual(len(inputs), 1)
        self.assertEqual(inputs[0]["content"]["code"], "1+1")
        self.assertEqual(inputs[0]["content"]["execution_count"], n)
        self.assertEqual(results[0]["content"]["execution_count"], n)
        self.assertEqual(results[0]["content"]["data"]["text/plain"], "2")
        reply2, _ = run(self.kc, "2+2")
        self.assertEqual(reply2["content"]["execution_count"], n + 1)
        states = [m["content"]["execution_state"] for m in msgs if m["msg_type"] == "status"]
        self.assertEqual(states, ["busy", "idle"])
        self.assertEqual(msgs[0]["msg_type"], "status")

    def test_silent(self):
        before, _ = run(self.kc, "0")
        reply, msgs = run(self.kc, "5*5", silent=True)
        self.assertEqual(reply["content"]["status"], "ok")
        kinds = [m["msg_type"] for m in msgs]
        self.assertNotIn("execute_input", kinds)
        self.assertNotIn("execute_result", kinds)
        after, _ = run(self.kc, "0")
        self.assertEqual(after["content"]["execution_count"],
                         before["content"]["execution_count"] + 1)

    def test_print_order_and_unicode(self):
        reply, msgs = run(self.kc, "print('a')\nprint('é€😀')\nprint('b')")
        self.assertEqual(reply["content"]["status"], "ok")
        self.assertEqual(streams(msgs), "a\né€😀\nb\n")

    def test_print_loop_arrives_whole(self):
        # 10^5 prints: coalesced, so no message (status idle included) is
        # lost to the subscriber's high-water mark
        reply, msgs = run(self.kc, "for i in range(100000):\n    print(i)")
        self.assertEqual(reply["content"]["status"], "ok")
        self.assertEqual(streams(msgs), "".join("%d\n" % i for i in range(100000)))

    def test_big_print_arrives_whole_and_in_order(self):
        # 5 MB in one write: split into several stream messages (each ends
        # at a line end when there is one) that add up to the text, in order
        reply, msgs = run(self.kc, "print(''.join(['%07d\\n' % i for i in range(625000)]), end='')")
        self.assertEqual(reply["content"]["status"], "ok")
        parts = [m["content"]["text"] for m in msgs if m["msg_type"] == "stream"]
        self.assertEqual("".join(parts), "".join("%07d\n" % i for i in range(625000)))
        self.assertGreater(len(parts), 1)
        self.assertTrue(all(p.endswith("\n") for p in parts))

    def test_big_print_splits_between_characters(self):
        # 6 MB of multibyte characters, no newline, odd offsets: no split
        # breaks a character (a broken one would arrive as U+FFFD)
        reply, msgs = run(self.kc, "print('a' + '\\u00e9' * 1500000 + '\\u20ac' * 1000000, end='')")
        self.assertEqual(reply["content"]["status"], "ok")
        parts = [m["content"]["text"] for m in msgs if m["msg_type"] == "stream"]
        self.assertEqual("".join(parts), "a" + "\u00e9" * 1500000 + "\u20ac" * 1000000)
        self.assertGreater(len(parts), 1)

    def test_output_is_live_while_the_cell_sleeps(self):
        # print, sleep 2 s, print: the first text must reach the client when
        # printed, not with the second at the cell's end
        msg_id = self.kc.execute("import time\nprint('before')\ntime.sleep(2)\nprint('after')")
        arrived = {}
        deadline = time.time() + TIMEOUT
        while time.time() < deadline and "idle" not in arrived:
            try:
                msg = self.kc.get_iopub_msg(timeout=1)
            except queue.Empty:
                continue
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            if msg["msg_type"] == "stream":
                for word in ("before", "after"):
                    if word in msg["content"]["text"]:
                        arrived.setdefault(word, time.monotonic())
            elif msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                arrived["idle"] = time.monotonic()
        shell_reply(self.kc, msg_id)
        self.assertIn("before", arrived)
        self.assertIn("after", arrived)
        # the sleep separates them: at least 1 s, however busy the machine
        self.assertGreater(arrived["after"] - arrived["before"], 1.0)

    def test_stdout_stderr_order(self):
        reply, msgs = run(self.kc, "import sys\nfor i in range(3):\n"
                                   "    print('o', i)\n    print('e', i, file=sys.stderr)")
        seq = [(m["content"]["name"], m["content"]["text"]) for m in msgs
               if m["msg_type"] == "stream"]
        text = "".join(t for _, t in seq)
        self.assertEqual(text, "o 0\ne 0\no 1\ne 1\no 2\ne 2\n")
        for name, t in seq:
            self.assertTrue(all(line[0] == name[3] for line in t.splitlines()))

    def test_stream_is_sent_while_the_cell_runs(self):
        # the cell prints, then waits on input(): the print must already be
        # on iopub before we answer, so output is not held to the cell's end
        msg_id = self.kc.execute("print('first')\nx = input('? ')\nprint('got', x)",
                                 allow_stdin=True)
        req = self.kc.get_stdin_msg(timeout=TIMEOUT)
        seen = []
        try:
            self.assertEqual(req["msg_type"], "input_request")
            deadline = time.time() + TIMEOUT
            while "first\n" not in streams(seen) and time.time() < deadline:
                try:
                    seen.append(self.kc.get_iopub_msg(timeout=1))
                except queue.Empty:
                    pass
            self.assertIn("first\n", streams(seen))
        finally:
            self.kc.input("later")
        shell_reply(self.kc, msg_id)
        rest = collect_iopub(self.kc, msg_id)
        self.assertIn("got later", streams(seen + rest))

    def test_stdin(self):
        msg_id = self.kc.execute("name = input('Your name: ')\nprint('hi', name)",
                                 allow_stdin=True)
        req = self.kc.get_stdin_msg(timeout=TIMEOUT)
        self.kc.input("Ada")  # answer first: a failed check must not hang the kernel
        self.assertEqual(req["msg_type"], "input_request")
        self.assertEqual(req["content"]["prompt"], "Your name: ")
        self.assertFalse(req["content"]["password"])
        self.assertEqual(req["parent_header"]["msg_id"], msg_id)
        reply = shell_reply(self.kc, msg_id)
        self.assertEqual(reply["content"]["status"], "ok")
        self.assertIn("hi Ada", streams(collect_iopub(self.kc, msg_id)))

    def test_stdin_not_allowed(self):
        reply, msgs = run(self.kc, "x = input('no: ')", allow_stdin=False)
        self.assertEqual(reply["content"]["status"], "error")
        self.assertEqual(reply["content"]["ename"], "StdinNotImplementedError")

    def test_error_reply(self):
        reply, msgs = run(self.kc, "1/0")
        c = reply["content"]
        self.assertEqual(c["status"], "error")
        self.assertEqual(c["ename"], "ZeroDivisionError")
        self.assertIsInstance(c["traceback"], list)
        errs = [m for m in msgs if m["msg_type"] == "error"]
        self.assertEqual(len(errs), 1)
        self.assertEqual(errs[0]["content"]["ename"], "ZeroDivisionError")
        self.assertEqual(errs[0]["content"]["evalue"], c["evalue"])

    def test_variables_survive_errors(self):
        run(self.kc, "keep = 41")
        run(self.kc, "keep = keep + 1\n1/0")
        reply, msgs = run(self.kc, "print(keep)")
        self.assertEqual(streams(msgs), "42\n")

    def test_user_expressions(self):
        reply, _ = run(self.kc, "ue = 20",
                       user_expressions={"a": "ue + 1", "b": "1/0"})
        ue = reply["content"]["user_expressions"]
        self.assertEqual(ue["a"]["status"], "ok")
        self.assertEqual(ue["a"]["data"]["text/plain"], "21")
        self.assertEqual(ue["b"]["status"], "error")
        self.assertEqual(ue["b"]["ename"], "ZeroDivisionError")

    def test_display_data(self):
        reply, msgs = run(self.kc, "display(42)")
        disp = [m for m in msgs if m["msg_type"] == "display_data"]
        self.assertEqual(len(disp), 1)
        self.assertEqual(disp[0]["content"]["data"]["text/plain"], "42")
        self.assertIn("metadata", disp[0]["content"])

    def outputs(self, code, types=("display_data", "update_display_data", "clear_output",
                                   "execute_result", "error")):
        reply, msgs = run(self.kc, code)
        return reply, [m for m in msgs if m["msg_type"] in types]

    def test_matplotlib_inline(self):
        """A cell's figures are shown when it ends (PNG, or SVG after %config), once,
        after its execute_result; plt.show() shows them at once; a closed one is not."""
        reply, out = self.outputs("import matplotlib.pyplot as plt")
        if reply["content"]["status"] != "ok":
            self.skipTest("this Lumen has no matplotlib (built without Cairo)")
        reply, out = self.outputs("plt.plot([1, 3, 2])")
        self.assertEqual([m["msg_type"] for m in out], ["execute_result", "display_data"])
        data = out[1]["content"]["data"]
        self.assertEqual(data["text/plain"], "<Figure size 640x480 with 1 Axes>")
        import base64
        self.assertTrue(base64.b64decode(data["image/png"]).startswith(b"\x89PNG"))
        reply, out = self.outputs("x = 1")
        self.assertEqual(out, [])  # the figure was closed after it was shown
        reply, out = self.outputs("fig, ax = plt.subplots()\nax.plot([1])\nplt.show()\nprint('after')",
                                  types=("display_data", "stream"))
        self.assertEqual([m["msg_type"] for m in out], ["display_data", "stream"])
        reply, out = self.outputs("plt.plot([1]); plt.close()")
        self.assertEqual(out, [])
        reply, out = self.outputs("%config InlineBackend.figure_formats = ['svg']\nplt.figure(); plt.plot([2])")
        self.assertIn("<svg", out[-1]["content"]["data"]["image/svg+xml"])
        reply, out = self.outputs("%config InlineBackend.figure_formats = ['png']\nplt.plot([1]); 1/0")
        self.assertEqual([m["msg_type"] for m in out], ["display_data", "error"])

    def test_display_handle(self):
        reply, out = self.outputs("h = display(42, display_id=True)\nh")
        self.assertEqual(reply["content"]["status"], "ok")
        self.assertEqual([m["msg_type"] for m in out], ["display_data", "execute_result"])
        did = out[0]["content"]["transient"]["display_id"]
        self.assertRegex(did, r"^[0-9a-f]{32}$")
        self.assertEqual(out[0]["content"]["data"]["text/plain"], "42")
        self.assertEqual(out[1]["content"]["data"]["text/plain"],
                         "<DisplayHandle display_id=%s>" % did)
        # handle.update: update_display_data with the same id
        _, out = self.outputs("h.update(43)")
        self.assertEqual([m["msg_type"] for m in out], ["update_display_data"])
        self.assertEqual(out[0]["content"]["transient"], {"display_id": did})
        self.assertEqual(out[0]["content"]["data"]["text/plain"], "43")
        self.assertIn("metadata", out[0]["content"])
        # update_display(obj, display_id=...) from IPython.display
        _, out = self.outputs("from IPython.display import update_display\n"
                              "update_display('x', display_id=h.display_id)")
        self.assertEqual([m["msg_type"] for m in out], ["update_display_data"])
        self.assertEqual(out[0]["content"]["transient"]["display_id"], did)
        self.assertEqual(out[0]["content"]["data"]["text/plain"], "'x'")
        # handle.display: a new display_data carrying the id (returns None)
        _, out = self.outputs("h.display(44)")
        self.assertEqual([m["msg_type"] for m in out], ["display_data"])
        self.assertEqual(out[0]["content"]["transient"]["display_id"], did)

    def test_display_id_given(self):
        _, out = self.outputs("display(1, 2, display_id='mine');")
        self.assertEqual([m["msg_type"] for m in out], ["display_data", "display_data"])
        self.assertEqual([m["content"]["transient"] for m in out],
                         [{"display_id": "mine"}] * 2)
        self.assertEqual([m["content"]["data"]["text/plain"] for m in out], ["1", "2"])
        # no objects: an empty output to update later
        _, out = self.outputs("display(display_id='later');")
        self.assertEqual(len(out), 1)
        self.assertEqual(out[0]["content"]["data"], {})
        self.assertEqual(out[0]["content"]["transient"], {"display_id": "later"})
        # a DisplayHandle made directly
        _, out = self.outputs("from IPython.display import DisplayHandle\n"
                              "d = DisplayHandle('dh')\nd.display(5)\nd.update(6)\nd")
        self.assertEqual([m["msg_type"] for m in out],
                         ["display_data", "update_display_data", "execute_result"])
        self.assertEqual(out[1]["content"]["transient"], {"display_id": "dh"})
        self.assertEqual(out[2]["content"]["data"]["text/plain"], "<DisplayHandle display_id=dh>")
        # plain display(): no display_id, no handle
        reply, out = self.outputs("display(7)")
        self.assertEqual([m["msg_type"] for m in out], ["display_data"])
        self.assertNotIn("display_id", out[0]["content"].get("transient", {}))

    def test_display_options(self):
        _, out = self.outputs("import numpy as np\n"
                              "display(np.arange(3), include=['text/plain'])")
        self.assertEqual(list(out[0]["content"]["data"]), ["text/plain"])
        _, out = self.outputs("display(np.arange(3), exclude=['text/plain'])")
        self.assertEqual(list(out[0]["content"]["data"]), ["text/html"])
        _, out = self.outputs("display({'text/markdown': '**hi**', 'text/plain': 'hi'}, raw=True)")
        self.assertEqual(out[0]["content"]["data"],
                         {"text/markdown": "**hi**", "text/plain": "hi"})
        _, out = self.outputs("display(8, clear=True)")
        self.assertEqual([m["msg_type"] for m in out], ["clear_output", "display_data"])
        self.assertTrue(out[0]["content"]["wait"])

    def test_display_user_class(self):
        # a user class's _repr_html_ / _repr_markdown_ beside its __repr__
        _, out = self.outputs("class T:\n"
                              "    def __repr__(self): return 'T()'\n"
                              "    def _repr_html_(self): return '<b>T</b>'\n"
                              "    def _repr_markdown_(self): return None\n"
                              "T()")
        self.assertEqual(out[-1]["msg_type"], "execute_result")
        self.assertEqual(out[-1]["content"]["data"], {"text/plain": "T()", "text/html": "<b>T</b>"})
        # an uncaught user exception: its class name
        reply, _ = self.outputs("class MyError(ValueError): pass\nraise MyError('bad')")
        self.assertEqual(reply["content"]["ename"], "MyError")
        self.assertEqual(reply["content"]["evalue"], "bad")

    def test_display_errors(self):
        for code, ename, evalue in [
                ("display(1, update=True)", "TypeError", "display_id required for update_display"),
                ("from IPython.display import update_display\nupdate_display(1)", "TypeError",
                 "update_display() missing 1 required keyword-only argument: 'display_id'"),
                ("display([1], raw=True)", "TypeError", None),
                ("display(1, colour='red')", "TypeError", None)]:
            with self.subTest(code=code):
                reply, out = self.outputs(code)
                self.assertEqual(reply["content"]["status"], "error")
                self.assertEqual(reply["content"]["ename"], ename)
                if evalue:
                    self.assertEqual(reply["content"]["evalue"], evalue)

    def test_clear_output_wait(self):
        _, out = self.outputs("print('a')\nclear_output(wait=True)\nprint('b')",
                              types=("stream", "clear_output"))
        self.assertEqual([m["msg_type"] for m in out], ["stream", "clear_output", "stream"])
        self.assertEqual(out[1]["content"], {"wait": True})
        _, out = self.outputs("from IPython.display import clear_output\nclear_output()")
        self.assertEqual(out[0]["content"], {"wait": False})

    def test_page_payload(self):
        reply, _ = run(self.kc, "zip?")
        payload = reply["content"]["payload"]
        self.assertEqual(len(payload), 1)
        self.assertEqual(payload[0]["source"], "page")
        self.assertIn("text/plain", payload[0]["data"])

    def test_exit_asks_the_frontend(self):
        # ipykernel: `exit` / `quit` alone (IPython autocalls them) or called
        # answer with an ask_exit payload; the kernel keeps running
        for code, keep in (("exit", False), ("quit\n", False), ("quit()", False),
                           ("exit(keep_kernel=True)", True)):
            reply, out = run(self.kc, code)
            self.assertEqual(reply["content"]["status"], "ok", code)
            self.assertEqual(reply["content"]["payload"],
                             [{"source": "ask_exit", "keepkernel": keep}], code)
            self.assertFalse([m for m in out if m["msg_type"] == "execute_result"], code)
        reply, out = run(self.kc, "exit()\nexit(keep_kernel=True)\nprint('still here')")
        self.assertEqual(reply["content"]["payload"], [{"source": "ask_exit", "keepkernel": True}])
        self.assertEqual(streams(out), "still here\n")
        reply, _ = run(self.kc, "print(callable(exit))")
        self.assertEqual(reply["content"]["payload"], [])

    def test_stop_on_error_aborts_queue(self):
        ids = [self.kc.execute("import time\ntime.sleep(0.5)\n1/0"),
               self.kc.execute("print('never')"),
               self.kc.execute("print('never either')")]
        replies = [shell_reply(self.kc, i) for i in ids]
        self.assertEqual([r["content"]["status"] for r in replies],
                         ["error", "aborted", "aborted"])
        # the queue is drained: the next cell runs again
        reply, msgs = run(self.kc, "print('after')")
        self.assertEqual(reply["content"]["status"], "ok")
        self.assertEqual(streams(msgs), "after\n")

    def test_stop_on_error_false(self):
        ids = [self.kc.execute("import time\ntime.sleep(0.3)\n1/0", stop_on_error=False),
               self.kc.execute("print('runs')")]
        replies = [shell_reply(self.kc, i) for i in ids]
        self.assertEqual([r["content"]["status"] for r in replies], ["error", "ok"])

    def test_complete_inspect_is_complete(self):
        msg_id = self.kc.complete("pri", 3)
        c = shell_reply(self.kc, msg_id)["content"]
        self.assertEqual(c["status"], "ok")
        self.assertIn("print", c["matches"])
        self.assertEqual(c["cursor_end"], 3)
        msg_id = self.kc.inspect("zip", 3)
        c = shell_reply(self.kc, msg_id)["content"]
        self.assertTrue(c["found"])
        self.assertIn("text/plain", c["data"])
        msg_id = self.kc.is_complete("for i in range(3):")
        c = shell_reply(self.kc, msg_id)["content"]
        self.assertEqual(c["status"], "incomplete")
        self.assertIsInstance(c["indent"], str)

    def test_is_complete_ipython_rules(self):
        # IPython's check_complete: closed brackets over several lines are
        # complete (jupyter console and the JupyterLab console send these)
        cases = [("c = [[1, 2],\n [3, 4]]", "complete", None),
                 ("c = [[1, 2],\n", "incomplete", ""),
                 ("for i in range(3):\n    print(i)", "incomplete", "    "),
                 ("for i in range(3):\n    print(i)\n", "complete", None),
                 ("if x:\n    if y:", "incomplete", "        "),
                 ("%%bash\necho hi", "incomplete", ""),
                 ("%%bash\necho hi\n\n", "complete", None),
                 ("files = !ls", "complete", None),
                 ("x = %pwd", "complete", None),
                 ("x = )", "invalid", None)]
        for code, status, indent in cases:
            c = shell_reply(self.kc, self.kc.is_complete(code))["content"]
            self.assertEqual(c["status"], status, code)
            if indent is not None:
                self.assertEqual(c["indent"], indent, code)

    def test_shell_escapes_and_magics(self):
        # `!cmd` streams to the cell's stdout/stderr, `x = !cmd` is an SList,
        # `x = %magic` the magic's value, {expr} expanded
        reply, msgs = run(self.kc, "k = 6\n!echo a{k*7}; echo b 1>&2")
        self.assertEqual(reply["content"]["status"], "ok")
        self.assertEqual((streams(msgs), streams(msgs, "stderr")), ("a42\n", "b\n"))
        reply, msgs = run(self.kc, "x = !printf 'p\\nq\\n'\nx, x.s")
        results = [m["content"]["data"]["text/plain"] for m in msgs
                   if m["msg_type"] == "execute_result"]
        self.assertEqual(results, ["(['p', 'q'], 'p q')"])
        reply, msgs = run(self.kc, "d = %pwd\ne = !pwd\nd == e[0]")
        results = [m["content"]["data"]["text/plain"] for m in msgs
                   if m["msg_type"] == "execute_result"]
        self.assertEqual(results, ["True"])
        reply, msgs = run(self.kc, "%%html\n<i>x</i>")
        html = [m["content"]["data"].get("text/html") for m in msgs
                if m["msg_type"] == "display_data"]
        self.assertEqual(html, ["<i>x</i>\n"])

    def test_completion_of_modules_methods_keywords_magics(self):
        # the notebook issue's cases: module members, an array's methods, a call's
        # keywords, magics; cursor positions in code points (non-ASCII before them)
        shell_reply(self.kc, self.kc.execute("import cupy as cp\na = cp.zeros(3)"))
        cases = [("cp.li", "linalg", 3, 5), ("a.res", "reshape", 2, 5),
                 ("cp.zeros(3, dt", "dtype=", 12, 14), ("%ti", "%timeit", 0, 3),
                 ("\u00e9 = cp.ar", "arange", 7, 9)]
        for code, want, start, end in cases:
            c = shell_reply(self.kc, self.kc.complete(code, len(code)))["content"]
            self.assertEqual(c["status"], "ok", code)
            self.assertIn(want, c["matches"], code)
            self.assertEqual((c["cursor_start"], c["cursor_end"]), (start, end), code)

    def test_comm_info_and_unknown_comm(self):
        msg = self.kc.session.msg("comm_info_request", {})
        self.kc.shell_channel.send(msg)
        c = shell_reply(self.kc, msg["header"]["msg_id"])["content"]
        self.assertEqual(c, {"status": "ok", "comms": {}})
        msg = self.kc.session.msg("comm_open", {"comm_id": "c-1", "target_name": "nope",
                                                "data": {}})
        self.kc.shell_channel.send(msg)
        msgs = collect_iopub(self.kc, msg["header"]["msg_id"])
        closes = [m for m in msgs if m["msg_type"] == "comm_close"]
        self.assertEqual(len(closes), 1)
        self.assertEqual(closes[0]["content"]["comm_id"], "c-1")

    def test_history_tail_has_outputs(self):
        run(self.kc, "7*6")
        msg_id = self.kc.history(hist_access_type="tail", n=1, output=True, raw=True)
        h = shell_reply(self.kc, msg_id)["content"]["history"]
        self.assertEqual(len(h), 1)
        self.assertEqual(h[0][2], ["7*6", "42"])

    def test_history_written_once_idle(self):
        # rows reach SQLite off the round trip, once requests pause
        # (history.c), without a history_request to force them out
        data = os.environ.get("XDG_DATA_HOME")
        if not data:
            self.skipTest("XDG_DATA_HOME not set (run through run_tap.py)")
        code = "written_when_idle = %d" % os.getpid()
        run(self.kc, code)
        db = os.path.join(data, "lumen", "history.sqlite")
        deadline = time.time() + TIMEOUT
        while time.time() < deadline:
            n = 0
            if os.path.exists(db):
                con = sqlite3.connect(db, timeout=5)
                try:
                    n = con.execute("SELECT COUNT(*) FROM history WHERE source = ?",
                                    (code,)).fetchone()[0]
                except sqlite3.OperationalError:
                    pass
                finally:
                    con.close()
            if n:
                return
            time.sleep(0.1)
        self.fail("the cell never reached the history database")


class LumenInterruptTests(unittest.TestCase):
    """Interrupts (SIGINT and interrupt_request), restart, shutdown."""

    def setUp(self):
        self.km, self.kc = start()
        # wait_for_ready may leave extra kernel_info replies behind
        for ch in (self.kc.shell_channel, self.kc.iopub_channel):
            while True:
                try:
                    ch.get_msg(timeout=0.05)
                except queue.Empty:
                    break

    def tearDown(self):
        self.kc.stop_channels()
        if self.km.is_alive():
            self.km.shutdown_kernel(now=True)

    def _busy_loop_then(self, interrupt):
        run(self.kc, "survivor = 123")
        self._stop_busy_loop(interrupt)
        self._survivor_prints()

    def _stop_busy_loop(self, interrupt):
        """Starts an endless cell and stops it with ONE interrupt once its
        execute_input is out: the cell runs from then on, so the interrupt
        stops it however late the kernel gets to its first check."""
        msg_id = self.kc.execute("while True:\n    pass")
        deadline = time.time() + TIMEOUT
        started = False
        while not started and time.time() < deadline:
            try:
                m = self.kc.get_iopub_msg(timeout=1)
            except queue.Empty:
                continue
            started = (m["parent_header"].get("msg_id") == msg_id
                       and m["msg_type"] == "execute_input")
        self.assertTrue(started)
        interrupt()
        reply = shell_reply(self.kc, msg_id)
        self.assertEqual(reply["content"]["status"], "error")
        self.assertEqual(reply["content"]["ename"], "KeyboardInterrupt")

    def _survivor_prints(self, code="print(survivor)", want="123\n"):
        """The next cell runs and its output comes before its status idle."""
        reply, msgs = run(self.kc, code)
        self.assertEqual((reply["content"]["status"], streams(msgs)), ("ok", want),
                         "reply %s, iopub %s" % (reply["content"], [
                             (m["msg_type"], m["content"]) for m in msgs]))

    def _interrupt_message(self):
        msg = self.kc.session.msg("interrupt_request", {})
        self.kc.control_channel.send(msg)
        reply = self.kc.control_channel.get_msg(timeout=TIMEOUT)
        self.assertEqual(reply["msg_type"], "interrupt_reply")
        self.assertEqual(reply["content"]["status"], "ok")

    def _stop_shell_command(self, interrupt):
        """`!sleep 30` stops at once on an interrupt: SIGINT goes to the
        command's process group and the cell ends with KeyboardInterrupt."""
        run(self.kc, "survivor = 123")
        msg_id = self.kc.execute("!echo started; sleep 30; echo never")
        deadline = time.time() + TIMEOUT
        started = False
        while not started and time.time() < deadline:
            try:
                m = self.kc.get_iopub_msg(timeout=1)
            except queue.Empty:
                continue
            started = (m["parent_header"].get("msg_id") == msg_id
                       and m["msg_type"] == "stream" and "started" in m["content"]["text"])
        self.assertTrue(started, "the command's output was not streamed before it ended")
        t0 = time.time()
        interrupt()
        reply = shell_reply(self.kc, msg_id)
        self.assertLess(time.time() - t0, 10)
        self.assertEqual(reply["content"]["ename"], "KeyboardInterrupt")
        self._survivor_prints()

    def test_interrupt_shell_command_sigint(self):
        self._stop_shell_command(self.km.interrupt_kernel)

    def test_interrupt_shell_command_request(self):
        self._stop_shell_command(self._interrupt_message)

    def test_interrupt_sigint(self):
        self._busy_loop_then(self.km.interrupt_kernel)

    def test_interrupt_request(self):
        self._busy_loop_then(self._interrupt_message)

    def test_sigint_taken_by_another_thread(self):
        # a thread started before the kernel blocked SIGINT in its threads (a
        # BLAS pool) may take the signal: it stops the cell all the same
        pid = self.km.provisioner.process.pid
        libc = ctypes.CDLL(None, use_errno=True)
        if not os.path.isdir("/proc/%d/task" % pid) or not hasattr(libc, "tgkill"):
            raise unittest.SkipTest("needs Linux's /proc and glibc's tgkill")
        others = []
        for tid in os.listdir("/proc/%d/task" % pid):
            with open("/proc/%d/task/%s/status" % (pid, tid)) as f:
                blocked = [l for l in f if l.startswith("SigBlk:")]
            if int(tid) != pid and not int(blocked[0].split()[1], 16) & (1 << (signal.SIGINT - 1)):
                others.append(int(tid))
        if not others:
            raise unittest.SkipTest("every other thread blocks SIGINT")
        def tgkill():
            self.assertEqual(libc.tgkill(pid, others[0], signal.SIGINT), 0)
        run(self.kc, "survivor = 123")
        self._stop_busy_loop(tgkill)
        self._survivor_prints()

    def test_output_of_an_interrupted_cell_comes_before_idle(self):
        # every line printed before the interrupt arrives, in order, before
        # the error and status idle (a tail still coalescing included)
        msg_id = self.kc.execute("i = 0\nwhile True:\n    i += 1\n    print(i)")
        first = []
        while not streams(first):
            first.append(self.kc.get_iopub_msg(timeout=TIMEOUT))
        self.km.interrupt_kernel()
        reply = shell_reply(self.kc, msg_id)
        self.assertEqual(reply["content"]["ename"], "KeyboardInterrupt")
        msgs = collect_iopub(self.kc, msg_id)
        kinds = [m["msg_type"] for m in msgs]
        self.assertEqual(kinds[-2:], ["error", "status"])
        self.assertNotIn("stream", kinds[kinds.index("error"):])
        lines = streams(first + msgs).split("\n")
        self.assertEqual(lines[-1], "")
        n = [int(x) for x in lines[:-1]]
        self.assertEqual(n, list(range(1, len(n) + 1)))
        reply, last = run(self.kc, "print(i)")
        self.assertIn(int(streams(last)), (len(n), len(n) + 1))

    def test_interrupt_while_idle_is_a_no_op(self):
        # Jupyter: an interrupt stops the cell running when it comes; one
        # that comes while the kernel is idle is never kept for the next cell
        run(self.kc, "survivor = 123")
        for interrupt in (self._interrupt_message, self.km.interrupt_kernel) * 2:
            interrupt()
            self._survivor_prints()

    def test_interrupt_as_a_cell_ends(self):
        # interrupts landing just before, during and just after short cells:
        # each such cell ends ok or with KeyboardInterrupt, and the cell that
        # the client sends once it has the reply always runs and prints
        run(self.kc, "survivor = 123")
        for i in range(24):
            interrupt = self.km.interrupt_kernel if i % 2 else self._interrupt_message
            msg_id = self.kc.execute("for _ in range(%d):\n    pass" % (i // 2 * 2000))
            time.sleep(0.0005 * (i % 4))
            interrupt()
            reply = shell_reply(self.kc, msg_id)
            self.assertIn(reply["content"].get("ename", "ok"), ("ok", "KeyboardInterrupt"))
            self._survivor_prints()

    def test_cell_sent_after_a_failed_cell_runs(self):
        # a failed cell aborts the requests queued behind it, but one sent
        # after its reply came runs, however late the kernel drains its queue
        run(self.kc, "survivor = 123")
        for i in range(24):
            if i % 3 == 0:
                shell_reply(self.kc, self.kc.execute("1/0"))
            else:
                self._stop_busy_loop(self._interrupt_message if i % 3 == 1
                                     else self.km.interrupt_kernel)
            self._survivor_prints()

    def test_cell_sent_after_a_failed_cell_runs_on_a_stalled_kernel(self):
        # the same with the kernel's main thread stalled right after the
        # failed cell's reply went out: the request that the client sends
        # meanwhile came after the reply, so it runs
        tmp = tempfile.mkdtemp(dir=os.environ.get("LUMEN_TEST_TMP"))
        try:
            shim = build_stall_shim(tmp)
            if not shim:
                raise unittest.SkipTest("no C compiler for the LD_PRELOAD shim")
            env = dict(os.environ)
            env["LD_PRELOAD"] = " ".join(filter(None, [shim, env.get("LD_PRELOAD")]))
            env["ASAN_OPTIONS"] = ":".join(filter(None, [env.get("ASAN_OPTIONS"),
                                                         "verify_asan_link_order=0"]))
            km, kc = start_new_kernel(kernel_name="lumen", startup_timeout=TIMEOUT, env=env)
            try:
                run(kc, "survivor = 123")
                reply = shell_reply(kc, kc.execute("1/0"))
                self.assertEqual(reply["content"]["status"], "error")
                reply, msgs = run(kc, "print(survivor)")
                self.assertEqual((reply["content"]["status"], streams(msgs)), ("ok", "123\n"))
            finally:
                kc.stop_channels()
                km.shutdown_kernel(now=True)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)

    def test_interrupt_while_waiting_for_input(self):
        run(self.kc, "survivor = 123")
        msg_id = self.kc.execute("x = input('wait: ')\nprint('not reached')", allow_stdin=True)
        req = self.kc.get_stdin_msg(timeout=TIMEOUT)
        self.assertEqual(req["msg_type"], "input_request")
        self.km.interrupt_kernel()
        reply = shell_reply(self.kc, msg_id)
        self.assertEqual(reply["content"]["status"], "error")
        self.assertEqual(reply["content"]["ename"], "KeyboardInterrupt")
        self.assertNotIn("not reached", streams(collect_iopub(self.kc, msg_id)))
        reply, msgs = run(self.kc, "print(survivor)")
        self.assertEqual(streams(msgs), "123\n")

    def test_control_served_while_cell_runs(self):
        # the cell cannot end before we interrupt it, so the control reply
        # coming first proves control is served while the cell runs
        msg_id = self.kc.execute("while True:\n    pass")
        msg = self.kc.session.msg("kernel_info_request")
        self.kc.control_channel.send(msg)
        reply = self.kc.control_channel.get_msg(timeout=TIMEOUT)
        self.assertEqual(reply["msg_type"], "kernel_info_reply")
        try:
            early = self.kc.get_shell_msg(timeout=0.01)
        except queue.Empty:
            early = None
        self.assertTrue(early is None or early["parent_header"].get("msg_id") != msg_id,
                        "the cell ended before it was interrupted")
        reply = interrupt_until_reply(self.kc, msg_id, self.km.interrupt_kernel)
        self.assertEqual(reply["content"]["ename"], "KeyboardInterrupt")

    def test_restart(self):
        run(self.kc, "gone = 1")
        hist_id = self.kc.history(hist_access_type="tail", n=1)
        session1 = shell_reply(self.kc, hist_id)["content"]["history"][0][0]
        self.km.restart_kernel(now=False)
        self.kc.wait_for_ready(timeout=TIMEOUT)
        reply, _ = run(self.kc, "gone")
        self.assertEqual(reply["content"]["status"], "error")
        self.assertEqual(reply["content"]["ename"], "NameError")
        run(self.kc, "back = 2")
        hist_id = self.kc.history(hist_access_type="tail", n=3)
        h = shell_reply(self.kc, hist_id)["content"]["history"]
        sessions = [e[0] for e in h]
        self.assertIn(session1, sessions, "history kept across restarts")
        self.assertGreater(max(sessions), session1, "a new session number")

    def test_shutdown_on_shell(self):
        msg = self.kc.session.msg("shutdown_request", {"restart": False})
        self.kc.shell_channel.send(msg)
        reply = shell_reply(self.kc, msg["header"]["msg_id"])
        self.assertEqual(reply["msg_type"], "shutdown_reply")
        self.assertEqual(reply["content"]["restart"], False)
        deadline = time.time() + TIMEOUT
        while self.km.is_alive() and time.time() < deadline:
            time.sleep(0.05)
        self.assertFalse(self.km.is_alive())
        self.assertEqual(self.km.provisioner.process.poll(), 0)

    def test_shutdown_on_control_while_running(self):
        self.kc.execute("while True:\n    pass")
        time.sleep(0.2)
        msg = self.kc.session.msg("shutdown_request", {"restart": True})
        self.kc.control_channel.send(msg)
        reply = self.kc.control_channel.get_msg(timeout=TIMEOUT)
        self.assertEqual(reply["msg_type"], "shutdown_reply")
        self.assertEqual(reply["content"]["restart"], True)
        deadline = time.time() + TIMEOUT
        while self.km.is_alive() and time.time() < deadline:
            time.sleep(0.05)
        self.assertFalse(self.km.is_alive())


class LumenNbclientTests(unittest.TestCase):
    """A whole notebook executed by nbclient, as `jupyter nbconvert --execute` does."""

    def test_notebook(self):
        try:
            import nbformat
            from nbclient import NotebookClient
        except ImportError as e:
            raise unittest.SkipTest("nbclient missing: %s" % e)
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell("x = 6\nprint('x is', x)"),
                    nbformat.v4.new_code_cell("x * 7"),
                    nbformat.v4.new_code_cell("display(x)")]
        nb.metadata["kernelspec"] = {"name": "lumen", "display_name": "Lumen",
                                     "language": "python"}
        NotebookClient(nb, timeout=TIMEOUT, kernel_name="lumen").execute()
        out = [c.outputs for c in nb.cells]
        self.assertEqual(out[0][0]["output_type"], "stream")
        self.assertEqual(out[0][0]["text"], "x is 6\n")
        self.assertEqual(out[1][0]["output_type"], "execute_result")
        self.assertEqual(out[1][0]["data"]["text/plain"], "42")
        self.assertEqual(nb.cells[1].execution_count, 2)
        self.assertEqual(out[2][0]["output_type"], "display_data")
        self.assertEqual(out[2][0]["data"]["text/plain"], "6")
        self.assertEqual(nb.metadata["language_info"]["name"], "python")


class LumenCommandLineTests(unittest.TestCase):
    """Malformed connection files: a message on stderr and exit status 2."""

    kernel = os.environ.get("LUMEN_KERNEL", "lumen-kernel")

    def _run(self, text=None, args=None):
        with tempfile.NamedTemporaryFile("wb", suffix=".json", delete=False) as f:
            if text is not None:
                f.write(text)
            path = f.name
        try:
            p = subprocess.run([self.kernel] + (args if args is not None else ["-f", path]),
                               capture_output=True, timeout=TIMEOUT)
        finally:
            os.unlink(path)
        return p

    def test_malformed_files(self):
        ports = b'"shell_port": 1, "iopub_port": 2, "stdin_port": 3, "control_port": 4, "hb_port": 5'
        for text in [b"", b"{", b"[]", b"\xff\xfe", b'{"ip": "127.0.0.1"}',
                     b'{"ip": 5, ' + ports + b"}",
                     b'{"ip": "127.0.0.1", "transport": "carrier-pigeon", ' + ports + b"}",
                     b'{"ip": "127.0.0.1", "key": 5, ' + ports + b"}",
                     b'{"ip": "127.0.0.1", "signature_scheme": "hmac-md5", ' + ports + b"}",
                     b'{"ip": "127.0.0.1", "shell_port": "x", "iopub_port": 2, "stdin_port": 3,'
                     b' "control_port": 4, "hb_port": 5}']:
            with self.subTest(text=text):
                p = self._run(text)
                self.assertEqual(p.returncode, 2, p.stderr)
                self.assertIn(b"connection file", p.stderr)

    def test_missing_file_and_arguments(self):
        p = self._run(args=["-f", "/nonexistent/kernel-1.json"])
        self.assertEqual(p.returncode, 2)
        self.assertIn(b"cannot open", p.stderr)
        p = self._run(args=[])
        self.assertEqual(p.returncode, 2)
        self.assertIn(b"usage", p.stderr)


if __name__ == "__main__":
    unittest.main()
