#!/usr/bin/env python3
"""plotrun.py — the plot corpus: each cell of tests/plots/ is run by CPython with
matplotlib (the Agg backend) and by `lumen run`; a line appended to the cell saves
the current figure as PNG.  The two images are compared with SSIM (scikit-image,
RGB over white, at the reference's size): TAP `ok` at >= 0.90 for every cell, and a
last test for a median >= 0.95.  Failing cells get a side-by-side image
(reference | lumen | difference) in --out.  A cell whose first line is
`# plots: error NAME` must fail in Lumen with that exception instead.

usage: plotrun.py [--python PY] [--lumen LUMEN] [--out DIR] [--filter S] DIR|FILE...
"""
import argparse, os, subprocess, sys, tempfile, statistics

import numpy as np


def load(path):
    from skimage.io import imread
    im = imread(path).astype(np.float64)
    if im.ndim == 2:
        im = np.stack([im] * 3, axis=-1)
    if im.shape[-1] == 4:
        a = im[..., 3:4] / 255.0
        im = im[..., :3] * a + 255.0 * (1 - a)
    return im[..., :3]


def run(cmd, env, timeout=120):
    try:
        p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return -1, 'timeout'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--python', default=sys.executable)
    ap.add_argument('--lumen', default='./lumen')
    ap.add_argument('--out', default='plots-out')
    ap.add_argument('--filter', default='')
    ap.add_argument('paths', nargs='+')
    a = ap.parse_args()
    from skimage.metrics import structural_similarity
    from skimage.transform import resize
    files = []
    for p in a.paths:
        if os.path.isdir(p):
            files += sorted(os.path.join(p, f) for f in os.listdir(p) if f.endswith('.py'))
        else:
            files.append(p)
    files = [f for f in files if a.filter in os.path.basename(f)]
    os.makedirs(a.out, exist_ok=True)
    print('1..%d' % (len(files) + 1))
    scores, n = [], 0
    env = dict(os.environ, MPLBACKEND='Agg', LUMEN_DEVICE='host')
    with tempfile.TemporaryDirectory() as tmp:
        for f in files:
            n += 1
            name = os.path.basename(f)[:-3]
            src = open(f).read()
            first = src.splitlines()[0] if src else ''
            if first.startswith('# plots: error '):
                want = first.split()[-1]
                cell = os.path.join(tmp, name + '.py')
                open(cell, 'w').write(src)
                rc, out = run([a.lumen, 'run', cell], env)
                ok = rc != 0 and (want + ':') in out
                print('%s %d - %s raises %s%s' % ('ok' if ok else 'not ok', n, name, want,
                                                  '' if ok else '\n# ' + out.strip().replace('\n', '\n# ')))
                continue
            ref, lum = os.path.join(tmp, name + '-ref.png'), os.path.join(tmp, name + '-lumen.png')
            res = []
            for exe, png in ((a.python, ref), (a.lumen, lum)):
                cell = os.path.join(tmp, name + ('-ref' if png == ref else '-lumen') + '.py')
                open(cell, 'w').write(src + '\nimport matplotlib.pyplot as plt\nplt.savefig(%r)\n' % png)
                cmd = [exe, cell] if png == ref else [exe, 'run', cell]
                res.append(run(cmd, env))
            if res[0][0] != 0 or res[1][0] != 0 or not os.path.exists(lum):
                which = 'CPython' if res[0][0] != 0 else 'lumen'
                out = res[0][1] if res[0][0] != 0 else res[1][1]
                print('not ok %d - %s: %s failed\n# %s' % (n, name, which, out.strip().replace('\n', '\n# ')))
                scores.append(0.0)
                continue
            r, l = load(ref), load(lum)
            note = ''
            if r.shape != l.shape:
                note = ' (size %dx%d, reference %dx%d)' % (l.shape[1], l.shape[0], r.shape[1], r.shape[0])
                l = resize(l, r.shape, preserve_range=True, anti_aliasing=True)
            s = structural_similarity(r, l, channel_axis=-1, data_range=255)
            scores.append(s)
            ok = s >= 0.90 and not note
            if not ok or os.environ.get('PLOTS_KEEP'):
                from skimage.io import imsave
                diff = 255 - np.abs(r - l)
                side = np.concatenate([r, l, diff], axis=1).clip(0, 255).astype(np.uint8)
                imsave(os.path.join(a.out, name + '.png'), side, check_contrast=False)
            print('%s %d - %s ssim %.4f%s' % ('ok' if ok else 'not ok', n, name, s, note))
    med = statistics.median(scores) if scores else 1.0
    print('# SSIM table:')
    for f, s in zip([f for f in files if not open(f).read().startswith('# plots: error')], scores):
        print('#   %-32s %.4f' % (os.path.basename(f)[:-3], s))
    n += 1
    print('%s %d - median ssim %.4f >= 0.95' % ('ok' if med >= 0.95 else 'not ok', n, med))


main()
