#!/usr/bin/env python3
"""console.py -- `jupyter console --kernel lumen` in a pseudo-terminal, driven by pexpect,
against the built lumen-kernel (behind tests/console.test), as TAP.

Makes a private Jupyter world in a temporary directory (a kernelspec naming the BUILT
lumen-kernel), starts the console, runs a cell and reads its Out[1], makes an error
and reads its traceback, then leaves with Ctrl-D and "y" and checks that the console
exits with status 0 and shuts its kernel down; then a second console leaves by the
cell `exit` (the kernel's ask_exit payload), with the same checks.  Prompts are matched through the
terminal's colour escapes.  Skips (1..0 # SKIP) when jupyter_console or pexpect is
missing.  Leaves nothing behind.
usage: console.py --kernel PATH/lumen-kernel
"""
import argparse
import json
import os
import shutil
import sys
import tempfile
import time

ESC = r"(?:\x1b\[[0-9;?]*[A-Za-z])*"  # colour and cursor sequences between the words


def prompt(word, n):
	"""In [n]: / Out[n]: as the console draws them, escapes in between."""
	return word + r" ?\[" + ESC + str(n) + ESC + r"\]:"


def kernel_pids(runtime):
	"""lumen-kernel processes started with a connection file under runtime."""
	pids = []
	for d in os.listdir("/proc"):
		if not d.isdigit():
			continue
		try:
			with open("/proc/%s/cmdline" % d, "rb") as f:
				argv = f.read().split(b"\0")
		except OSError:
			continue
		if argv and argv[0].endswith(b"lumen-kernel") and any(runtime.encode() in a for a in argv):
			pids.append(int(d))
	return pids


def main():
	ap = argparse.ArgumentParser()
	ap.add_argument("--kernel", default="./lumen-kernel")
	ap.add_argument("--timeout", type=float, default=60.0)
	args = ap.parse_args()
	try:
		import pexpect
		import jupyter_console  # noqa: F401
	except ImportError as e:
		print("1..0 # SKIP %s (pip install jupyter_console pexpect)" % e)
		return 0
	kernel = os.path.abspath(args.kernel)
	if not os.access(kernel, os.X_OK):
		print("1..0 # SKIP %s is not built" % args.kernel)
		return 0

	tmp = tempfile.mkdtemp(prefix="lumen-console-")
	spec = os.path.join(tmp, "data", "kernels", "lumen")
	os.makedirs(spec)
	with open(os.path.join(spec, "kernel.json"), "w") as f:
		json.dump({"argv": [kernel, "-f", "{connection_file}"], "display_name": "Lumen (test)",
			   "language": "python", "interrupt_mode": "signal"}, f)
	runtime = os.path.join(tmp, "runtime")
	env = dict(os.environ)
	env.update(JUPYTER_PATH=os.path.join(tmp, "data"), JUPYTER_DATA_DIR=os.path.join(tmp, "data"),
		   JUPYTER_CONFIG_DIR=os.path.join(tmp, "config"), JUPYTER_RUNTIME_DIR=runtime,
		   JUPYTER_PLATFORM_DIRS="1", IPYTHONDIR=os.path.join(tmp, "ipython"), TERM="xterm",
		   PROMPT_TOOLKIT_NO_CPR="1", LUMEN_DEVICE=env.get("LUMEN_DEVICE", "host"))
	n = 0
	failed = 0

	def tap(ok, what, diag=""):
		nonlocal n, failed
		n += 1
		failed += not ok
		print("%s %d - %s" % ("ok" if ok else "not ok", n, what), flush=True)
		for l in (diag if not ok else "").strip().splitlines()[-15:]:
			print("# " + l, flush=True)

	steps = [
		# (what, keys to send (None: nothing), patterns to see in order)
		("the console starts with the Lumen banner and In [1]", None,
		 ["Lumen", prompt("In", 1)]),
		("np.arange(3) shows Out[1]: array([0, 1, 2])", "import numpy as np; np.arange(3)\r",
		 [prompt("Out", 1), ESC + r"array\(\[0, 1, 2\]\)", prompt("In", 2)]),
		("an error shows its traceback", "np.ones(2) @ np.ones(3)\r",
		 [r"ValueError" + ESC + r"\s+Traceback", r"Cell " + ESC + r"In" + ESC + r"\[" + ESC + "2",
		  r"ValueError: matmul: Input operand 1 has a mismatch", prompt("In", 3)]),
		("the session goes on after the error", "print('still', np.arange(4).sum())\r",
		 [r"still 6", prompt("In", 4)]),
		("a bracket closed on its second line runs on Enter (is_complete by IPython's rules)",
		 "len([[1, 2],\r [3, 4]])\r", [prompt("Out", 4), ESC + r"2", prompt("In", 5)]),
		("!cmd streams the command's output", "!echo from the shell\r",
		 [r"from the shell", prompt("In", 6)]),
		("Ctrl-D asks to exit", "\x04", [r"exit \(\[y\]/n\)\?"]),
	]
	print("1..%d" % (len(steps) + 2 + 3), flush=True)
	child = None

	def spawn():
		return pexpect.spawn(sys.executable, ["-m", "jupyter_console", "--kernel", "lumen"],
				     env=env, cwd=tmp, encoding="utf-8", timeout=args.timeout,
				     dimensions=(40, 120))

	def leaves(child, pids, how):
		"""the console exits with status 0 and its kernel goes"""
		try:
			child.expect(pexpect.EOF)
			child.close()
			tap(child.exitstatus == 0, "the console exits with status 0" + how,
			    "exit status %r, signal %r" % (child.exitstatus, child.signalstatus))
		except pexpect.TIMEOUT:
			tap(False, "the console exits with status 0" + how, "still running")
		deadline = time.time() + 15
		while time.time() < deadline and any(os.path.exists("/proc/%d" % p) for p in pids):
			time.sleep(0.2)
		alive = [p for p in pids if os.path.exists("/proc/%d" % p)]
		tap(bool(pids) and not alive, "the console shut its kernel down" + how,
		    "kernel pids %r, still alive %r" % (pids, alive))

	try:
		child = spawn()
		seen = []
		child.logfile_read = _Tee(seen)
		for what, keys, pats in steps:
			try:
				if keys:
					child.send(keys)
				for p in pats:
					child.expect(p)
				tap(True, what)
			except (pexpect.TIMEOUT, pexpect.EOF) as e:
				tap(False, what, "waited for %r; the terminal showed:\n%s" % (
					p, "".join(seen)[-1500:]))
		pids = kernel_pids(runtime)
		child.send("y\r")
		leaves(child, pids, "")
		# `exit` typed as a cell: the kernel's ask_exit payload ends the console
		# (no question asked) and the console shuts the kernel down
		child = spawn()
		seen = []
		child.logfile_read = _Tee(seen)
		try:
			child.expect(prompt("In", 1))
			tap(True, "a second console starts")
		except (pexpect.TIMEOUT, pexpect.EOF):
			tap(False, "a second console starts", "".join(seen)[-1500:])
		pids = kernel_pids(runtime)
		child.send("exit\r")
		leaves(child, pids, " after `exit`")
	finally:
		if child is not None and child.isalive():
			child.terminate(force=True)
		shutil.rmtree(tmp, ignore_errors=True)
	return 0


class _Tee:
	"""pexpect's logfile_read: keeps what the terminal showed, for diagnostics."""

	def __init__(self, out):
		self.out = out

	def write(self, s):
		self.out.append(s)

	def flush(self):
		pass


if __name__ == "__main__":
	sys.exit(main())
