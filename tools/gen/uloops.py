#!/usr/bin/env python3
"""uloops.py — writes engine/ufunc/gen/uloops.c: the host inner loops, CUDA
expressions and loop lists of every ufunc, and the dtype cast loops.

The loop lists (type signatures, in NumPy's order) come from NumPy's own
`ufunc.types`, filtered to the dtypes Lumen has; the expressions are below.
Run:  python3 tools/gen/uloops.py (or make regen) > engine/ufunc/gen/uloops.c
"""
import numpy as np
import numpy._core.umath as um
import scipy.special

CH = '?bBhHiIlLefdFD'
DT = {'?': 'DT_BOOL', 'b': 'DT_INT8', 'h': 'DT_INT16', 'i': 'DT_INT32', 'l': 'DT_INT64',
      'B': 'DT_UINT8', 'H': 'DT_UINT16', 'I': 'DT_UINT32', 'L': 'DT_UINT64',
      'e': 'DT_FLOAT16', 'f': 'DT_FLOAT32', 'd': 'DT_FLOAT64', 'F': 'DT_COMPLEX64',
      'D': 'DT_COMPLEX128'}
ST = {'?': 'uint8_t', 'b': 'int8_t', 'h': 'int16_t', 'i': 'int32_t', 'l': 'int64_t',
      'B': 'uint8_t', 'H': 'uint16_t', 'I': 'uint32_t', 'L': 'uint64_t',
      'e': '_Float16', 'f': 'float', 'd': 'double', 'F': 'float _Complex',
      'D': 'double _Complex'}
CT = dict(ST, e='float', **{'?': 'int'})
UT = {'b': 'uint8_t', 'h': 'uint16_t', 'i': 'uint32_t', 'l': 'uint64_t',
      'B': 'uint8_t', 'H': 'uint16_t', 'I': 'uint32_t', 'L': 'uint64_t'}
MT = {'b': 'int32_t', 'h': 'int32_t', 'i': 'uint32_t', 'l': 'uint64_t',
      'B': 'uint32_t', 'H': 'uint32_t', 'I': 'uint32_t', 'L': 'uint64_t'}
BITS = {'b': 8, 'h': 16, 'i': 32, 'l': 64, 'B': 8, 'H': 16, 'I': 32, 'L': 64}

def cls(c):
    if c == '?': return '?'
    if c in 'bhil': return 's'
    if c in 'BHIL': return 'u'
    return c

# expression templates: key = class of the loop's first input
# ('?', 's' signed, 'u' unsigned, 'int' = s|u, 'e','f','d', 'flt' = e|f|d,
#  'F','D', 'cpx' = F|D, '*' = anything).  {a} {b} {c} inputs (compute
# type), {T} compute type, {U} unsigned type, {M} multiply type, {N} bits,
# {f} 'f' for e/f math else '', {sfx} the loop's type char, {R} real
# type of a complex, {rf} 'f' for F.
E = {}
def ex(names, **kw):
    for n in names.split():
        E[n] = kw

ex('add', **{'?': '{a} || {b}', 'int': '({T})(({U}){a} + ({U}){b})', '*': '{a} + {b}'})
ex('subtract', **{'int': '({T})(({U}){a} - ({U}){b})', '*': '{a} - {b}'})
ex('multiply', **{'?': '{a} && {b}', 'int': '({T})(({M}){a} * ({M}){b})',
                  'cpx': 'uf_np_cmul_{sfx}({a}, {b})', '*': '{a} * {b}'})
ex('divide true_divide', **{'cpx': 'uf_cdiv_{sfx}({a}, {b})', '*': '{a} / {b}'})
ex('floor_divide', **{'int': 'uf_floordiv_{sfx}({a}, {b})', 'flt': 'uf_floordiv{f}({a}, {b})'})
ex('remainder', **{'int': 'uf_rem_{sfx}({a}, {b})', 'flt': 'uf_rem{f}({a}, {b})'})
ex('fmod', **{'int': 'uf_fmodi_{sfx}({a}, {b})', 'flt': 'fmod{f}({a}, {b})'})
ex('power', **{'int': 'uf_ipow_{sfx}({a}, {b})', 'flt': 'pow{f}({a}, {b})', 'cpx': 'uf_cpow_{sfx}({a}, {b})'})
ex('float_power', **{'d': 'pow({a}, {b})', 'cpx': 'uf_cpow_{sfx}({a}, {b})'})
ex('negative', **{'int': '({T})(0 - ({U}){a})', '*': '-{a}'})
ex('positive', **{'*': '{a}'})
ex('absolute', **{'?': '{a}', 's': '({T})({a} < 0 ? 0 - ({U}){a} : ({U}){a})', 'u': '{a}',
                  'flt': 'fabs{f}({a})', 'cpx': 'uf_np_cabs{rf}({a})'})
ex('sign', **{'s': '({T})(({a} > 0) - ({a} < 0))', 'u': '({T})({a} > 0)',
              'flt': '({a} > 0 ? 1 : ({a} < 0 ? -1 : ({a} == 0 ? 0 : {a})))', 'cpx': 'uf_csign_{sfx}({a})'})
ex('reciprocal', **{'int': 'uf_recip_{sfx}({a})', 'cpx': 'uf_crecip_{sfx}({a})', '*': '1 / {a}'})
ex('square', **{'int': '({T})(({M}){a} * ({M}){a})', 'cpx': 'uf_cmul_{sfx}({a}, {a})', '*': '{a} * {a}'})
for fn in 'sqrt cbrt exp exp2 expm1 log log2 log10 log1p sin cos tan sinh cosh tanh'.split():
    pass
ex('sqrt', flt='sqrt{f}({a})', cpx='csqrt{rf}({a})')
ex('cbrt', flt='cbrt{f}({a})')
ex('exp', f='uf_np_expf({a})', flt='exp{f}({a})', cpx='cexp{rf}({a})')
ex('exp2', flt='exp2{f}({a})', cpx='cexp{rf}({a} * 0.693147180559945309417232121458176568)')
ex('expm1', flt='expm1{f}({a})', cpx='uf_cexpm1_{sfx}({a})')
ex('log', f='uf_np_logf({a})', flt='log{f}({a})', cpx='clog{rf}({a})')
ex('log2', flt='log2{f}({a})', cpx='clog{rf}({a}) / 0.693147180559945309417232121458176568')
ex('log10', flt='log10{f}({a})', cpx='clog{rf}({a}) / 2.30258509299404568401799145468436421')
ex('log1p', flt='log1p{f}({a})', cpx='clog{rf}(1 + {a})')
for n, c in [('sin', 'sin'), ('cos', 'cos'), ('tan', 'tan'), ('arcsin', 'asin'), ('arccos', 'acos'),
             ('arctan', 'atan'), ('sinh', 'sinh'), ('cosh', 'cosh'), ('tanh', 'tanh'),
             ('arcsinh', 'asinh'), ('arccosh', 'acosh'), ('arctanh', 'atanh')]:
    if n in ('sin', 'cos'):
        ex(n, f='uf_np_' + c + 'f({a})', flt=c + '{f}({a})', cpx='c' + c + '{rf}({a})')
    else:
        ex(n, flt=c + '{f}({a})', cpx='c' + c + '{rf}({a})')
ex('arctan2', flt='atan2{f}({a}, {b})')
ex('hypot', flt='hypot{f}({a}, {b})')
ex('deg2rad radians', flt='{a} * ({T})(3.14159265358979323846 / 180.0)')
ex('rad2deg degrees', flt='{a} * ({T})(180.0 / 3.14159265358979323846)')
ex('floor', **{'?': '{a}', 'int': '{a}', 'flt': 'floor{f}({a})'})
ex('ceil', **{'?': '{a}', 'int': '{a}', 'flt': 'ceil{f}({a})'})
ex('trunc', **{'?': '{a}', 'int': '{a}', 'flt': 'trunc{f}({a})'})
ex('rint', flt='rint{f}({a})', cpx='uf_crint_{sfx}({a})')
# maximum / minimum: a NaN first operand wins, then the second operand on
# ties (NumPy: maximum(-0.0, 0.0) is 0.0, maximum(0.0, -0.0) is -0.0)
ex('maximum', **{'?': '{a} || {b}', 'int': '({a} >= {b} ? {a} : {b})',
                 'flt': '(({a} > {b} || {a} != {a}) ? {a} : {b})', 'cpx': 'uf_cmax_{sfx}({a}, {b})'})
ex('minimum', **{'?': '{a} && {b}', 'int': '({a} <= {b} ? {a} : {b})',
                 'flt': '(({a} < {b} || {a} != {a}) ? {a} : {b})', 'cpx': 'uf_cmin_{sfx}({a}, {b})'})
ex('fmax', **{'?': '{a} || {b}', 'int': '({a} >= {b} ? {a} : {b})',
              'flt': '(({a} >= {b} || {b} != {b}) ? {a} : {b})', 'cpx': 'uf_cfmax_{sfx}({a}, {b})'})
ex('fmin', **{'?': '{a} && {b}', 'int': '({a} <= {b} ? {a} : {b})',
              'flt': '(({a} <= {b} || {b} != {b}) ? {a} : {b})', 'cpx': 'uf_cfmin_{sfx}({a}, {b})'})
ex('conjugate', **{'cpx': 'conj{rf}({a})', '*': '{a}'})
ex('isnan', **{'?': '0', 'int': '0', 'flt': 'isnan({a})', 'cpx': '(isnan(creal{rf}({a})) || isnan(cimag{rf}({a})))'})
ex('isinf', **{'?': '0', 'int': '0', 'flt': 'isinf({a})', 'cpx': '(isinf(creal{rf}({a})) || isinf(cimag{rf}({a})))'})
ex('isfinite', **{'?': '1', 'int': '1', 'flt': 'isfinite({a})', 'cpx': '(isfinite(creal{rf}({a})) && isfinite(cimag{rf}({a})))'})
ex('signbit', flt='signbit({a})')
ex('copysign', flt='copysign{f}({a}, {b})')
ex('fabs', flt='fabs{f}({a})')
ex('gcd', int='uf_gcd_{sfx}({a}, {b})')
ex('lcm', int='uf_lcm_{sfx}({a}, {b})')
ex('bitwise_count', int='uf_popcount_{sfx}({a})')
ex('logaddexp', flt='uf_logaddexp{f}({a}, {b})')
ex('logaddexp2', flt='uf_logaddexp2{f}({a}, {b})')
ex('ldexp', flt='uf_ldexp{f}({a}, {b})')
ex('heaviside', flt='({a} != {a} ? {a} : ({a} == 0 ? {b} : ({a} < 0 ? 0 : 1)))')
ex('nextafter', e='uf_nextafter_e({a}, {b})', flt='nextafter{f}({a}, {b})')
# spacing: NumPy's npy_spacing, the distance to the next value away from
# zero (+ for 0 and -0), NaN for infinities (no comparison with a NaN: it
# would raise 'invalid'); float16's npy_half_spacing is always positive
ex('spacing', e='uf_spacing_e({a})',
   flt='(isinf({a}) ? ({T})NAN : nextafter{f}({a}, (!isnan({a}) && {a} < 0) ? -({T})INFINITY : ({T})INFINITY) - {a})')
for n, op in [('less', '<'), ('less_equal', '<='), ('equal', '=='), ('not_equal', '!='),
              ('greater', '>'), ('greater_equal', '>=')]:
    cx = {'<': 'uf_clt_{sfx}({a}, {b})', '<=': 'uf_cle_{sfx}({a}, {b})', '>': 'uf_clt_{sfx}({b}, {a})',
          '>=': 'uf_cle_{sfx}({b}, {a})', '==': '{a} == {b}', '!=': '{a} != {b}'}[op]
    ex(n, **{'cpx': cx, '*': '{a} ' + op + ' {b}'})
ex('logical_and', **{'*': '({a} != 0) && ({b} != 0)'})
ex('logical_or', **{'*': '({a} != 0) || ({b} != 0)'})
ex('logical_xor', **{'*': '({a} != 0) != ({b} != 0)'})
ex('logical_not', **{'*': '!({a} != 0)'})
ex('bitwise_and', **{'*': '{a} & {b}'})
ex('bitwise_or', **{'*': '{a} | {b}'})
ex('bitwise_xor', **{'*': '{a} ^ {b}'})
ex('invert', **{'?': '!{a}', '*': '({T})~{a}'})
ex('left_shift', **{'*': '({T})(({b} < {N} && {b} >= 0) ? (({U}){a} << {b}) : 0)'})
ex('right_shift', **{'s': '({T})(({b} < {N} && {b} >= 0) ? ({a} >> {b}) : ({a} < 0 ? -1 : 0))',
                     'u': '({T})({b} < {N} ? ({a} >> {b}) : 0)'})
ex('clip', **{'?': '({a} || {b}) && {c}', 'int': '(({a} < {b} ? {b} : {a}) > {c} ? {c} : ({a} < {b} ? {b} : {a}))',
              'flt': 'uf_clip{f}({a}, {b}, {c})', 'cpx': 'uf_cmin_{sfx}(uf_cmax_{sfx}({a}, {b}), {c})'})
# scipy.special's ufuncs (special.c publishes them): their loop lists come
# from SciPy, which computes float32 in double for erf/erfc/gamma/gammaln
ex('erf', flt='({T})erf((double){a})')
ex('erfc', flt='({T})erfc((double){a})')
ex('gamma', flt='({T})tgamma((double){a})')
ex('gammaln', flt='({T})lgamma((double){a})')
ex('expit', f='1.0f / (1.0f + expf(-{a}))', flt='1.0 / (1.0 + exp(-{a}))')
ex('logit', f='uf_logitf({a})', flt='uf_logit({a})')
SPECIAL = {n: getattr(scipy.special, n) for n in 'erf erfc gamma gammaln expit logit'.split()}

# where(c, x, y) as a three-input elementwise function that NumPy has no
# ufunc for: a bool condition and both choices already of the result dtype
# (indexfn.c casts them), so that cp.where is one fused kernel on a device.
# Not published in the np namespace: np.where is indexfn.c's builtin.
class WhereLoops:
    nin = 3
    types = ['?%s%s->%s' % (c, c, c) for c in CH]
SPECIAL['_where'] = WhereLoops
ex('_where', **{'*': '({a} ? {b} : {c})'})

# frexp(x) -> (mantissa, exponent), NumPy's ufunc of two outputs, is two
# elementwise functions here (one result each, so trees, the fuser and the
# CUDA generator stay single-output; ufuncfn.c's np.frexp calls both); the
# frexp row itself (MULTI) lists NumPy's loops ('d->di') without inner
# loops, for type resolution and the ufunc's attributes.
class FrexpMantissa:
    nin = 1
    types = ['e->e', 'f->f', 'd->d']
class FrexpExponent:
    nin = 1
    types = ['e->i', 'f->i', 'd->i']
SPECIAL['_frexp_mantissa'] = FrexpMantissa
SPECIAL['_frexp_exponent'] = FrexpExponent
ex('_frexp_mantissa', flt='uf_frexp_m{f}({a})')
ex('_frexp_exponent', flt='uf_frexp_e{f}({a})')
# modf(x) -> (fractional, integral) the same way
class ModfPart:
    nin = 1
    types = ['e->e', 'f->f', 'd->d']
SPECIAL['_modf_frac'] = ModfPart
SPECIAL['_modf_int'] = ModfPart
ex('_modf_frac', flt='uf_modf_frac{f}({a})')
ex('_modf_int', flt='uf_modf_int{f}({a})')
MULTI = ['frexp', 'modf']

NAMES = list(E)
# NumPy's ufunc.identity (the logical ones are True / False, not 1 / 0)
IDENT = {'add': 'UI_ZERO', 'multiply': 'UI_ONE', 'logical_and': 'UI_TRUE', 'logical_or': 'UI_FALSE',
         'logical_xor': 'UI_FALSE', 'bitwise_and': 'UI_MINUSONE', 'bitwise_or': 'UI_ZERO',
         'bitwise_xor': 'UI_ZERO', 'gcd': 'UI_ZERO', 'hypot': 'UI_ZERO', 'logaddexp': 'UI_NEGINF',
         'logaddexp2': 'UI_NEGINF', 'maximum': 'UI_REORDER', 'minimum': 'UI_REORDER',
         'fmax': 'UI_REORDER', 'fmin': 'UI_REORDER'}

def pick(tbl, c):
    k = cls(c)
    for key in (k, {'s': 'int', 'u': 'int', 'e': 'flt', 'f': 'flt', 'd': 'flt',
                    'F': 'cpx', 'D': 'cpx'}.get(k), '*'):
        if key and key in tbl:
            return tbl[key]
    return None

def subst(t, c, cuda=False):
    if cuda and 'uf_np_cmul_' in t:
        t = t.replace('uf_np_cmul_', 'uf_cmul_')
    if cuda and 'uf_crecip_' in t:
        t = t.replace('uf_crecip_{sfx}({a})', 'uf_cdiv_{sfx}(1, {a})')
    if cuda and 'uf_nextafter_e' in t:
        t = t.replace('uf_nextafter_e', 'nextafterf')
    if cuda and 'uf_spacing_e' in t:
        # npy_half_spacing on the float the device computes in (checked
        # against it for all 65536 halves)
        t = ('((isinf({a}) || isnan({a})) ? NAN : {a} == 65504.0f ? INFINITY : {a} == 0.0f ? 5.9604645e-08f : '
             'ldexpf(1.0f, max(ilogbf(fabsf({a})) - ((signbit({a}) && fabsf({a}) == ldexpf(1.0f, ilogbf(fabsf({a})))) '
             '? 11 : 10), -24)))')
    if cuda and 'uf_np_' in t:
        t = t.replace('uf_np_', '').replace('f({a})', 'f({a})')
    args = ['in0', 'in1', 'in2'] if cuda else ['a', 'b', 'c']
    return t.format(a=args[0], b=args[1], c=args[2], T=CT[c], U=UT.get(c, ''), M=MT.get(c, ''),
                    N=BITS.get(c, 0), f='f' if c in 'ef' else '', sfx=c,
                    rf='f' if c == 'F' else '', R='float' if c == 'F' else 'double')

out = []
w = out.append
w('/*\n * GENERATED by tools/gen/uloops.py with NumPy %s: do not edit (make regen).\n' % np.__version__ +
  ' * uloops.c — the host inner\n'
  ' * loops (NumPy-style: loop(args, steps, n)), the CUDA expression of every\n'
  ' * loop, the loop lists of the ufuncs in NumPy\'s order, and the cast loops.\n'
  ' * Owns no memory.\n */')
w('#pragma GCC optimize ("O3", "no-math-errno", "no-trapping-math")')
w('#pragma GCC diagnostic ignored "-Wtype-limits"')
w('#pragma GCC diagnostic ignored "-Wunused-function"')
w('#pragma GCC diagnostic ignored "-Wunused-variable"')
w('#include <string.h>\n#include "ufunc/uf_helpers.h"\n#include "ufunc/ufunc.h"\n#include "ufunc/uloops_simd.h"\n')

# np.absolute of complex arrays: NumPy's SIMD loop (loops_unary_complex
# .dispatch.c.src), not libm's hypot: inf if a part is infinite, else NaN if
# a part is NaN, else larger * sqrt(fma(r, r, 1)) with r = smaller / larger
# (0 where larger is 0).  Written so that no lane GCC vectorises raises
# FE_INVALID (infinities found by their bits: GCC turns x == INFINITY into
# a signalling x > DBL_MAX; quiet compares; no 0/0 or inf/inf computed).  The CUDA expression stays cabs (lumen.cuh: hypot).
w('/* AVX2 and FMA on this CPU: the fused complex loops below */')
w('#if defined(__x86_64__) && defined(__GNUC__)\n#define UF_FMA_TARGET __attribute__((target("avx2,fma")))')
w('static int uf_have_fma(void)\n{\n\tstatic int have = -1;\n\tif (have < 0) {\n\t\t__builtin_cpu_init();')
w('\t\thave = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");\n\t}\n\treturn have;\n}')
w('/* AVX-512F: where NumPy\'s complex128 abs takes glibc hypot for a negative stride */')
w('static int uf_have_avx512f(void)\n{\n\tstatic int have = -1;\n\tif (have < 0) {\n\t\t__builtin_cpu_init();')
w('\t\thave = __builtin_cpu_supports("avx512f");\n\t}\n\treturn have;\n}')
w('#else\n#define UF_FMA_TARGET\nstatic int uf_have_fma(void) { return 0; }\nstatic int uf_have_avx512f(void) { return 0; }\n#endif\n')
for R, f in (('double', ''), ('float', 'f')):
    w('static inline __attribute__((always_inline)) %s uf_np_cabs%s(%s _Complex z)\n{' % (R, f, R))
    w('\t%s re = fabs%s(__real__ z), im = fabs%s(__imag__ z);' % (R, f, f))
    U, IB = ('uint64_t', '0xffe0000000000000u') if R == 'double' else ('uint32_t', '0xff000000u')
    w('\t%s ur, ui;\n\tmemcpy(&ur, &re, sizeof ur);\n\tmemcpy(&ui, &im, sizeof ui);' % U)
    w('\tif ((%s)(ur << 1) == %s || (%s)(ui << 1) == %s)\n\t\treturn INFINITY;' % (U, IB, U, IB))
    w('\tif (re != re || im != im)\n\t\treturn NAN;')
    w('\t%s lg = isgreater(re, im) ? re : im, sm = isgreater(re, im) ? im : re;' % R)
    w('\t%s r = sm / (lg == 0 ? 1 : lg);' % R)
    w('\treturn sqrt%s(fma%s(r, r, 1)) * lg;\n}' % (f, f))

# np.multiply of complex arrays: NumPy's AVX2 loop (loops_arithm_fp
# .dispatch.c.src, simd_cmul: fmaddsub) fuses one product of each part:
# (fma(ar, br, -(ai*bi)), fma(ar, bi, ai*br)).  Its reduce along a row is a
# plain scalar loop (host_reduce.c).  The CUDA expression stays uf_cmul_.
# A macro (its operands are the loops' plain variables), so that fma is
# expanded in each loop clone: one instruction in the FMA clone.
for c, R, f in (('F', 'float', 'f'), ('D', 'double', '')):
    w('#define uf_np_cmul_%s(a, b) uf_cmk_%s(fma%s(__real__ (a), __real__ (b), -(__imag__ (a) * __imag__ (b))), \\\n'
      '\tfma%s(__real__ (a), __imag__ (b), __imag__ (a) * __real__ (b)))' % (c, c, f, f))

# loops also compiled for AVX2 (chosen at load time by an ifunc): the
# comparisons, and the real and integer loops of one exact operation per
# item (AVX2 without FMA, so nothing is contracted: the bits are the
# scalar loop's), which NumPy runs 8 floats wide too
CLONED = {'less', 'less_equal', 'equal', 'not_equal', 'greater', 'greater_equal'}
CLONED_WIDE = {'add', 'subtract', 'multiply', 'divide', 'true_divide', 'negative', 'absolute',
               'square', 'isnan', 'isinf', 'isfinite', 'logical_and', 'logical_or', 'logical_xor',
               'logical_not', 'bitwise_and', 'bitwise_or', 'bitwise_xor', 'invert'}
# loops that first try a hand-written AVX2 loop (uloops_simd.h): it returns
# 1 when it took the call (contiguous operands, or a scalar where it allows
# one, on an AVX2 machine).  The pragma above does not reach GCC's
# -fno-math-errno / -fno-trapping-math, so sqrt and the NaN-aware selects
# never vectorize by themselves.
SIMD = {('sqrt', 'f'), ('sqrt', 'd'), ('maximum', 'f'), ('maximum', 'd'), ('minimum', 'f'),
        ('minimum', 'd'), ('clip', 'f'), ('clip', 'd'), ('floor_divide', 'l'), ('remainder', 'l'),
        ('floor', 'f'), ('floor', 'd'), ('ceil', 'f'), ('ceil', 'd'), ('trunc', 'f'), ('trunc', 'd'),
        # float64 through glibc's AVX-512 libmvec (uloops_simd.h says when)
        ('tanh', 'd'), ('expm1', 'd'), ('cbrt', 'd'), ('arcsinh', 'd'), ('arccosh', 'd'), ('arctanh', 'd')}

loops_of = {}
for n in NAMES:
    u = SPECIAL[n] if n in SPECIAL else getattr(um, n)
    seen = []
    for t in u.types:
        if set(t) - set(CH + '->'):
            continue
        if t not in seen:
            seen.append(t)
    loops = []
    for t in seen:
        ins, o = t.split('->')
        tmpl = pick(E[n], ins[0])
        if tmpl is None:
            continue
        loops.append((ins, o, tmpl))
    loops_of[n] = (u.nin, loops)
    for ins, o, tmpl in loops:
        c = ins[0]
        expr = subst(tmpl, c)
        fn = 'L_%s_%s' % (n, (ins + o).replace('?', 'x'))
        nin = len(ins)
        so = ST[o]
        conv = '(uint8_t)((%s) != 0)' % expr if o == '?' else '(%s)(%s)' % (so, expr)
        if n in CLONED or (n in CLONED_WIDE and not set(ins + o) & set('eFD')):
            # NumPy dispatches these to AVX2; comparisons are exact in any width
            w('__attribute__((target_clones("avx2", "default")))')
        fused = 'uf_np_cmul_' in tmpl or 'uf_np_cabs' in tmpl
        if fused:
            # NumPy's complex multiply and abs fuse with FMA: the body is
            # inlined into an AVX2+FMA copy, where fma() is one instruction,
            # and a plain one (libm's fma: the same results), picked at run
            # time (target_clones cannot ask for two ISAs in one clone)
            w('static inline __attribute__((always_inline)) void %s_body(char **args, const int64_t *steps, int64_t n)\n{' % fn)
        else:
            w('static void %s(char **args, const int64_t *steps, int64_t n)\n{' % fn)
        if tmpl.startswith('uf_np_') and ins == 'f' and o == 'f':
            w('\tuf_np_loop_%s(args, steps, n);\n}\n' % tmpl[6:9])
            continue
        nm = 'abc'
        if (n, ins[0]) in SIMD and set(ins) == {o}:
            w('\tif (uf_simd_%s_%s(args, steps, n))\n\t\treturn;' % (n, o))
        w('\tchar *po = args[%d];\n\tint64_t so = steps[%d];' % (nin, nin))
        for k in range(nin):
            w('\tconst char *p%d = args[%d];\n\tint64_t s%d = steps[%d];' % (k, k, k, k))
        cond = ' && '.join(['s%d == sizeof(%s)' % (k, ST[ins[k]]) for k in range(nin)] + ['so == sizeof(%s)' % so])
        w('\tif (%s) {' % cond)
        for k in range(nin):
            w('\t\tconst %s *x%d = (const %s *)p%d;' % (ST[ins[k]], k, ST[ins[k]], k))
        w('\t\t%s *z = (%s *)po;' % (so, so))
        w('\t\tfor (int64_t i = 0; i < n; i++) {')
        for k in range(nin):
            w('\t\t\t%s %s = (%s)x%d[i];' % (CT[ins[k]], nm[k], CT[ins[k]], k))
        w('\t\t\tz[i] = %s;\n\t\t}\n\t\treturn;\n\t}' % conv)
        if nin == 2:
            # one operand a scalar (stride 0), the other contiguous
            for sc in (0, 1):
                oth = 1 - sc
                w('\tif (s%d == 0 && s%d == sizeof(%s) && so == sizeof(%s)) {' % (sc, oth, ST[ins[oth]], so))
                w('\t\tconst %s *x%d = (const %s *)p%d;' % (ST[ins[oth]], oth, ST[ins[oth]], oth))
                w('\t\tconst %s %s = (%s)*(const %s *)p%d;' % (CT[ins[sc]], nm[sc], CT[ins[sc]], ST[ins[sc]], sc))
                w('\t\t%s *z = (%s *)po;' % (so, so))
                w('\t\tfor (int64_t i = 0; i < n; i++) {')
                w('\t\t\t%s %s = (%s)x%d[i];' % (CT[ins[oth]], nm[oth], CT[ins[oth]], oth))
                w('\t\t\tz[i] = %s;\n\t\t}\n\t\treturn;\n\t}' % conv)
        if nin == 3:
            # clip(x, lo, hi) with scalar bounds.  NumPy's scalar-bound clip
            # keeps x on ties (clip(-0.0, 0.0, 1) is -0.0) where its array-bound
            # one takes the bound; a NaN bound or x gives NaN either way.
            sexpr = conv
            if n == 'clip' and cls(ins[0]) in 'efd':
                sexpr = '(%s)uf_clip_sb(a, b, c)' % so
            w('\tif (s1 == 0 && s2 == 0) {')
            for k in (1, 2):
                w('\t\tconst %s %s = (%s)*(const %s *)p%d;' % (CT[ins[k]], nm[k], CT[ins[k]], ST[ins[k]], k))
            w('\t\tif (s0 == sizeof(%s) && so == sizeof(%s)) {' % (ST[ins[0]], so))
            w('\t\t\tconst %s *x0 = (const %s *)p0;' % (ST[ins[0]], ST[ins[0]]))
            w('\t\t\t%s *z = (%s *)po;' % (so, so))
            w('\t\t\tfor (int64_t i = 0; i < n; i++) {')
            w('\t\t\t\t%s a = (%s)x0[i];' % (CT[ins[0]], CT[ins[0]]))
            w('\t\t\t\tz[i] = %s;\n\t\t\t}\n\t\t\treturn;\n\t\t}' % sexpr)
            w('\t\tfor (int64_t i = 0; i < n; i++) {')
            w('\t\t\t%s a = (%s)*(const %s *)(p0 + i * s0);' % (CT[ins[0]], CT[ins[0]], ST[ins[0]]))
            w('\t\t\t*(%s *)(po + i * so) = %s;\n\t\t}\n\t\treturn;\n\t}' % (so, sexpr))
        w('\tfor (int64_t i = 0; i < n; i++) {')
        for k in range(nin):
            w('\t\t%s %s = (%s)*(const %s *)(p%d + i * s%d);' % (CT[ins[k]], nm[k], CT[ins[k]], ST[ins[k]], k, k))
        w('\t\t*(%s *)(po + i * so) = %s;\n\t}\n}\n' % (so, conv))
        if fused:
            w('UF_FMA_TARGET static void %s_fma(char **args, const int64_t *steps, int64_t n)\n{' % fn)
            if n == 'absolute' and ins in ('F', 'D'):
                # contiguous: 4 or 8 items a step (uloops_simd.h), the same bits
                w('\tif (uf_simd_cabs_%s(args, steps, n))\n\t\treturn;' % o)
            w('\t%s_body(args, steps, n);\n}\n' % fn)
            w('static void %s(char **args, const int64_t *steps, int64_t n)\n{' % fn)
            if n == 'absolute' and ins == 'D':
                # NumPy's AVX-512 build cannot load a negative stride in its SIMD
                # loop and falls back to npy_hypot (its AVX2 build keeps the formula)
                w('\tif (steps[0] < 0 && uf_have_avx512f()) {')
                w('\t\tfor (int64_t i = 0; i < n; i++) {')
                w('\t\t\tconst double *x = (const double *)(args[0] + i * steps[0]);')
                w('\t\t\t*(double *)(args[1] + i * steps[1]) = hypot(x[0], x[1]);\n\t\t}\n\t\treturn;\n\t}')
            w('\tif (uf_have_fma())\n\t\t%s_fma(args, steps, n);\n\telse\n\t\t%s_body(args, steps, n);\n}\n' % (fn, fn))

for n in NAMES:
    nin, loops = loops_of[n]
    w('static const struct uf_loop LOOPS_%s[] = {' % n)
    for ins, o, tmpl in loops:
        cexpr = subst(tmpl, ins[0], cuda=True).replace('"', '\\"')
        w('\t{"%s->%s", L_%s_%s, "%s"},' % (ins.replace('?', '\\?'), o.replace('?', '\\?'), n, (ins + o).replace('?', 'x'), cexpr))
    w('};')

for n in MULTI:
    u = getattr(um, n)
    sigs = [t for t in u.types if not set(t) - set(CH + '->')]
    w('/* %s: signatures only (its parts carry the loops) */' % n)
    w('static const struct uf_loop LOOPS_%s[] = {' % n)
    for t in sigs:
        w('\t{"%s", NULL, NULL},' % t)
    w('};')

w('\n/* ORDER: alphabetical is not required; uf_lookup scans by name. */')
w('const struct ufunc ufunc_table[] = {')
for n in NAMES:
    nin, loops = loops_of[n]
    w('\t{"%s", %d, 1, %s, LOOPS_%s, %d},' % (n, nin, IDENT.get(n, 'UI_NONE'), n, len(loops)))
for n in MULTI:
    u = getattr(um, n)
    nsig = len([t for t in u.types if not set(t) - set(CH + '->')])
    w('\t{"%s", %d, %d, UI_NONE, LOOPS_%s, %d},' % (n, u.nin, u.nout, n, nsig))
w('};')
w('const int ufunc_count = %d;\n' % (len(NAMES) + len(MULTI)))

# casts
w('/* ---- casts: uf_cast[from][to](src, sstride, dst, dstride, n) ---- */')
# A cast to the same dtype is a copy of itemsize-byte items (NumPy's
# _aligned_strided_to_contig_size8 and kin): memcpy when both sides are
# contiguous, else moves of whole items, four per step, with the contiguous
# side indexed directly.  Items go through memcpy into an integer (or two),
# so any alignment is fine and the bits (NaN payloads too) are kept.
COPY_T = {1: 'uint8_t', 2: 'uint16_t', 4: 'uint32_t', 8: 'uint64_t', 16: 'struct uf_item16'}
SIZE = {'?': 1, 'b': 1, 'B': 1, 'h': 2, 'H': 2, 'i': 4, 'I': 4, 'l': 8, 'L': 8, 'e': 2, 'f': 4,
        'd': 8, 'F': 8, 'D': 16}
w('struct uf_item16 { uint64_t lo, hi; };')
for size, t in COPY_T.items():
    w('static inline void uf_copy_items%d(const char *src, int64_t ss, char *dst, int64_t ds, int64_t n)\n{' % size)
    w('\t%s t0, t1, t2, t3;\n\tint64_t i = 0;' % t)
    w('\tif (ss == %d && ds == %d) {\n\t\tmemcpy(dst, src, (size_t)n * %d);\n\t\treturn;\n\t}' % (size, size, size))
    for cond, sx, dx in (('ds == %d' % size, 'ss', '%d' % size), ('ss == %d' % size, '%d' % size, 'ds'), ('1', 'ss', 'ds')):
        w('\tif (%s) {' % cond)
        w('\t\tfor (; i + 4 <= n; i += 4) {')
        for k in range(4):
            w('\t\t\tmemcpy(&t%d, src + (i + %d) * %s, %d);' % (k, k, sx, size))
        for k in range(4):
            w('\t\t\tmemcpy(dst + (i + %d) * %s, &t%d, %d);' % (k, dx, k, size))
        w('\t\t}')
        w('\t\tfor (; i < n; i++) {\n\t\t\tmemcpy(&t0, src + i * %s, %d);\n\t\t\tmemcpy(dst + i * %s, &t0, %d);\n\t\t}' % (sx, size, dx, size))
        w('\t\treturn;\n\t}' if cond != '1' else '\t}')
    w('}')
for a in CH:
    for b in CH:
        fn = 'C_%s_%s' % (DT[a][3:], DT[b][3:])
        if a == b:
            w('static void %s(const char *src, int64_t ss, char *dst, int64_t ds, int64_t n)\n{' % fn)
            w('\tuf_copy_items%d(src, ss, dst, ds, n);\n}' % SIZE[a])
            continue
        if b == '?':
            if a in 'FD':
                v = '(s != 0)'
            else:
                v = '(s != 0)'
            expr = '(uint8_t)%s' % v
        elif a in 'FD' and b not in 'FD':
            expr = '(%s)%s(s)' % (ST[b], 'crealf' if a == 'F' else 'creal')
        elif a == '?':
            expr = '(%s)(s != 0)' % ST[b]
        elif a == 'e' and b in 'bhilBHIL' or (a in 'fd' and b in 'bhilBHIL'):
            expr = 'uf_f2i_%s(s)' % b
        else:
            expr = '(%s)s' % ST[b]
        st = CT[a] if a != 'e' else '_Float16'
        if a == 'e':
            st = 'float'
        w('static void %s(const char *src, int64_t ss, char *dst, int64_t ds, int64_t n)\n{' % fn)
        w('\tif (ss == sizeof(%s) && ds == sizeof(%s)) {' % (ST[a], ST[b]))
        w('\t\tconst %s *x = (const %s *)src;\n\t\t%s *y = (%s *)dst;' % (ST[a], ST[a], ST[b], ST[b]))
        w('\t\tfor (int64_t i = 0; i < n; i++) {\n\t\t\t%s s = x[i];\n\t\t\ty[i] = %s;\n\t\t}\n\t\treturn;\n\t}' % (st, expr))
        # a strided source into a contiguous result (astype of a view)
        w('\tif (ds == sizeof(%s)) {\n\t\t%s *y = (%s *)dst;' % (ST[b], ST[b], ST[b]))
        w('\t\tfor (int64_t i = 0; i < n; i++) {\n\t\t\t%s s = *(const %s *)(src + i * ss);\n\t\t\ty[i] = %s;\n\t\t}\n\t\treturn;\n\t}' % (st, ST[a], expr))
        w('\tfor (int64_t i = 0; i < n; i++) {\n\t\t%s s = *(const %s *)(src + i * ss);' % (st, ST[a]))
        w('\t\t*(%s *)(dst + i * ds) = %s;\n\t}\n}' % (ST[b], expr))
w('const uf_castfn uf_cast[DT_COUNT][DT_COUNT] = {')
order = ['?', 'b', 'h', 'i', 'l', 'B', 'H', 'I', 'L', 'e', 'f', 'd', 'F', 'D']  # ORDER DT
for a in order:
    w('\t{' + ', '.join('C_%s_%s' % (DT[a][3:], DT[b][3:]) for b in order) + '},')
w('};')
print('\n'.join(out))
