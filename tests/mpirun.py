#!/usr/bin/env python3
"""mpirun.py -- the runner behind tests/mpi.test: each tests/mpi/*.py is run under
`mpiexec -n N` by CPython with the real mpi4py (the reference; `import cupy` gets
tests/gpu/sweep/fakecupy, NumPy dressed as CuPy, unless the reference has CuPy and
no --fakecupy) and
by `lumen run` (host mode unless --gpu), and once more by each without mpiexec (a
singleton of one rank).  Every rank's stdout must match byte for byte, and both runs
must fail or succeed together (for a failed run: the last stderr line of each rank
too).  One TAP line per file and mode, a unified diff as TAP comments on mismatch.

A corpus file begins with a `# mpi: what it checks` line; other files in the folder
(benchmarks, helpers) are not run.

Markers in a file's comment lines:
  # mpi: ranks N            ranks of the mpiexec run (default: --np, 2)
  # mpi: skip-singleton R   no run without mpiexec
  # mpi: todo REASON        known gap: TAP `# TODO`
  # mpi: timeout N          seconds per run (default 120)
Open MPI's mpiexec is required (its --output-filename keeps ranks apart).
"""

import argparse
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile

SAN = re.compile(rb"ERROR: (Address|Leak|Memory)Sanitizer|runtime error:|AddressSanitizer:DEADLYSIGNAL")
MARK = re.compile(r"^\s*#\s*mpi:\s*(ranks|skip-singleton|todo|timeout)\b\s*(.*)$", re.M)
HERE = os.path.dirname(os.path.abspath(__file__))
FAKECUPY = os.path.join(HERE, "gpu", "sweep", "fakecupy")


def markers(src):
	return {m.group(1): m.group(2).strip() for m in MARK.finditer(src)}


def env_for(kind, gpu):
	env = dict(os.environ)
	env.update(OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
		   OMPI_MCA_rmaps_base_oversubscribe="1", PYTHONHASHSEED="0")
	if kind == "ref":
		if ARGS.fakecupy or subprocess.run([ARGS.python, "-c", "import cupy"], capture_output=True).returncode != 0:
			env["PYTHONPATH"] = FAKECUPY + os.pathsep + env.get("PYTHONPATH", "")
	else:
		env["LUMEN_DEVICE"] = "cuda" if gpu else "host"
		# sanitizer builds: Open MPI's own leaks at MPI_Init/Finalize are
		# suppressed by library (tests/lsan.supp), which needs its components
		# kept loaded and full stacks (its libraries have no frame pointers)
		env["OMPI_MCA_mca_base_component_disable_dlclose"] = "1"
		asan = env.get("ASAN_OPTIONS", "")
		env["ASAN_OPTIONS"] = (asan + ":" if asan else "") + "fast_unwind_on_malloc=0"
		if "LSAN_OPTIONS" not in env:
			env["LSAN_OPTIONS"] = "suppressions=" + os.path.join(HERE, "lsan.supp")
	return env


def run(cmd, env, timeout, outdir, nranks):
	"""[(stdout, stderr) per rank], returncode"""
	if outdir:
		shutil.rmtree(outdir, ignore_errors=True)
		os.makedirs(outdir)
	try:
		p = subprocess.run(cmd, env=env, capture_output=True, timeout=timeout)
		rc = p.returncode
	except subprocess.TimeoutExpired as e:
		return [(b"", b"timeout after %d s" % timeout)], "timeout"
	if not outdir:
		return [(p.stdout, p.stderr)], rc
	ranks = []
	for r in range(nranks):
		d = None
		for root, dirs, files in os.walk(outdir):
			if os.path.basename(root) == "rank.%d" % r:
				d = root
		out = err = b""
		if d:
			for name, acc in (("stdout", 0), ("stderr", 1)):
				f = os.path.join(d, name)
				if os.path.exists(f):
					with open(f, "rb") as fh:
						if acc == 0:
							out = fh.read()
						else:
							err = fh.read()
		ranks.append((out, err))
	return ranks, rc


def last_line(b):
	lines = [l for l in b.decode("utf-8", "replace").splitlines() if l.strip()]
	return lines[-1] if lines else ""


def compare(ref, lum):
	"""None when they agree, else a diff text"""
	(rr, rrc), (lr, lrc) = ref, lum
	if rrc == "timeout" or lrc == "timeout":
		return "timeout: reference %s, lumen %s\n%s" % (rrc, lrc, last_line(lr[0][1]))
	diffs = []
	if (rrc == 0) != (lrc == 0):
		diffs.append("exit status: reference %s, lumen %s" % (rrc, lrc))
	for i, ((ro, re_), (lo, le)) in enumerate(zip(rr, lr)):
		if ro != lo:
			d = difflib.unified_diff(ro.decode("utf-8", "replace").splitlines(),
						 lo.decode("utf-8", "replace").splitlines(),
						 "reference rank %d" % i, "lumen rank %d" % i, lineterm="")
			diffs.append("\n".join(d))
		if rrc != 0 and lrc != 0 and last_line(re_) != last_line(le):
			diffs.append("rank %d error: reference %r, lumen %r" % (i, last_line(re_), last_line(le)))
	for i, (lo, le) in enumerate(lr):
		m = SAN.search(le)
		if m:
			at = le[max(0, m.start() - 200):m.start() + 1500].decode("utf-8", "replace")
			diffs.append("rank %d: sanitizer report\n%s" % (i, at))
	return "\n".join(diffs) if diffs else None


def main():
	global ARGS
	ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
	ap.add_argument("--python", default="python3")
	ap.add_argument("--lumen", default="./lumen")
	ap.add_argument("--mpiexec", default="mpiexec")
	ap.add_argument("--np", type=int, default=2)
	ap.add_argument("--gpu", action="store_true", help="lumen with LUMEN_DEVICE=cuda")
	ap.add_argument("--filter", default="", help="only files whose name contains this")
	ap.add_argument("--no-singleton", action="store_true")
	ap.add_argument("--fakecupy", action="store_true",
			help="the reference imports fakecupy even where CuPy exists (mpi4py + CuPy needs a CUDA-aware MPI)")
	ap.add_argument("dir", nargs="?", default=os.path.join(HERE, "mpi"))
	ARGS = ap.parse_args()
	def is_cell(f):
		with open(os.path.join(ARGS.dir, f), encoding="utf-8") as fh:
			return fh.readline().startswith("# mpi:")
	files = sorted(f for f in os.listdir(ARGS.dir) if f.endswith(".py") and ARGS.filter in f and is_cell(f))
	tmp = tempfile.mkdtemp(prefix="lumen-mpi-")
	lumen = os.path.abspath(ARGS.lumen)
	tests = []
	for f in files:
		path = os.path.join(ARGS.dir, f)
		with open(path, encoding="utf-8") as fh:
			mk = markers(fh.read())
		tests.append((f, path, mk, "mpi"))
		if not ARGS.no_singleton and "skip-singleton" not in mk:
			tests.append((f, path, mk, "singleton"))
	print("1..%d" % len(tests))
	failed = 0
	for n, (f, path, mk, mode) in enumerate(tests, 1):
		timeout = int(mk.get("timeout", "120") or 120)
		nranks = int(mk.get("ranks", ARGS.np) or ARGS.np)
		res = []
		for kind, prog in (("ref", [ARGS.python, path]), ("lumen", [lumen, "run", path])):
			env = env_for(kind, ARGS.gpu)
			if mode == "mpi":
				out = os.path.join(tmp, "%s-%s" % (f, kind))
				cmd = [ARGS.mpiexec, "--oversubscribe", "-n", str(nranks), "--output-filename", out] + prog
				res.append(run(cmd, env, timeout, out, nranks))
			else:
				res.append(run(prog, env, timeout, None, 1))
		d = compare(res[0], res[1])
		name = "%s (%s)" % (f, "mpiexec -n %d" % nranks if mode == "mpi" else "singleton")
		todo = " # TODO " + mk["todo"] if "todo" in mk else ""
		if d is None:
			print("ok %d - %s%s" % (n, name, todo))
		else:
			if not todo:
				failed += 1
			print("not ok %d - %s%s" % (n, name, todo))
			for line in d.splitlines()[:80]:
				print("# " + line)
		sys.stdout.flush()
	shutil.rmtree(tmp, ignore_errors=True)
	return 1 if failed else 0


if __name__ == "__main__":
	sys.exit(main())
