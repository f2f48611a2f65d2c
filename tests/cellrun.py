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
it with LUMEN_DEVICE=cuda.  If the reference Python can import cupy, the substituted cell
is also run there by real CuPy.  Lumen's run passes when it agrees with NumPy's run of the
original or with CuPy's (gpu_agrees):
  - failure state and the last stderr line equal NumPy's (with CuPy's type names:
    `cupy.ndarray`, or `ndarray` where CPython names a type by tp_name) or CuPy's --
    never a tolerance there;
  - stdout line by line equal to NumPy's line, to that line with CuPy's names, or to
    the line CuPy printed there (CuPy stops early on lists it rejects: the lines it
    printed before count); with another line count or layout, the whole text against one of them;
  - "equal" reads a NumPy scalar repr and a 0-d array repr as the same thing
    (np.float32(2.0) ~ array(2., dtype=float32), np.True_ ~ array(True): CuPy's
    reductions return 0-d arrays), and lets floating-point numbers (texts with . or e)
    differ where the order of float operations does: equal at the precision of the
    shorter text, or within a relative tolerance of 1e-12 (1e-5 when the cell or
    NumPy's output names float32, float16 or complex64), measured against the largest
    magnitude on the line.  Integers, words and symbols must be identical, and so must
    spacing unless a number's text differs (array columns widen with a digit).
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
MARK = re.compile(r"^\s*#\s*cells:\s*(todo|skip-gpu|skip|timeout)\b\s*(.*)$", re.M)


def markers(src):
	out = {}
	for m in MARK.finditer(src):
		out[m.group(1)] = m.group(2).strip()
	return out


def to_cupy(src):
	"""The cell as CuPy code: numpy imports become cupy imports, scipy ones cupyx.scipy."""
	src = re.sub(r"^(\s*)import numpy as np\b", r"\1import cupy as np", src, flags=re.M)
	src = re.sub(r"^(\s*)import numpy\b", r"\1import cupy as numpy", src, flags=re.M)
	src = re.sub(r"^(\s*)from numpy\b", r"\1from cupy", src, flags=re.M)
	# SciPy: scipy.ndimage / scipy.signal / `from scipy import X` -> cupyx.scipy
	# (dotted paths too: `import scipy.signal.windows as W`)
	src = re.sub(r"^(\s*)import scipy\.([\w.]+) as\b", r"\1import cupyx.scipy.\2 as", src, flags=re.M)
	src = re.sub(r"^(\s*)from scipy((?:\.\w+)*) import\b", r"\1from cupyx.scipy\2 import", src, flags=re.M)
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


# ---- GPU mode: what "agrees" means (see the module docstring) ----

NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
TOKEN = re.compile(r"(?P<num>%s)|(?P<word>[A-Za-z_]\w*)|(?P<sym>\S)" % NUM)
# A NumPy scalar's repr and a 0-d array's repr, both read as <dtype:value>.
NP_SCALAR = re.compile(r"\bnp\.(bool|u?int\d+|float\d+|complex\d+)\(([^()]*)\)|\bnp\.(True|False)_")
ZERO_D = re.compile(r"\barray\(([^()\[\],]*)(?:, dtype=(\w+))?\)")
FLOAT32_HINT = re.compile(r"float32|float16|complex64|\bsingle\b|\bhalf\b|csingle")


def zero_d_dtype(value):
	v = value.strip()
	if v in ("True", "False"):
		return "bool"
	if v.endswith("j"):
		return "complex128"
	if re.search(r"[.eE]|nan|inf", v):
		return "float64"
	return "int64"


def canonical_scalars(line):
	"""np.float32(2.0) and array(2., dtype=float32) both become <float32:2.0> (CuPy's
	reductions return 0-d arrays where NumPy returns scalars)."""
	def np_scalar(m):
		if m.group(3):
			return "<bool:%s>" % m.group(3)
		return "<%s:%s>" % (m.group(1), m.group(2))

	def zero_d(m):
		return "<%s:%s>" % (m.group(2) or zero_d_dtype(m.group(1)), m.group(1))
	return ZERO_D.sub(zero_d, NP_SCALAR.sub(np_scalar, line))


def tokens(line):
	return [(m.lastgroup, m.group()) for m in TOKEN.finditer(line)]


def is_float_text(t):
	return any(c in t for c in ".eE")


def decimals_match(short, value):
	"""Does value, printed with the digits of the text `short`, give short's number?"""
	m = re.fullmatch(r"[-+]?(\d*)\.?(\d*)(?:[eE]([-+]?\d+))?", short)
	if not m:
		return False
	if m.group(3) is not None:
		mant = float(short) / 10.0 ** int(m.group(3))
		return float("%.*f" % (len(m.group(2)), value / 10.0 ** int(m.group(3)))) == mant
	return float("%.*f" % (len(m.group(2)), value)) == float(short)


def numbers_close(a, b, rtol, scale):
	"""Two number texts: integers exactly; floats equal, or equal at the precision
	the shorter one was printed with, or within rtol (relative, or rtol*scale absolute
	with scale the largest magnitude on the line)."""
	if not (is_float_text(a) or is_float_text(b)):
		return a == b
	x, y = float(a), float(b)
	if x == y:
		return True
	short, other = (a, y) if len(a.lstrip("+-")) <= len(b.lstrip("+-")) else (b, x)
	if decimals_match(short, other):
		return True
	return abs(x - y) <= rtol * max(abs(x), abs(y), scale)


def lines_close(ref, got, rtol):
	"""A reference line and Lumen's: the same, or the same text around numbers that
	differ only as allowed by numbers_close (whitespace may then differ: array columns
	widen with a digit)."""
	if ref == got:
		return True
	ta, tb = tokens(canonical_scalars(ref)), tokens(canonical_scalars(got))
	if len(ta) != len(tb):
		return False
	if ta == tb:  # same tokens, only spacing differs: a formatting bug
		return canonical_scalars(ref) == canonical_scalars(got)
	scale = max([abs(float(t)) for k, t in ta + tb if k == "num"] + [0.0])
	if scale != scale or scale == float("inf"):
		scale = 0.0
	for (ka, a), (kb, b) in zip(ta, tb):
		if ka != kb:
			return False
		if ka == "num":
			if not numbers_close(a, b, rtol, scale):
				return False
		elif a != b:
			return False
	return True


def numpy_as_cupy(text):
	"""NumPy's text as CuPy names things.  The class is cupy.ndarray (its repr), but
	CPython's messages name a type by tp_name: 'ndarray' for CuPy's Python subclass,
	'cupy._core.core._ndarray_base' for a property of its Cython base class."""
	text = text.replace("of 'numpy.ndarray' objects", "of 'cupy._core.core._ndarray_base' objects")
	text = re.sub(r"(?<!<class )'numpy\.ndarray'", "'ndarray'", text)
	text = re.sub(r"\bnot numpy\.ndarray\b", "not ndarray", text)
	return text.replace("numpy.ndarray", "cupy.ndarray")


def gpu_agrees(ref, cp, got, rtol):
	"""Lumen's run agrees with NumPy's (ref) or CuPy's (cp, may be None): the same
	failure state and last stderr line as one of them, and each stdout line close
	to NumPy's line, to NumPy's line with CuPy's names, or to the line CuPy printed
	there (CuPy may have stopped early on something it rejects, e.g. a list argument;
	the lines it did print count).  When the line counts differ, the whole output
	must be close to NumPy's or to CuPy's as one text."""
	ends = [r for r in (ref, cp) if r is not None and r.rc is not None and r.rc >= 0]
	if got.rc is None or got.signal():
		return False
	if not any(r.failed == got.failed and (not got.failed or got.last_err in
		   (r.last_err, numpy_as_cupy(r.last_err))) for r in ends):
		return False
	gl = got.out.split("\n")
	for r in ends:
		if r.failed != got.failed:
			continue
		rl = r.out.split("\n")
		if len(rl) != len(gl):
			if lines_close(r.out, got.out, rtol):
				return True
			continue
		cl = cp.out.split("\n") if cp is not None and cp.rc is not None else []
		if all(lines_close(a, b, rtol) or lines_close(numpy_as_cupy(a), b, rtol) or
		       (i < len(cl) and lines_close(cl[i], b, rtol))
		       for i, (a, b) in enumerate(zip(rl, gl))):
			return True
		# an array printed in another layout (a rounding-noise -5e-16 where the
		# device gives 0 switches NumPy to exponent notation and rewraps the rows)
		if lines_close(r.out, got.out, rtol):
			return True
	return False


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
			# CELLS_GPU_DEVICE=host: CuPy semantics on host memory (backend_host_cupy),
			# to check the shared layer and this comparison without a GPU
			lenv["LUMEN_DEVICE"] = os.environ.get("CELLS_GPU_DEVICE", "cuda")
			lpath = os.path.join(tmp, name)
			with open(lpath, "w", encoding="utf-8") as f:
				f.write(to_cupy(src))
		else:
			lenv["LUMEN_DEVICE"] = "host"
		got = run(args.lumen + ["run"], lpath, lenv, timeout, got_dir)
		diag = compare(name, ref, got, "python", "lumen")
		failed = bool(diag)
		if args.gpu:
			cp = None
			if args.cupy:
				cp_dir = os.path.join(tmp, "cupy")
				os.mkdir(cp_dir)
				cp = run([args.python], lpath, env, timeout, cp_dir)
				d2 = compare(name, cp, got, "cupy", "lumen")
				diag.append("lumen vs CPython+CuPy: %s" % ("differ" if d2 else "agree"))
				diag.extend("  " + l for l in d2)
			rtol = 1e-5 if FLOAT32_HINT.search(src + ref.out) else 1e-12
			failed = failed and not (gpu_agrees(ref, cp, got, rtol) and not SAN.search(got.err))
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
