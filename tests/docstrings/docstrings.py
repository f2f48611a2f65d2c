#!/usr/bin/env python3
"""docstrings.py -- NumPy's (and SciPy's) own docstring examples as a corpus for Lumen.

Extracts the doctest examples of every public object of numpy, numpy.linalg, numpy.fft,
numpy.random, the Generator and ndarray methods, and the scipy.ndimage / scipy.signal /
scipy.special functions of LANGUAGE.md's SciPy list; writes each docstring as one cell
(every example wrapped so that an error prints one line and the cell goes on, a marker line
printed before each example); runs the cell by CPython with NumPy (twice, in forked children
of this process, to find the examples whose output is not reproducible) and by `lumen run`;
compares example by example and prints a table per module plus the failure causes by count.
It owns no state; it writes its cells under a scratch folder and never changes the tree.

Left out: examples marked `+SKIP`, examples naming matplotlib/plt or id(), examples whose CPython
output differs between two runs (unseeded random values, addresses), examples whose CPython
run needs a module that is not installed, and an expected output marked `# random` or
`# uninitialized`.

  docstrings.py --lumen build/lumen [--jobs 2] [--filter NAME] [--floor NP[,SCIPY]] [--show NAME]
"""

import argparse
import ast
import collections
import concurrent.futures
import doctest
import inspect
import io
import os
import re
import subprocess
import sys
import tempfile
import textwrap

for _v in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
	os.environ.setdefault(_v, "1")

MARK = "@@EX@@"
SAN = re.compile(r"ERROR: (Address|Leak|Memory)Sanitizer: [\w-]+|runtime error: .*")
ERR = "@@ERR@@"

SCIPY_LIST = {
	"scipy.ndimage": "convolve correlate convolve1d gaussian_filter uniform_filter median_filter "
	"maximum_filter minimum_filter sobel laplace zoom shift rotate",
	"scipy.signal": "convolve fftconvolve correlate convolve2d",
	"scipy.special": "erf erfc gamma gammaln expit logit softmax",
}

PRELUDE = """import numpy as np
def _lumen_show(v):
    if v is not None:
        print(repr(v))
"""


def public_objects():
	"""[(module label, qualified name, object)], each object once (the first name wins)."""
	import numpy as np
	out, seen = [], set()

	def add(label, name, obj):
		if id(obj) in seen or not getattr(obj, "__doc__", None):
			return
		seen.add(id(obj))
		out.append((label, name, obj))

	for mod, label in ((np, "numpy"), (np.linalg, "numpy.linalg"), (np.fft, "numpy.fft"),
			(np.random, "numpy.random")):
		names = getattr(mod, "__all__", None) or dir(mod)
		for n in sorted(names):
			if n.startswith("_"):
				continue
			obj = getattr(mod, n, None)
			if obj is None or inspect.ismodule(obj):
				continue
			add(label, label + "." + n, obj)
	for cls, label in ((np.random.Generator, "Generator"), (np.ndarray, "ndarray")):
		for n in sorted(dir(cls)):
			if n.startswith("_"):
				continue
			add(label, label + "." + n, getattr(cls, n))
	try:
		import importlib
		for modname, names in SCIPY_LIST.items():
			mod = importlib.import_module(modname)
			for n in names.split():
				add(modname, modname + "." + n, getattr(mod, n))
	except ImportError:
		pass
	return out


def skip_example(ex):
	if ex.options.get(doctest.SKIP):
		return "skip"
	if re.search(r"matplotlib|\bplt\.", ex.source):
		return "matplotlib"
	if re.search(r"\bdatasets\b", ex.source):
		return "scipy.datasets downloads its data"
	if re.search(r"#\s*(random|uninitialized)", ex.want + ex.source):
		return "random"
	if re.search(r"\bid\(", ex.source):
		return "object addresses"
	return None


def display_source(src):
	"""The example as a statement list in which a top-level expression statement prints its
	repr, as the interactive prompt does."""
	try:
		tree = ast.parse(src)
	except SyntaxError:
		return src
	lines = src.splitlines()
	if len(tree.body) == 1 and isinstance(tree.body[0], ast.Expr):
		return "_lumen_show((\n" + src.rstrip("\n") + "\n))\n"
	spans = []
	for st in tree.body:
		if isinstance(st, ast.Expr) and st.col_offset == 0:
			a, b = st.lineno - 1, st.end_lineno - 1
			others = [o for o in tree.body if o is not st and (o.lineno - 1 <= b and o.end_lineno - 1 >= a)]
			if not others:
				spans.append((a, b))
	for a, b in reversed(spans):
		lines[a:b + 1] = ["_lumen_show(("] + lines[a:b + 1] + ["))"]
	return "\n".join(lines) + "\n"


def make_cell(examples):
	"""The cell's source: the prelude, then per example a marker and the wrapped example."""
	parts = [PRELUDE]
	for i, ex in enumerate(examples):
		body = textwrap.indent(display_source(ex.source), "    ")
		parts.append(f"print({MARK!r}, {i})\ntry:\n{body}except Exception as e:\n"
			f"    print({ERR!r}, type(e).__name__ + ':', e)\n")
	return "".join(parts)


def split_output(text, n):
	"""[output of example i] from a run's stdout; None for examples the run never reached."""
	outs = [None] * n
	cur = None
	for line in text.splitlines(keepends=True):
		m = re.match(re.escape(MARK) + r" (\d+)\n?$", line)
		if m:
			cur = int(m.group(1))
			if cur < n:
				outs[cur] = ""
			continue
		if cur is not None and cur < n:
			outs[cur] += line
	return outs


def run_cpython(src, timeout, cwd):
	"""stdout of `src` run in a forked child of this process (NumPy already imported)."""
	fd, path = tempfile.mkstemp(prefix="docstr-", suffix=".out")
	os.close(fd)
	pid = os.fork()
	if pid == 0:
		try:
			import signal
			signal.alarm(int(timeout))
			os.chdir(cwd)  # files the examples write land in the scratch folder
			f = open(path, "w")
			os.dup2(f.fileno(), 1)
			nul = os.open(os.devnull, os.O_WRONLY)
			os.dup2(nul, 2)
			sys.stdout = io.TextIOWrapper(os.fdopen(1, "wb", closefd=False), write_through=True)
			sys.stderr = open(os.devnull, "w")
			import warnings
			warnings.simplefilter("ignore")
			import numpy
			numpy.random.seed()  # the parent's legacy state would repeat in every child
			exec(compile(src, "<cell>", "exec"), {"__name__": "__main__"})
		except BaseException:
			pass
		finally:
			try:
				sys.stdout.flush()
			except BaseException:
				pass
			os._exit(0)
	os.waitpid(pid, 0)
	with open(path, encoding="utf-8", errors="replace") as f:
		out = f.read()
	os.unlink(path)
	return out


def run_lumen(lumen, path, timeout):
	env = dict(os.environ, LUMEN_DEVICE="host", OMP_NUM_THREADS="1", PYTHONHASHSEED="0")
	try:
		p = subprocess.run([lumen, "run", path], capture_output=True, timeout=timeout, env=env,
			cwd=os.path.dirname(path))
		err = p.stderr.decode("utf-8", "replace")
		lines = [l for l in err.splitlines() if l.strip()]
		note = lines[-1] if p.returncode and lines else ""
		san = SAN.search(err)
		if san:  # an ASan/LSan/UBSan build: the report fails the whole docstring
			return p.stdout.decode("utf-8", "replace"), "sanitizer: " + san.group(0)
		if p.returncode < 0:
			note = f"crash: signal {-p.returncode}"
		return p.stdout.decode("utf-8", "replace"), note
	except subprocess.TimeoutExpired as e:
		return (e.stdout or b"").decode("utf-8", "replace"), f"timeout after {timeout}s"


def error_line(text):
	for line in (text or "").splitlines():
		if line.startswith(ERR + " "):
			return line[len(ERR) + 1:]
	return None


def cause_of(ref, got, note):
	"""One line naming why an example failed."""
	if got is None:
		return note or "run ended before this example"
	e = error_line(got)
	if e and e != error_line(ref):
		e = re.sub(r"0x[0-9a-f]+", "0x…", e)
		return e[:160]
	return "wrong output"


def check_one(item, lumen, workdir, timeout):
	"""(label, name, [(status, cause)]) for one docstring; status pass/fail/skip."""
	label, name, examples = item
	kept = [ex for ex in examples if not skip_example(ex)]
	if not kept:
		return label, name, [], "", [], []
	src = make_cell(kept)
	workdir = os.path.join(workdir, re.sub(r"[^\w.]", "_", name))  # each docstring's files apart
	os.makedirs(workdir, exist_ok=True)
	ref1 = split_output(run_cpython(src, timeout, workdir), len(kept))
	ref2 = split_output(run_cpython(src, timeout, workdir), len(kept))
	path = os.path.join(workdir, re.sub(r"[^\w.]", "_", name) + ".py")
	with open(path, "w") as f:
		f.write(src)
	got_text, note = run_lumen(lumen, path, timeout)
	got = split_output(got_text, len(kept))
	res = []
	for i, ex in enumerate(kept):
		r = ref1[i]
		if note.startswith("sanitizer: "):
			res.append(("fail", note))
			continue
		if r is None or r != ref2[i] or (r and re.search(r"ModuleNotFoundError|No module named|ImportError", r)):
			res.append(("skip", ""))
		elif got[i] == r:
			res.append(("pass", ""))
		else:
			res.append(("fail", cause_of(r, got[i], note)))
	return label, name, res, src, ref1, got


def collect(filt):
	parser = doctest.DocTestParser()
	items = []
	for label, name, obj in public_objects():
		if filt and not re.search(filt, name):
			continue
		try:
			exs = parser.get_examples(obj.__doc__ or "")
		except ValueError:
			continue
		if exs:
			items.append((label, name, exs))
	return items


def main():
	ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
	ap.add_argument("--lumen", default="build/lumen")
	ap.add_argument("--jobs", type=int, default=2)
	ap.add_argument("--timeout", type=float, default=30)
	ap.add_argument("--filter", help="regex on the qualified name (numpy.poly1d, ndarray.resize)")
	ap.add_argument("--show", action="store_true", help="print each failing example with both outputs")
	ap.add_argument("--list", action="store_true", help="print one line per docstring: name passed/total")
	ap.add_argument("--causes", type=int, default=40, help="how many failure causes to print")
	ap.add_argument("--floor", help="fail (exit 1) if NumPy's %% or SciPy's %% is below: NP[,SCIPY]")
	ap.add_argument("--tap", action="store_true", help="print as TAP (for tests/docstrings.test)")
	ap.add_argument("--keep", help="write the cells into this folder and keep them")
	args = ap.parse_args()
	lumen = os.path.abspath(args.lumen)
	items = collect(args.filter)
	workdir = args.keep or tempfile.mkdtemp(prefix="lumen-docstrings-")
	os.makedirs(workdir, exist_ok=True)
	table = collections.OrderedDict()
	causes = collections.Counter()
	cause_names = collections.defaultdict(list)
	per_doc = []
	say = (lambda s: print("# " + s if s else "#")) if args.tap else print
	import multiprocessing
	with concurrent.futures.ProcessPoolExecutor(max_workers=args.jobs,
			mp_context=multiprocessing.get_context("fork")) as pool:
		futs = [pool.submit(check_one, it, lumen, workdir, args.timeout) for it in items]
		for it, fut in zip(items, futs):
			label, name, res, src, ref, got = fut.result()
			row = table.setdefault(label, [0, 0, 0])
			npass = nall = 0
			for i, (st, cause) in enumerate(res):
				if st == "skip":
					row[2] += 1
					continue
				row[0] += 1
				nall += 1
				if st == "pass":
					row[1] += 1
					npass += 1
				else:
					causes[cause] += 1
					cause_names[cause].append(name)
					if args.show:
						say(f"--- {name} example {i}: {cause}")
						ex_src = src.split(f"print({MARK!r}, {i})\n")[1].split(f"print({MARK!r}, {i + 1})")[0]
						for l in ex_src.splitlines():
							say("    | " + l)
						for l in (ref[i] or "").splitlines():
							say("  numpy: " + l)
						for l in (got[i] or "<not reached>").splitlines():
							say("  lumen: " + l)
			if nall:
				per_doc.append((name, npass, nall))
	if not args.keep:
		import shutil
		shutil.rmtree(workdir, ignore_errors=True)
	if args.list:
		for name, p, n in per_doc:
			say(f"{name:50} {p}/{n}")
	say(f"{'module':16} {'examples':>8} {'passing':>8} {'%':>6} {'skipped':>8}")
	tot = {"numpy": [0, 0], "scipy": [0, 0]}
	for label, (n, p, s) in table.items():
		say(f"{label:16} {n:8} {p:8} {100.0 * p / max(n, 1):6.1f} {s:8}")
		t = tot["scipy" if label.startswith("scipy") else "numpy"]
		t[0] += n
		t[1] += p
	pct = {}
	for k, (n, p) in tot.items():
		if n:
			pct[k] = 100.0 * p / n
			say(f"{'all ' + k:16} {n:8} {p:8} {pct[k]:6.1f}")
	say("")
	say("failure causes by count (examples; first docstrings):")
	for cause, n in causes.most_common(args.causes):
		names = list(dict.fromkeys(cause_names[cause]))
		say(f"{n:5}  {cause}   [{', '.join(names[:4])}{', …' if len(names) > 4 else ''}]")
	rc = 0
	if args.floor:
		floors = [float(x) for x in args.floor.split(",")]
		checks = [("numpy", floors[0])] + ([("scipy", floors[1])] if len(floors) > 1 else [])
		if args.tap:
			print(f"1..{len(checks)}")
		for k, fl in checks:
			ok = pct.get(k, 0.0) >= fl
			rc |= not ok
			if args.tap:
				print(f"{'ok' if ok else 'not ok'} {checks.index((k, fl)) + 1} - {k} docstring examples "
					f"{pct.get(k, 0.0):.1f}% (floor {fl}%)")
	return rc


if __name__ == "__main__":
	sys.exit(main())
