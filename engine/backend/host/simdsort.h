/*
 * simdsort.h — in-place ascending sort of 32- and 64-bit numbers with an
 * AVX-512 or AVX2 vectorised quicksort (the algorithm NumPy takes from
 * x86-simd-sort), the widest the CPU runs chosen at run time; the host sort
 * loops of sortsearch.c call it for large rows.  Single-threaded, like
 * NumPy's.
 */
#ifndef LUMEN_SIMDSORT_H
#define LUMEN_SIMDSORT_H

#include <stdint.h>

/* Sorts v[0..n) of dtype dt (DT_INT32, DT_UINT32, DT_FLOAT32, DT_INT64,
 * DT_UINT64 or DT_FLOAT64) ascending in place and returns 0; returns -1
 * without touching v when the CPU lacks AVX2 or dt is another dtype.
 * NaNs go last, as NumPy orders them (their bits kept, in no set order);
 * -0.0 and 0.0 compare equal, and the -0.0s come first among the zeros (a
 * valid order for NumPy's unstable sort, which leaves it unspecified). */
int simdsort_sort(void *v, int64_t n, int dt);

/* 1 when simdsort_sort sorts on this CPU (AVX2), 0 when it always says -1. */
int simdsort_available(void);

/* The vector width simdsort_sort uses: 512 (AVX-512F), 256 (AVX2) or 0.
 * cap 256 keeps it to AVX2 from then on, cap 512 lets it use AVX-512 again
 * where the CPU has it, any other cap changes nothing (a test switch, so
 * that both paths are tested on one machine; the environment variable
 * LUMEN_SIMDSORT=avx2 starts a process at 256). */
int simdsort_width(int cap);

/* 1 when v[0..n) of dtype dt (any dtype simdsort_sort takes) is already
 * ascending; 0 otherwise, and whenever it holds a NaN. */
int simdsort_is_sorted(const void *v, int64_t n, int dt);

#endif
