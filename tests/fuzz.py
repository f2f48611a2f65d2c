#!/usr/bin/env python3
"""fuzz.py -- bad input for `lumen run`, as TAP (behind tests/fuzz.test).

Feeds the engine random bytes, truncated corpus cells, a 10 MB cell, deeply nested
brackets, unbounded recursion and impossible allocations.  Any outcome but a crash is
fine: an exit by signal, a time-out or a sanitizer report is `not ok`; an exit status of
0 or 1 (a Python-style error) is `ok`.  A truncated cell can be an endless loop (a
`while True:` cut before its break): one that has not answered in time is interrupted
and must end in a KeyboardInterrupt (exit status 130).  Seeded, so every run feeds the
same bytes.
"""

import argparse
import os
import random
import signal
import re
import shutil
import subprocess
import sys
import tempfile

SAN = re.compile(r"ERROR: (Address|Leak|Memory)Sanitizer|runtime error:|AddressSanitizer:DEADLYSIGNAL")


def cases(cells_dir, rng):
	# random bytes, printable noise and token soup
	for i in range(12):
		yield "random-bytes-%d" % i, bytes(rng.randrange(256) for _ in range(rng.randrange(1, 4096))), 30
	alphabet = "()[]{}:;,.=+-*/%@<>!&|^~'\"\\#\n\t 0123456789abcxyz_"
	for i in range(12):
		yield "random-chars-%d" % i, "".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 2000))).encode(), 30
	words = ["def", "f", "(", ")", ":", "\n", "    ", "return", "lambda", "x", "=", "[", "]", "for",
		 "in", "if", "else", "try", "except", "finally", "np.zeros", "np.", "import numpy as np\n",
		 "1", "1.5", "'s'", "f'{", "}'", "*", "**", ",", "{", "}", "while", "True", "break", "del", "@"]
	for i in range(12):
		yield "token-soup-%d" % i, " ".join(rng.choice(words) for _ in range(rng.randrange(1, 400))).encode(), 30
	# every corpus cell cut at a random byte
	if cells_dir and os.path.isdir(cells_dir):
		names = sorted(n for n in os.listdir(cells_dir) if n.endswith(".py"))
		for n in rng.sample(names, min(40, len(names))):
			with open(os.path.join(cells_dir, n), "rb") as f:
				src = f.read()
			cut = rng.randrange(len(src) + 1)
			yield "truncated-%s@%d" % (n, cut), src[:cut], 30
	# big and deep
	yield "10MB-cell", b"s = 0\n" + b"s += 1\n" * 1500000 + b"print(s)\n", 300
	yield "10MB-string-literal", b"s = '" + b"x" * (10 << 20) + b"'\nprint(len(s))\n", 120
	yield "10MB-list-literal", b"a = [" + b"1," * (5 << 20) + b"]\nprint(len(a))\n", 300
	for depth in (100, 10000, 1000000):
		yield "nested-parens-%d" % depth, b"x = " + b"(" * depth + b"1" + b")" * depth + b"\n", 60
		yield "nested-lists-%d" % depth, b"x = " + b"[" * depth + b"]" * depth + b"\n", 60
		yield "unclosed-brackets-%d" % depth, b"x = " + b"[{(" * depth + b"\n", 60
		yield "unary-chain-%d" % depth, b"x = " + b"-" * depth + b"1\n", 60
		yield "power-chain-%d" % depth, b"x = 1" + b" ** 1" * depth + b"\n", 60
		yield "not-chain-%d" % depth, b"x = " + b"not " * depth + b"1\n", 60
	yield "nested-defs-200", b"".join(b"    " * i + b"def f%d():\n" % i for i in range(200)) + b"    " * 200 + b"pass\n", 60
	yield "deep-indent-5000", b"".join(b" " * i + b"if 1:\n" for i in range(5000)) + b" " * 5000 + b"pass\n", 60
	yield "recursion-return-f", b"def f(): return f()\nf()\n", 60
	yield "recursion-mutual", b"def a(n): return b(n)\ndef b(n): return a(n)\na(0)\n", 60
	yield "recursion-caught", b"def f(): return f()\ntry:\n    f()\nexcept RecursionError:\n    print('caught')\nprint(f)\n", 60
	yield "recursion-lambda", b"f = lambda: f()\nf()\n", 60
	yield "recursion-listcomp", b"def g(n): return [g(n + 1)]\ng(0)\n", 60
	yield "np-zeros-10**13", b"import numpy as np\nnp.zeros(10**13)\n", 60
	yield "np-ones-huge-2d", b"import numpy as np\na = np.ones((10**7, 10**7), dtype=np.uint8)\n", 60
	yield "np-empty-negative", b"import numpy as np\nnp.empty(-1)\n", 60
	yield "np-arange-huge", b"import numpy as np\nnp.arange(10**15)\n", 60
	yield "np-zeros-then-use", b"import numpy as np\ntry:\n    np.zeros(10**13)\nexcept MemoryError as e:\n    print('MemoryError')\nprint(np.zeros(3))\n", 60
	yield "cp-zeros-10**13", b"import cupy as cp\ncp.zeros(10**13)\n", 60
	yield "nul-bytes", b"x = 1\x00\nprint(x)\n", 30
	yield "invalid-utf8", b"s = '\xff\xfe\xc3'\nprint(s)\n", 30
	yield "unterminated-triple", b's = """never closed\n' * 3, 30
	yield "unterminated-fstring", b"x = 1\nprint(f'{x'\n", 30
	yield "fstring-nested-deep", b"print(f'" + b"{f'" * 50 + b"x" + b"'}" * 50 + b"')\n", 30
	yield "tabs-spaces-mixed", b"if 1:\n\tx = 1\n        y = 2\n", 30
	yield "huge-int-literal", b"x = " + b"9" * 100000 + b"\nprint(x > 0)\n", 60
	yield "huge-float-literal", b"x = 1e99999\ny = 1e-99999\nprint(x, y)\n", 30
	yield "huge-range-loop-break", b"for i in range(10**18):\n    if i > 10: break\nprint(i)\n", 30
	yield "string-repeat-huge", b"s = 'x' * (10**13)\n", 60
	yield "list-repeat-huge", b"l = [0] * (10**13)\n", 60
	yield "empty", b"", 30
	yield "only-newlines", b"\n" * 10000, 30
	yield "only-comment", b"# nothing\n", 30
	yield "backslash-eof", b"x = 1 + \\", 30
	yield "magic-garbage", b"%%%\n%timeit\n%memgetinfo extra args\n%nonexistent\n", 30
	yield "help-garbage", b"??\nnp??\n?\n", 30


def main():
	ap = argparse.ArgumentParser()
	ap.add_argument("--lumen", default=os.environ.get("LUMEN", "./lumen"))
	ap.add_argument("--cells", default="")
	ap.add_argument("--seed", type=int, default=20261130)
	ap.add_argument("--filter", default=os.environ.get("FUZZ_FILTER", ""),
			help="regular expression on case names")
	args = ap.parse_args()
	lumen = args.lumen.split()
	if os.sep in lumen[0]:
		lumen[0] = os.path.abspath(lumen[0])
	rng = random.Random(args.seed)
	todo = list(cases(args.cells, rng))
	if args.filter:
		todo = [c for c in todo if re.search(args.filter, c[0])]
	print("1..%d" % len(todo), flush=True)
	tmp = tempfile.mkdtemp(prefix="lumen-fuzz-")
	env = dict(os.environ)
	env.setdefault("LUMEN_DEVICE", "host")
	for i, (name, data, timeout) in enumerate(todo, 1):
		path = os.path.join(tmp, "case.py")
		with open(path, "wb") as f:
			f.write(data)
		why = ""
		p = subprocess.Popen(lumen + ["run", path], cwd=tmp, env=env,
				     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
				     stderr=subprocess.PIPE)
		interrupted = False
		try:
			errb = p.communicate(timeout=timeout)[1]
		except subprocess.TimeoutExpired:
			if name.startswith("truncated-"):
				# a cut cell can be an endless loop (`while True:` without
				# its break), in CPython too: an interrupt must end it
				# with a KeyboardInterrupt, as Ctrl-C / the Stop button do
				p.send_signal(signal.SIGINT)
				interrupted = True
			else:
				p.kill()
			try:
				errb = p.communicate(timeout=30)[1]
			except subprocess.TimeoutExpired:
				p.kill()
				errb = p.communicate()[1]
				interrupted = False
			if not interrupted:
				why = "no answer within %ds" % timeout
		err = (errb or b"").decode("utf-8", "replace")
		if why:
			pass
		elif interrupted:
			if p.returncode != 130 or "KeyboardInterrupt" not in err:
				why = "an endless cut cell: exit status %d after an interrupt (expected 130, KeyboardInterrupt)" % p.returncode
		elif p.returncode < 0:
			why = "killed by signal %d" % -p.returncode
		elif p.returncode > 1:
			why = "exit status %d (expected 0 or 1)" % p.returncode
		if not why and SAN.search(err):
			why = "sanitizer report"
		print("%s %d - %s" % ("not ok" if why else "ok", i, name))
		if why:
			print("# " + why)
			for l in err.strip().splitlines()[-8:]:
				print("# " + l[:300])
		sys.stdout.flush()
	shutil.rmtree(tmp, ignore_errors=True)
	return 0


if __name__ == "__main__":
	sys.exit(main())
