#!/usr/bin/env python3
"""format_cases.py — writes tests/unit/format_cases.h for t-format.c: arrays
and scalars with the repr and str NumPy (>= 2.2) gives them.

Run from the repository root:  python3 tools/gen/format_cases.py > tests/unit/format_cases.h
"""
import sys
import numpy as np

DT = ['bool', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32',
      'uint64', 'float16', 'float32', 'float64', 'complex64', 'complex128']

cases = []      # (name, array, opts, data_spec, transposed)
scalars = []    # (name, scalar)


def add(name, a, opts=None, spec=None, T=False):
    cases.append((name, np.asarray(a), opts or {}, spec, T))


def ar(n, dtype, start=0.0, step=1.0, shape=None):
    """arange-like data the C test can rebuild: start + i*step in double,
    cast to dtype."""
    a = (start + np.arange(n, dtype=np.float64) * step).astype(dtype)
    if shape is not None:
        a = a.reshape(shape)
    return a, 'arange:%r:%r' % (start, step)


def arr(name, a, dtype=None, opts=None):
    add(name, np.array(a, dtype=dtype), opts)


# ---- every dtype, small ----
for dt in DT:
    if dt == 'bool':
        arr('bool1d', [True, False, True], dt)
        continue
    arr(dt + ' small', [0, 1, 2, 3], dt)
    arr(dt + ' 2d', [[1, 2, 3], [4, 5, 6]], dt)
    arr(dt + ' 0d', 7, dt)
    arr(dt + ' empty', [], dt)
arr('int8 neg', [-128, 0, 127], 'int8')
arr('int64 neg', [-5, 10, 1000], 'int64')
arr('int64 wide', [-9223372036854775808, 9223372036854775807], 'int64')
arr('uint64 big', [18446744073709551615, 0, 1], 'uint64')
arr('uint32 big', [4294967295, 7], 'uint32')
arr('int16 mix', [[-1, 200], [3000, -32768]], 'int16')
arr('bool 2d', [[True, False], [False, False]])
arr('bool 0d', True)
arr('bool 0d false', False)
arr('bool empty', [], 'bool')

# ---- floats: digits ----
arr('f64 basic', [1.0, 2.5, -3.25])
arr('f64 tenth', [0.1, 0.2, 0.3])
arr('f64 third', [1 / 3, 2 / 3])
arr('f64 1e-5', [1e-5])
arr('f64 1e-5 mix', [1e-5, 1.0])
arr('f64 123456789', [123456789.0])
arr('f64 1e16', [1e16])
arr('f64 1e16 mix', [1e16, 1.0, 2.5])
arr('f64 pi e', [np.pi, np.e])
arr('f64 integral', [1.0, 2.0, 3.0])
arr('f64 half', [0.5, 1.0])
arr('f64 zero', [0.0])
arr('f64 zeros', [0.0, 0.0, 0.0])
arr('f64 negzero', [-0.0, 0.0])
arr('f64 negzero only', [-0.0])
arr('f64 prec cut', [0.123456785, 1.0000000050000002])
arr('f64 round up', [1.999999999, 0.5])
arr('f64 max', [1e8, 1.0])
arr('f64 just under 1e8', [99999999.0, 1.0])
arr('f64 ratio', [1.0, 1000.0])
arr('f64 ratio over', [1.0, 1000.5])
arr('f64 min 1e-4', [0.0001, 0.5])
arr('f64 small under', [0.00009999, 0.5])
arr('f64 tiny', [1e-300, 1.0])
arr('f64 huge', [1e300, -1e-300])
arr('f64 denorm', [5e-324])
arr('f64 exp3', [1e-100, 1.5])
arr('f64 exp3 big', [1e100, 1e-100, 3.0])
arr('f64 large ints', [12345678.0, 1.5])
arr('f64 mixed', [1.5, -2.25, 100.125, 0.001])
arr('f64 seq', np.linspace(0, 1, 11))
arr('f64 seq2', np.linspace(-5, 5, 7))
arr('f64 2d', [[1.5, 2.0], [3.0, -4.75]])
arr('f64 3d', np.arange(24, dtype=float).reshape(2, 3, 4) / 4)
arr('f64 4d', np.arange(16, dtype=float).reshape(2, 2, 2, 2) - 7.5)
arr('f64 0d', 5.0)
arr('f64 0d frac', 2.5)
arr('f64 0d big', 1e8)
arr('f64 0d nan', np.nan)
arr('f64 0d small', 1e-10)
arr('f64 empty', [])
arr('f64 empty 2x0', np.zeros((2, 0)))
arr('f64 empty 0x3', np.zeros((0, 3)))
arr('f64 empty 2x0x3', np.zeros((2, 0, 3)))
arr('int64 empty 3x0', np.zeros((3, 0), dtype=np.int64))

# ---- nan / inf ----
arr('nan inf', [np.nan, np.inf, -np.inf])
arr('nan mix', [1.5, np.nan, 2.0])
arr('inf mix', [1.0, -np.inf, 1e-5])
arr('nan only', [np.nan])
arr('neg inf only', [-np.inf, np.nan])
arr('nan 2d', [[np.nan, 1.0], [2.0, np.inf]])
arr('nan exp', [np.nan, 1.5, -np.inf, 1e-100])
arr('nan f32', [np.nan, 0.1, np.inf], 'float32')

# ---- float32 / float16 digits ----
arr('f32 tenth', [0.1, 0.2, 0.3], 'float32')
arr('f32 third', [1 / 3], 'float32')
arr('f32 1e-5', [1e-5, 1.0], 'float32')
arr('f32 123456789', [123456789.0], 'float32')
arr('f32 1e16', [1e16], 'float32')
arr('f32 1e6', [1e6, 1.0], 'float32')
arr('f32 999999', [999999.0, 1.0], 'float32')
arr('f32 mixed', [1.5, 2.25, -0.1], 'float32')
arr('f32 pi', [np.pi, np.e], 'float32')
arr('f32 1234.6', [1234.6, 0.5], 'float32')
arr('f32 0d', 2.5, 'float32')
arr('f32 neg0', [-0.0, 1.0], 'float32')
arr('f16 tenth', [0.1, 0.2, 0.3], 'float16')
arr('f16 third', [1 / 3], 'float16')
arr('f16 1e-5', [1e-5, 1.0], 'float16')
arr('f16 1000', [1000.0, 1.0], 'float16')
arr('f16 999', [999.0, 1.0], 'float16')
arr('f16 max', [65504.0], 'float16')
arr('f16 mixed', [1.5, -2.25, 0.007], 'float16')
arr('f16 small', [6e-8, 1.0], 'float16')
arr('f16 inf', [np.inf, 1.0], 'float16')
arr('f16 0d', 0.1, 'float16')

# ---- complex ----
arr('c128 basic', [1 + 2j, 0 - 1j])
arr('c128 mix', [1 + 2j, -0.5j, np.nan + 1j, complex(3, -np.inf)])
arr('c128 exp', [1e10 + 1j, 1j])
arr('c128 real', [1 + 0j, 2.5 + 0j])
arr('c128 0d', 1 + 2j)
arr('c128 0d imag', 2j)
arr('c128 2d', [[1 + 1j, 2 - 2.5j], [-3 + 0.25j, 4j]])
arr('c128 tiny', [1e-5 + 1j, 1 + 1e-5j])
arr('c64 basic', [1 + 2j, 0.1 - 0.2j], 'complex64')
arr('c64 0d', 1.5 - 0.5j, 'complex64')
arr('c128 negzero', [complex(-0.0, -0.0), 1 + 1j])
arr('c128 nan', [complex(np.nan, np.nan)])
arr('c128 empty', [], 'complex128')

# ---- wrapping ----
arr('wrap f64', np.arange(30, dtype=float) * 1.5)
arr('wrap int', np.arange(40) * 1000)
arr('wrap 2d', np.arange(60, dtype=float).reshape(3, 20) / 7)
arr('wrap 3d', np.arange(2 * 3 * 25).reshape(2, 3, 25))
arr('wrap c128', (np.arange(12) + 1j * np.arange(12)[::-1]) / 3)
arr('wrap bool', np.arange(30) % 3 == 0)
arr('wrap f32', np.arange(25, dtype=np.float32) / 3, 'float32')
arr('wrap int8', np.arange(-50, 50, 3), 'int8')

# ---- summarised ----
for n, dt, start, step, shape in [
        (1001, 'float64', 0.0, 1.0, None),
        (1001, 'int64', 0.0, 1.0, None),
        (1001, 'int32', 0.0, 1.0, None),
        (1001, 'float32', 0.0, 0.1, None),
        (1001, 'bool', 0.0, 1.0, None),
        (2000, 'float64', -1.0, 0.001, None),
        (10000, 'float64', 0.0, 1.0, (100, 100)),
        (10000, 'int64', 0.0, 1.0, (100, 100)),
        (1000000, 'float64', 0.0, 1.0, None),
        (1000000, 'float64', 0.0, 1.0, (1000, 1000)),
        (1000000, 'float32', 0.0, 0.5, (100, 100, 100)),
        (1000000, 'int64', 0.0, 1.0, (10, 10, 100, 100)),
        (1001, 'complex128', 0.0, 0.5, None),
        (1200, 'float64', 0.0, 1.0, (2, 600)),
        (1200, 'float64', 0.0, 1.0, (600, 2)),
        (1200, 'int64', 0.0, 1.0, (3, 4, 100)),
        (5000, 'uint8', 0.0, 1.0, (50, 100)),
        (2000, 'float64', 0.0, 1e-6, None),
        (1001, 'float64', 1e7, 1000.0, None),
        (1001, 'float16', 0.0, 1.0, None),
        (100000, 'float64', 0.0, 0.25, (10, 10000)),
]:
    a, spec = ar(n, dt, start, step, shape)
    add('summ %s %d %s' % (dt, n, shape), a, spec=spec)
a, spec = ar(1000, 'float64')
add('threshold exact 1000', a, spec=spec)
a, spec = ar(1000, 'int64', 0, 1, (10, 100))
add('transposed 10x100', a, spec=spec, T=True)
a, spec = ar(12, 'float64', 0, 0.5, (3, 4))
add('transposed 3x4', a, spec=spec, T=True)
a, spec = ar(24, 'int32', 0, 1, (2, 3, 4))
add('transposed 2x3x4', a, spec=spec, T=True)

# ---- print options ----
arr('opt precision 3', [np.pi, 1.0, 2.12345], opts=dict(precision=3))
arr('opt precision 3 exp', [np.pi, 1e-5], opts=dict(precision=3))
arr('opt precision 0', [np.pi, 1.5, 2.5], opts=dict(precision=0))
arr('opt suppress', [1e-10, 1.0, 2.5], opts=dict(suppress=True))
arr('opt suppress neg', [-1e-10, 1.0], opts=dict(suppress=True))
arr('opt suppress big', [1e-10, 1.0, 1e9], opts=dict(suppress=True))
arr('opt sign +', [1.0, -2.5, 0.0], opts=dict(sign='+'))
arr('opt sign space', [1.0, 2.5], opts=dict(sign=' '))
arr('opt sign space neg', [1.0, -2.5], opts=dict(sign=' '))
arr('opt sign + int', [1, -2, 30], opts=dict(sign='+'))
arr('opt sign space int', [1, 2, 30], opts=dict(sign=' '))
arr('opt sign + nan', [np.nan, 1.0, np.inf], opts=dict(sign='+'))
arr('opt sign + complex', [1 + 1j, -2 - 2j], opts=dict(sign='+'))
arr('opt fixed', [0.1, 1.5, 2.0], opts=dict(floatmode='fixed'))
arr('opt fixed 3', [0.1, 1.5, 2.0], opts=dict(floatmode='fixed', precision=3))
arr('opt fixed exp', [1e-10, 1.5], opts=dict(floatmode='fixed'))
arr('opt unique', [0.1, 1 / 3, 2.0], opts=dict(floatmode='unique'))
arr('opt unique exp', [1e-10, 1 / 3], opts=dict(floatmode='unique'))
arr('opt maxprec_equal', [0.1, 0.12345, 2.0], opts=dict(floatmode='maxprec_equal'))
arr('opt maxprec_equal f32', [1.6, 1234.5], 'float32', opts=dict(floatmode='maxprec_equal'))
arr('opt linewidth 20', np.arange(10, dtype=float), opts=dict(linewidth=20))
arr('opt linewidth 200', np.arange(40) * 1000, opts=dict(linewidth=200))
arr('opt threshold 5', np.arange(10), opts=dict(threshold=5))
arr('opt threshold 5 edge 1', np.arange(10), opts=dict(threshold=5, edgeitems=1))
arr('opt threshold 5 2d', np.arange(36).reshape(6, 6), opts=dict(threshold=5, edgeitems=2))
a, spec = ar(2000, 'int64')
add('opt edgeitems 5', a, dict(edgeitems=5), spec)
arr('opt nanstr', [np.nan, 1.0, -np.inf], opts=dict(nanstr='NaN', infstr='Inf'))
add('opt legacy 2.1', a, dict(legacy='2.1'), spec)
arr('opt linewidth dtype', np.arange(17, dtype=np.int32), opts=dict(linewidth=80))
arr('dtype newline', np.arange(22, dtype=np.int32) * 100)
arr('dtype newline f32', np.arange(12, dtype=np.float32) / 7)

# ---- scalars ----
S = [np.float64(1.5), np.float64(1e16), np.float64(1.0), np.float64(-0.0),
     np.float64(np.nan), np.float64(np.inf), np.float64(-np.inf), np.float64(0.1),
     np.float64(1 / 3), np.float64(1e-5), np.float64(0.0001), np.float64(123456789.0),
     np.float64(1e15), np.float64(1.5e300), np.float64(5e-324), np.float64(2.5e-7),
     np.float32(0.1), np.float32(1e10), np.float32(16777216.0), np.float32(999999.0),
     np.float32(1e6), np.float32(0.0001), np.float32(1 / 3), np.float32(3.4028235e38),
     np.float32(-2.5), np.float16(0.1), np.float16(65504), np.float16(999), np.float16(1000),
     np.float16(1 / 3), np.float16(-0.0), np.float16(6e-8),
     np.complex128(1 + 2j), np.complex128(2j), np.complex128(-2j), np.complex128(complex(-0.0, 1)),
     np.complex128(0), np.complex128(complex(np.nan, np.inf)), np.complex128(complex(1, np.nan)),
     np.complex128(1e20 + 1e-20j), np.complex128(1.5 - 0.25j), np.complex128(complex(-np.inf, -np.inf)),
     np.complex64(1.5 - 0.1j), np.complex64(0.1j), np.complex64(1e7 + 1j),
     np.True_, np.False_, np.int64(3), np.int64(-9223372036854775808), np.int8(-5),
     np.int16(300), np.int32(7), np.uint8(5), np.uint16(65535), np.uint32(4000000000),
     np.uint64(18446744073709551615)]
for s in S:
    scalars.append(s)


def cstr(s):
    out = '"'
    for ch in s:
        if ch == '\n':
            out += '\\n'
        elif ch in '"\\':
            out += '\\' + ch
        else:
            out += ch
    return out + '"'


def optstr(o):
    parts = []
    for k, v in o.items():
        if isinstance(v, bool):
            v = int(v)
        parts.append('%s=%s' % (k, v))
    return ';'.join(parts)


out = sys.stdout
out.write('/* Generated by tools/gen/format_cases.py with NumPy %s: do not edit. */\n'
          % np.__version__)
out.write('static const struct fcase fcases[] = {\n')
for name, a, opts, spec, T in cases:
    defaults = np.get_printoptions()
    np.set_printoptions(**opts)
    try:
        x = a.T if T else a
        r, s = repr(x), str(x)
    finally:
        np.set_printoptions(**{k: defaults[k] for k in
                               ('precision', 'threshold', 'edgeitems', 'linewidth',
                                'suppress', 'nanstr', 'infstr', 'sign', 'floatmode',
                                'legacy')})
    if spec is None:
        assert a.nbytes <= 2048, name
        spec = 'hex:' + np.ascontiguousarray(a).tobytes().hex()
    shape = ', '.join(str(d) for d in a.shape) or '0'
    out.write('\t{%s, %d, %d, {%s}, %s, %d, %s,\n\t %s,\n\t %s},\n' % (
        cstr(name), DT.index(a.dtype.name), a.ndim, shape, cstr(spec), int(T),
        cstr(optstr(opts)), cstr(r), cstr(s)))
out.write('};\n\nstatic const struct scase scases[] = {\n')
for s in scalars:
    a = np.array(s)
    out.write('\t{%d, %s, %s, %s},\n' % (DT.index(a.dtype.name), cstr(a.tobytes().hex()),
                                        cstr(repr(s)), cstr(str(s))))
out.write('};\n')
