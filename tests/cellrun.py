#!/usr/bin/env python3
"""cellrun.py -- the corpus runner behind tests/cells.test and tests/cells-gpu.test.

Runs every cell of tests/cells/ twice -- by CPython with NumPy (the reference) and by
`lumen run` -- and prints one TAP line per cell, with a unified diff as TAP comments
when the two disagree.  It owns no state and never changes a cell file.

What is compared: stdout byte for byte, whether the run failed, and, for a failed run,
the last line of stderr (the traceback's `ValueError: ...`).  stderr of a successful
run (NumPy warnings, host-mode notices) is ignored.

Markers, in a cell's comment lines:
  # cells: todo REASON      a known gap: reported as TAP `# TODO` (does not fail make check)
  # cells: skip REASON      not run at all (`# SKIP`)
  # cells: skip-gpu REASON  not run by cells-gpu.test (nor is a cell that uses np.random.)
  # cells: timeout N        seconds allowed for each run (default 60)

GPU mode (--gpu): the cell's `import numpy as np` becomes `import cupy as np`; Lumen runs
it with LUMEN_DEVICE=cuda and must print what CPython+NumPy printed for the original.
If the reference Python can import cupy, the substituted cell is also run there and the
comparison with real CuPy is reported as a TAP comment (never a failure: CuPy itself may
differ from NumPy in the last digits).
"""

import argparse
import concurrent.futures
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile

SAN = re.compile(r"ERROR: (Address|Leak|Memory)Sanitizer|runtime error:|AddressSanitizer:DEADLYSIGNAL")
MARK = re.compile(r"^\s*#\s*cells:\s*(todo|skip|skip-gpu|timeout)\b\s*(.*)$", re.M)


def markers(src):
	out = {}
	for m in MARK.finditer(src):
		out[m.group(1)] = m.group(2).strip()
	return out


def to_cupy(src):
	"""The cell as CuPy code: numpy imports become cupy imports."""
	src = re.sub(r"^(\s*)import numpy as np\b", r"\1import cupy as np", src, flags=re.M)
	src = re.sub(r"^(\s*)import numpy\b", r"\1import cupy as numpy", src, flags=re.M)
	src = re.sub(r"^(\s*)from numpy\b", r"\1from cupy", src, flags=re.M)
	return src


class Run:
	"""What one run of a cell left: stdout, the last stderr line, failed or not."""

	def __init__(self, rc, out, err, note=""):
		self.rc = rc
		self.out = out
		lines = [l for l in err.splitlines() if l.strip()]
		self.last_err = lines[-1].rstrip() if lines else ""
		self.err = err
		self.note = note

	@property
	def failed(self):
		return self.rc != 0

	def signal(self):
		return self.rc is not None and self.rc < 0


def run(argv, path, env, timeout, cwd):
	try:
		p = subprocess.run(argv + [path], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
				   stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
	except subprocess.TimeoutExpired as e:
		out = (e.stdout or b"").decode("utf-8", "replace")
		return Run(None, out, "", note="timed out after %gs" % timeout)
	except OSError as e:
		return Run(None, "", "", note="could not start: %s" % e)
	r = Run(p.returncode, p.stdout.decode("utf-8", "replace"),
		p.stderr.decode("utf-8", "replace"))
	if p.returncode < 0:
		r.note = "killed by signal %d" % -p.returncode
	return r


def describe(r):
	if r.rc is None:
		return r.note
	s = "exit %d" % r.rc
	if r.note:
		s += " (%s)" % r.note
	return s


def compare(name, ref, got, ref_label, got_label):
	"""List of diagnostic lines; empty when the runs agree."""
	diag = []
	if got.rc is None or got.signal():
		diag.append("%s: %s" % (got_label, describe(got)))
	if ref.rc is None:
		diag.append("%s: %s" % (ref_label, describe(ref)))
	if ref.failed != got.failed:
		diag.append("%s %s, %s %s" % (ref_label, "failed" if ref.failed else "succeeded",
					       got_label, "failed" if got.failed else "succeeded"))
	if ref.out != got.out:
		diag.extend(l.rstrip("\n") for l in difflib.unified_diff(
			ref.out.splitlines(True), got.out.splitlines(True),
			"%s/%s" % (ref_label, name), "%s/%s" % (got_label, name), n=2))
		if ref.out and got.out and ref.out.endswith("\n") != got.out.endswith("\n"):
			diag.append("(last line without newline: %s %r, %s %r)" % (
				ref_label, ref.out[-40:], got_label, got.out[-40:]))
	if ref.failed and got.failed and ref.last_err != got.last_err:
		diag.append("stderr last line differs:")
		diag.append("  %s: %s" % (ref_label, ref.last_err))
		diag.append("  %s: %s" % (got_label, got.last_err))
	m = SAN.search(got.err)
	if m:
		diag.append("%s: sanitizer report:" % got_label)
		diag.extend("  " + l for l in got.err[m.start():].splitlines()[:30])
	if diag and got.failed and not ref.failed:
		tail = got.err.strip().splitlines()[-5:]
		diag.extend("%s stderr: %s" % (got_label, l) for l in tail)
	return diag


def one_cell(path, args):
	name = os.path.basename(path)
	with open(path, encoding="utf-8") as f:
		src = f.read()
	mk = markers(src)
	if "skip" in mk:
		return name, "skip", mk["skip"] or "marked skip", []
	if args.gpu and "skip-gpu" in mk:
		return name, "skip", mk["skip-gpu"] or "marked skip-gpu", []
	if args.gpu and re.search(r"\bnp\.random\.", src):
		return name, "skip", "cupy.random draws other numbers than numpy.random", []
	timeout = float(mk.get("timeout") or args.timeout)
	tmp = tempfile.mkdtemp(prefix="lumen-cell-")
	try:
		# Each side runs in its own empty directory: io-* cells write files.
		ref_dir = os.path.join(tmp, "ref")
		got_dir = os.path.join(tmp, "got")
		os.mkdir(ref_dir)
		os.mkdir(got_dir)
		env = dict(os.environ)
		env["PYTHONHASHSEED"] = "0"
		env["PYTHONDONTWRITEBYTECODE"] = "1"
		env["PYTHONIOENCODING"] = "utf-8"
		env.setdefault("OMP_NUM_THREADS", "1")
		ref = run([args.python], os.path.abspath(path), env, timeout, ref_dir)
		lenv = dict(env)
		lpath = os.path.abspath(path)
		if args.gpu:
			lenv["LUMEN_DEVICE"] = "cuda"
			lpath = os.path.join(tmp, name)
			with open(lpath, "w", encoding="utf-8") as f:
				f.write(to_cupy(src))
		else:
			lenv["LUMEN_DEVICE"] = "host"
		got = run(args.lumen + ["run"], lpath, lenv, timeout, got_dir)
		diag = compare(name, ref, got, "python", "lumen")
		failed = bool(diag)
		if args.gpu and args.cupy:
			cp = run([args.python], lpath, env, timeout, ref_dir)
			d2 = compare(name, cp, got, "cupy", "lumen")
			diag.append("(information only) lumen vs CPython+CuPy: %s" % ("differ" if d2 else "agree"))
			diag.extend("  " + l for l in d2)
		if not failed:
			return name, "ok", "", diag
		if "todo" in mk:
			return name, "todo", mk["todo"] or "marked todo", diag
		return name, "fail", "", diag
	finally:
		shutil.rmtree(tmp, ignore_errors=True)


def main():
	ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
	ap.add_argument("paths", nargs="+", help="cell files or directories of cells")
	ap.add_argument("--lumen", default=os.environ.get("LUMEN", "./lumen"))
	ap.add_argument("--python", default=sys.executable)
	ap.add_argument("--gpu", action="store_true")
	ap.add_argument("--timeout", type=float, default=60.0)
	ap.add_argument("--jobs", type=int, default=int(os.environ.get("CELLS_JOBS", "0")) or os.cpu_count() or 1)
	ap.add_argument("--filter", default=os.environ.get("CELLS_FILTER", ""),
			help="regular expression on cell names")
	ap.add_argument("--verbose", action="store_true", help="show diagnostics of passing cells too")
	args = ap.parse_args()
	args.lumen = args.lumen.split()
	if os.sep in args.lumen[0]:
		args.lumen[0] = os.path.abspath(args.lumen[0])
	cells = []
	for p in args.paths:
		if os.path.isdir(p):
			cells.extend(os.path.join(p, n) for n in sorted(os.listdir(p))
				     if n.endswith(".py") and not n.startswith("_"))
		else:
			cells.append(p)
	if args.filter:
		rx = re.compile(args.filter)
		cells = [c for c in cells if rx.search(os.path.basename(c))]
	if not cells:
		print("1..0 # SKIP no cells")
		return 0
	args.cupy = False
	if args.gpu:
		args.cupy = subprocess.run([args.python, "-c", "import cupy; cupy.zeros(1)"],
					   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0
	print("1..%d" % len(cells), flush=True)
	nfail = 0
	with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
		futs = [ex.submit(one_cell, c, args) for c in cells]
		for i, fut in enumerate(futs, 1):
			try:
				name, status, why, diag = fut.result()
			except Exception as e:  # a harness bug must show, not hide a cell
				name, status, why, diag = os.path.basename(cells[i - 1]), "fail", "", ["harness error: %r" % e]
			if status == "ok":
				print("ok %d - %s" % (i, name))
			elif status == "skip":
				print("ok %d - %s # SKIP %s" % (i, name, why))
			elif status == "todo":
				print("not ok %d - %s # TODO %s" % (i, name, why))
			else:
				nfail += 1
				print("not ok %d - %s" % (i, name))
			if status != "ok" or args.verbose:
				for l in diag:
					print("# " + l)
			sys.stdout.flush()
	return 0


if __name__ == "__main__":
	sys.exit(main())
