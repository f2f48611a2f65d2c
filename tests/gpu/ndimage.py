# ndimage.py — scipy.ndimage / scipy.signal on the device (cupyx.scipy) against
# the host (scipy namespace of np arrays), run by `lumen run` with
# LUMEN_DEVICE=cuda on the GPU machine; prints TAP lines.  The device stencil
# sums in SciPy's order in double precision without FMA contraction, so every
# result must equal the host's exactly; a result must also stay a cupy array
# (no silent trip through the host).
import numpy as np
import cupy as cp
import scipy.ndimage as hndi
from scipy import signal as hsig
import cupyx.scipy.ndimage as dndi
import cupyx.scipy.signal as dsig

count = [0]
def check(name, cond):
    count[0] += 1
    print(("ok " if cond else "not ok ") + str(count[0]) + " - " + name)

def same(name, hf, df, *args, **kw):
    try:
        h = hf(*[a.get() if isinstance(a, cp.ndarray) else a for a in args], **kw)
        d = df(*args, **kw)
        ok = isinstance(d, cp.ndarray) and d.dtype == h.dtype and d.shape == h.shape \
            and bool(np.array_equal(d.get(), h, equal_nan=True))
        if not ok and isinstance(d, cp.ndarray) and d.shape == h.shape:
            name += " (max diff " + str(float(np.max(np.abs(d.get().astype(np.float64) - h)))) + ")"
        check(name, ok)
    except Exception as e:
        check(name + " raised " + type(e).__name__ + ": " + str(e), False)

rs = np.random.default_rng(0)
modes = ['reflect', 'constant', 'nearest', 'mirror', 'wrap']
dts = [np.float32, np.float64, np.int32, np.uint8]
x2 = {dt: cp.asarray((rs.random((37, 45)) * 50).astype(dt)) for dt in dts}
x1 = cp.asarray(rs.random(101))
x3 = cp.asarray(rs.random((9, 10, 11)).astype(np.float32))
w = rs.random((3, 4)) - 0.3
for m in modes:
    for dt in dts:
        tag = m + " " + np.dtype(dt).name
        same("correlate " + tag, hndi.correlate, dndi.correlate, x2[dt], w, mode=m, cval=1.5)
        same("convolve origin " + tag, hndi.convolve, dndi.convolve, x2[dt], w, mode=m, origin=(1, -1))
        same("correlate1d " + tag, hndi.correlate1d, dndi.correlate1d, x2[dt], [1, 3, -1.5, 2], axis=0, mode=m)
        same("convolve1d " + tag, hndi.convolve1d, dndi.convolve1d, x2[dt], [1, 0, -1], mode=m)
        same("gaussian_filter " + tag, hndi.gaussian_filter, dndi.gaussian_filter, x2[dt], 1.3, mode=m)
        same("uniform_filter " + tag, hndi.uniform_filter, dndi.uniform_filter, x2[dt], (3, 4), mode=m)
        same("median_filter " + tag, hndi.median_filter, dndi.median_filter, x2[dt], 3, mode=m)
        same("minimum_filter " + tag, hndi.minimum_filter, dndi.minimum_filter, x2[dt], (2, 3), mode=m)
        same("maximum_filter footprint " + tag, hndi.maximum_filter, dndi.maximum_filter, x2[dt],
             footprint=[[1, 0, 1], [0, 1, 0]], mode=m)
        same("sobel " + tag, hndi.sobel, dndi.sobel, x2[dt], axis=0, mode=m)
        same("laplace " + tag, hndi.laplace, dndi.laplace, x2[dt], mode=m)
    same("correlate 1-D kernel larger than input " + m, hndi.correlate, dndi.correlate, x1[:5], np.arange(9.0), mode=m)
    same("gaussian_filter 3-D order 1 " + m, hndi.gaussian_filter, dndi.gaussian_filter, x3, 0.9, order=1, mode=m)
    same("uniform_filter1d 3-D axis 1 " + m, hndi.uniform_filter1d, dndi.uniform_filter1d, x3, 4, axis=1, mode=m)
# the tiled kernel (weighted sums of <= 64 taps, min / max): tile edges at
# odd sizes, inputs smaller than the halo, the grid-* names, 3-D and 4-D
# with lead-axis boxes, origins, the z-strided grid, and boxes too large to
# tile (the per-element kernel)
x3d = cp.asarray(rs.random((7, 33, 35)))
w333 = rs.random((3, 3, 3)) - 0.5
k55 = rs.random((5, 5))
for m in modes + ['grid-mirror', 'grid-constant', 'grid-wrap']:
    same("tiled 5x5 over a 3x2 input " + m, hndi.correlate, dndi.correlate, x2[np.float32][:3, :2], k55, mode=m, cval=2.5)
    same("tiled 5x5 over a 1x1 input " + m, hndi.convolve, dndi.convolve, x2[np.float64][:1, :1], k55, mode=m, cval=-1)
    same("tiled 3x3x3 f64 " + m, hndi.correlate, dndi.correlate, x3d, w333, mode=m, cval=0.5)
    same("tiled 3x3x3 origin " + m, hndi.convolve, dndi.convolve, x3d, w333, mode=m, origin=(1, -1, 0))
    same("tiled 3-D int32 -> float32 " + m, hndi.correlate, dndi.correlate, (x3d * 40).astype(cp.int32),
         w333, mode=m, output=np.float32)
    same("tiled 4-D " + m, hndi.correlate, dndi.correlate, x3d.reshape(7, 3, 11, 35), rs.random((2, 1, 3, 2)), mode=m)
    same("tiled 1-D 9 taps " + m, hndi.correlate1d, dndi.correlate1d, x1, rs.random(9) - 0.5, mode=m, cval=3)
    same("tiled gaussian_filter 3-D " + m, hndi.gaussian_filter, dndi.gaussian_filter, x3d, (1.0, 0.7, 1.6), mode=m)
    same("tiled minimum_filter 3-D " + m, hndi.minimum_filter, dndi.minimum_filter, x3d, (2, 3, 2), mode=m)
    same("tiled maximum_filter uint8 " + m, hndi.maximum_filter, dndi.maximum_filter, x2[np.uint8], 5, mode=m, cval=7)
    same("tiled odd 1025x1031 5x5 f32 " + m, hndi.convolve, dndi.convolve,
         cp.asarray(rs.random((1025, 1031)).astype(np.float32)), k55, mode=m, origin=(-2, 2))
lead = cp.asarray(rs.random((70000, 2, 64)).astype(np.float32))
same("tiled over 70000 lead points (grid strides z)", hndi.correlate, dndi.correlate, lead, rs.random((1, 3, 3)), mode='wrap')
same("tiled lead-axis 1-D sum over 70000", hndi.correlate1d, dndi.correlate1d, lead, [1.0, 2.0, 1.0], axis=0, mode='mirror')
sparse = np.zeros((1, 2001))
sparse[0, [0, 1000, 2000]] = [0.5, -1.0, 2.0]
wide = cp.asarray(rs.random((40, 3000)))
for m in modes:
    same("box too wide to tile (per-element kernel) " + m, hndi.correlate, dndi.correlate, wide, sparse, mode=m, cval=1)
    same("box too tall to tile " + m, hndi.correlate, dndi.correlate, wide.T, sparse.T, mode=m)
same("tiled correlate float64 -> uint8 output", hndi.correlate, dndi.correlate, x2[np.float64], w, output=np.uint8)
same("tiled correlate negative-stride 3-D view", hndi.correlate, dndi.correlate, x3d[::-1, 1::2, ::-2], w333)
same("correlate strided view", hndi.correlate, dndi.correlate, x2[np.float64][::2, ::-3], w)
same("correlate output=float32", hndi.correlate, dndi.correlate, x2[np.int32], w, output=np.float32)
big = cp.asarray(rs.random((1000, 1200)).astype(np.float32))
same("convolve 1000x1200 5x5 f32", hndi.convolve, dndi.convolve, big, rs.random((5, 5)))
for m in ['full', 'same', 'valid']:
    same("signal.convolve " + m, hsig.convolve, dsig.convolve, x2[np.float64], cp.asarray(w), mode=m)
    same("signal.correlate " + m, hsig.correlate, dsig.correlate, x2[np.float32], cp.asarray(w.astype(np.float32)), mode=m)
    for b in ['fill', 'wrap', 'symm']:
        same("signal.convolve2d " + m + " " + b, hsig.convolve2d, dsig.convolve2d, x2[np.float64],
             cp.asarray(w), mode=m, boundary=b, fillvalue=2)
        same("signal.correlate2d " + m + " " + b, hsig.correlate2d, dsig.correlate2d, x2[np.int32],
             cp.asarray(w), mode=m, boundary=b)
k7 = rs.random(7)
for m in ['full', 'same', 'valid']:
    try:
        d = dsig.fftconvolve(x1, cp.asarray(k7), mode=m)
        h = hsig.fftconvolve(x1.get(), k7, mode=m)
        d2 = dsig.fftconvolve(x2[np.float32], cp.asarray(w.astype(np.float32)), mode=m)
        h2 = hsig.fftconvolve(x2[np.float32].get(), w.astype(np.float32), mode=m)
        check("signal.fftconvolve " + m + " (cuFFT, close to the host)",
              isinstance(d, cp.ndarray) and d.dtype == h.dtype and bool(np.allclose(d.get(), h))
              and d2.dtype == np.float32 and bool(np.allclose(d2.get(), h2, rtol=1e-4, atol=1e-3)))
    except Exception as e:
        check("signal.fftconvolve " + m + " raised " + type(e).__name__ + ": " + str(e), False)
# spline transforms: the device's prefilter and interpolation kernels round as
# the host's (no FMA contraction), so results are equal
for m in ['constant', 'nearest', 'reflect', 'mirror', 'wrap', 'grid-wrap', 'grid-constant']:
    for order in [0, 1, 2, 3, 5]:
        tag = m + " order " + str(order)
        same("zoom " + tag, hndi.zoom, dndi.zoom, x2[np.float64], 1.7, order=order, mode=m, cval=2)
        same("shift " + tag, hndi.shift, dndi.shift, x2[np.float32], (0.3, -1.4), order=order, mode=m)
        same("rotate " + tag, hndi.rotate, dndi.rotate, x2[np.float64], 30, order=order, mode=m)
same("zoom grid_mode uint8", hndi.zoom, dndi.zoom, x2[np.uint8], (2, 0.5), grid_mode=True, mode='grid-constant')
same("zoom int32", hndi.zoom, dndi.zoom, x2[np.int32], 0.6)
same("rotate 3-D axes (1, 2)", hndi.rotate, dndi.rotate, x3, 45, axes=(1, 2), reshape=False)
print("1.." + str(count[0]))
