#!/usr/bin/env python3
"""rstpages.py -- doctest pages (NumPy's user guide doc/source/user/*.rst, CuPy's
docs/source/user_guide/*.rst ...) checked as docstrings.py checks docstrings: each
page one cell, every example's output under CPython+NumPy against `lumen run`.
The pages are not installed with NumPy: take them from a git copy of its sources.

  rstpages.py LUMEN PAGE.rst [PAGE.rst ...]     (SHOW=1: both outputs of each failure)
"""
import collections
import doctest
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import docstrings as D
lumen = os.path.abspath(sys.argv[1]); files = sys.argv[2:]
p = doctest.DocTestParser()
tot = collections.Counter(); show = os.environ.get('SHOW')
for f in files:
    exs = p.get_examples(open(f).read())
    if not exs: continue
    item = ('user', os.path.basename(f), exs)
    label, name, res, src, ref, got = D.check_one(item, lumen, os.environ.get('TMPDIR', '/tmp') + '/rstpages', 60)
    c = collections.Counter(s for s, _ in res)
    tot.update(c)
    print('%-32s pass %3d fail %3d skip %3d' % (name, c['pass'], c['fail'], c['skip']))
    kept = [ex for ex in exs if not D.skip_example(ex)]
    for i, (s, cause) in enumerate(res):
        if s == 'fail':
            print('   FAIL: %s  | %s' % (kept[i].source.strip().split('\n')[0][:70], cause[:110]))
            if show:
                print('      ref:', repr(ref[i])[:300]); print('      got:', repr(got[i])[:300])
print('TOTAL', dict(tot), '%.1f%%' % (100.0 * tot['pass'] / max(1, tot['pass'] + tot['fail'])))
