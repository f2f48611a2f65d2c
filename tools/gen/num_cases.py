#!/usr/bin/env python3
"""num_cases.py — writes tests/unit/num_cases.h for t-linalg, t-fft, t-random
and t-npyio: the numerics cells of tests/cells/ (linalg-*, fft-*, random-*,
io-*) with the stdout CPython + NumPy prints for each (run in a scratch
directory).  A cell ending in an uncaught exception records its last line
(`ValueError: ...`).  Run: python3 tools/gen/num_cases.py > tests/unit/num_cases.h
"""
import glob, os, subprocess, sys, tempfile

here = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'tests')


def c_str(s):
    out = []
    for line in s.splitlines(True):
        esc = line.replace('\\', '\\\\').replace('"', '\\"').replace('\n', '\\n').replace('\t', '\\t')
        out.append('"%s"' % esc)
    return '\n\t  '.join(out) if out else '""'


def main():
    cells = []
    for pat in ('linalg-*.py', 'fft-*.py', 'random-*.py', 'io-*.py'):
        cells += sorted(glob.glob(os.path.join(here, 'cells', pat)))
    print('/* num_cases.h — written by tools/gen/num_cases.py from tests/cells: do not edit. */')
    print('struct num_case { const char *name, *code, *expect; };')
    print('static const struct num_case num_cases[] = {')
    for path in cells:
        name = os.path.basename(path)[:-3]
        code = open(path).read()
        with tempfile.TemporaryDirectory() as d:
            r = subprocess.run([sys.executable, path], cwd=d, capture_output=True, text=True, timeout=120)
        out = r.stdout
        if r.returncode:
            last = r.stderr.strip().splitlines()[-1]
            # "numpy.linalg.LinAlgError: x" -> "LinAlgError: x"
            head, _, msg = last.partition(': ')
            out += head.split('.')[-1] + ': ' + msg + '\n'
        print('\t{"%s",\n\t  %s,\n\t  %s},' % (name, c_str(code), c_str(out)))
    print('\t{NULL, NULL, NULL}\n};')


main()
