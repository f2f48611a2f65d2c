#!/usr/bin/env python3
"""random_cases.py — writes tests/unit/random_cases.h for t-random: exact
sequences NumPy draws (RandomState / MT19937 and default_rng / PCG64) for
several seeds, as hex floats and integers, so that t-random can check
mt19937.c and pcg64.c bit for bit without an evaluator.
Run: python3 tools/gen/random_cases.py > tests/unit/random_cases.h
"""
import numpy as np

SEEDS = [0, 1, 42, 12345, 2**31 + 7, 2**32 - 1]
N = 48
TAIL = 4000          # also check values at [TAIL, TAIL + 16)


def rows(kind, seed, vals, fmt):
    return '\t{"%s", %dULL, %d, {%s}},' % (kind, seed, len(vals), ', '.join(fmt(v) for v in vals))


def dhex(v):
    return float(v).hex()


def main():
    out = []
    for s in SEEDS:
        rs = lambda: np.random.RandomState(s)
        g = lambda: np.random.default_rng(s)
        tail = lambda a: list(a[:N]) + list(a[TAIL:TAIL + 16])
        out.append(rows('mt_double', s, tail(rs().random_sample(TAIL + 16)), dhex))
        out.append(rows('mt_gauss', s, tail(rs().standard_normal(TAIL + 16)), dhex))
        out.append(rows('mt_int64_99', s, list(rs().randint(0, 100, N)), str))
        out.append(rows('mt_int64_2e40', s, list(rs().randint(0, 2**40, N)), str))
        out.append(rows('mt_int8_99', s, list(rs().randint(0, 100, N, dtype=np.int8)), str))
        out.append(rows('mt_int16_999', s, list(rs().randint(0, 1000, N, dtype=np.int16)), str))
        out.append(rows('mt_bool', s, [int(x) for x in rs().randint(0, 2, N, dtype=bool)], str))
        out.append(rows('mt_perm', s, list(rs().permutation(N)), str))
        out.append(rows('pcg_double', s, tail(g().random(TAIL + 16)), dhex))
        out.append(rows('pcg_float', s, list(g().random(N, dtype=np.float32)), dhex))
        out.append(rows('pcg_normal', s, tail(g().standard_normal(TAIL + 16)), dhex))
        out.append(rows('pcg_normal_f', s, tail(g().standard_normal(TAIL + 16, dtype=np.float32)), dhex))
        out.append(rows('pcg_int64_99', s, list(g().integers(0, 100, N)), str))
        out.append(rows('pcg_int64_1e10', s, list(g().integers(0, 10**10 + 1, N)), str))
        out.append(rows('pcg_uint8_199', s, list(g().integers(0, 200, N, dtype=np.uint8)), str))
        out.append(rows('pcg_int16_999', s, list(g().integers(0, 1000, N, dtype=np.int16)), str))
        out.append(rows('pcg_bool', s, [int(x) for x in g().integers(0, 2, N, dtype=bool)], str))
        out.append(rows('pcg_perm', s, list(g().permutation(N)), str))
    print('/* random_cases.h — written by tools/gen/random_cases.py: do not edit. */')
    print('struct rcase { const char *kind; unsigned long long seed; int n; double v[%d]; };' % (N + 16))
    print('static const struct rcase rcases[] = {')
    print('\n'.join(out))
    print('\t{0, 0, 0, {0}}\n};')
    print('#define RCASE_N %d\n#define RCASE_TAIL %d' % (N, TAIL))


main()
