/*
 * t-simdsort.c — TAP tests of engine/backend/host/simdsort.c, the AVX-512 and AVX2
 * quicksorts behind the host np.sort of 32- and 64-bit numbers, each path
 * where the CPU runs it (AVX2 forced by simdsort_width): every dtype at every
 * length around its leaf, pivot-sample and partition sizes, and larger rows
 * of random, repeated, equal, ascending, descending and sawtooth values,
 * each compared with qsort under NumPy's order (NaNs last).  Floats also
 * hold NaN, infinities, -0.0 and 0.0: the result must be a permutation of
 * the input (-0.0s kept, first among the zeros) with the NaNs last.  Rows
 * that end or start at an inaccessible page catch reads past their ends.
 * Skips where the CPU lacks AVX2 (simdsort_sort answers -1).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "array/dtype.h"
#include "backend/host/simdsort.h"

#include "tap.h"

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

static uint64_t rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

/* qsort comparisons in NumPy's order; for floats NaN last and -0.0 before
 * 0.0 (the order simdsort leaves the zeros in). */
#define CMP_INT(T)                                                             \
	static int cmp_##T(const void *a, const void *b)                       \
	{                                                                      \
		T x = *(const T *)a, y = *(const T *)b;                        \
		return x < y ? -1 : x > y;                                     \
	}
#define CMP_FLT(T)                                                             \
	static int cmp_##T(const void *a, const void *b)                       \
	{                                                                      \
		T x = *(const T *)a, y = *(const T *)b;                        \
		int nx = x != x, ny = y != y;                                  \
		if (nx || ny)                                                  \
			return nx - ny;                                        \
		if (x != y)                                                    \
			return x < y ? -1 : 1;                                 \
		return (signbit(y) != 0) - (signbit(x) != 0);                  \
	}
CMP_INT(int32_t)
CMP_INT(uint32_t)
CMP_INT(int64_t)
CMP_INT(uint64_t)
CMP_FLT(float)
CMP_FLT(double)

struct kind {
	const char *name;
	int dt, size, flt;
	int (*cmp)(const void *, const void *);
};
static const struct kind kinds[] = {
	{ "int32", DT_INT32, 4, 0, cmp_int32_t },
	{ "uint32", DT_UINT32, 4, 0, cmp_uint32_t },
	{ "float32", DT_FLOAT32, 4, 1, cmp_float },
	{ "int64", DT_INT64, 8, 0, cmp_int64_t },
	{ "uint64", DT_UINT64, 8, 0, cmp_uint64_t },
	{ "float64", DT_FLOAT64, 8, 1, cmp_double },
};

enum pattern { RANDOM, FEW, EQUAL, ASCENDING, DESCENDING, SAWTOOTH, SPECIAL, NPATTERN };
static const char *pattern_names[] = { "random", "ten values", "all equal", "ascending",
				       "descending", "sawtooth", "NaN, inf and zeros" };

/* Element i of a row of n in pattern p, as a double (converted to the dtype
 * by store) or, for RANDOM integers, the raw bits. */
static double value(enum pattern p, int64_t i, int64_t n)
{
	double u = (double)(rnd() >> 11) / 9007199254740992.0;
	switch (p) {
	case RANDOM: return u * 2000 - 1000;
	case FEW: return floor(u * 10);
	case EQUAL: return 7;
	case ASCENDING: return (double)i;
	case DESCENDING: return (double)(n - i);
	case SAWTOOTH: return (double)(i % 97);
	case SPECIAL: {
		int c = (int)(rnd() % 9);
		return c == 0 ? NAN : c == 1 ? -0.0 : c == 2 ? 0.0 : c == 3 ? INFINITY
		       : c == 4 ? -INFINITY : u - 0.5;
	}
	default: return 0;
	}
}

static void store(const struct kind *k, void *v, int64_t i, double x, enum pattern p)
{
	uint64_t r = rnd();
	switch (k->dt) {
	case DT_INT32: ((int32_t *)v)[i] = p == RANDOM ? (int32_t)r : (int32_t)x; break;
	case DT_UINT32: ((uint32_t *)v)[i] = p == RANDOM ? (uint32_t)r : (uint32_t)(x + 1000); break;
	case DT_FLOAT32: ((float *)v)[i] = (float)x; break;
	case DT_INT64: ((int64_t *)v)[i] = p == RANDOM ? (int64_t)r : (int64_t)x; break;
	case DT_UINT64: ((uint64_t *)v)[i] = p == RANDOM ? r : (uint64_t)(x + 1000); break;
	case DT_FLOAT64: ((double *)v)[i] = x; break;
	}
}

/* Sorts a row of n in pattern p with simdsort and with qsort; 1 when the
 * two agree bit for bit, -1 when simdsort declined (no AVX2).  guard 1 puts
 * the row's end, guard 2 its start, against an inaccessible page, so that
 * a read or write past either end (a whole vector where the row has only
 * part of one) crashes the test instead of passing unseen. */
static int check_at(const struct kind *k, enum pattern p, int64_t n, int guard)
{
	size_t bytes = (size_t)k->size * (size_t)(n ? n : 1);
	size_t pg = (size_t)sysconf(_SC_PAGESIZE), span = (bytes + pg - 1) / pg * pg;
	char *map = NULL, *v, *want = malloc(bytes);
	int good = 0;
	if (guard) {
		map = mmap(NULL, span + 2 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (map == MAP_FAILED || mprotect(map, pg, PROT_NONE) || mprotect(map + pg + span, pg, PROT_NONE)) {
			free(want);
			return 0;
		}
		v = guard == 1 ? map + pg + span - (size_t)k->size * (size_t)n : map + pg;
	} else {
		v = malloc(bytes);
	}
	if (!v || !want)
		goto out;
	for (int64_t i = 0; i < n; i++)
		store(k, v, i, value(p, i, n), p);
	memcpy(want, v, (size_t)k->size * (size_t)n);
	qsort(want, (size_t)n, (size_t)k->size, k->cmp);
	if (simdsort_sort(v, n, k->dt) < 0) {
		good = -1;
		goto out;
	}
	good = !memcmp(v, want, (size_t)k->size * (size_t)n);
out:
	if (map)
		munmap(map, span + 2 * pg);
	else
		free(v);
	free(want);
	return good;
}

static int check(const struct kind *k, enum pattern p, int64_t n)
{
	return check_at(k, p, n, 0);
}

int main(void)
{
	int32_t probe[2] = { 2, 1 };
	int npat = NPATTERN, nk = (int)(sizeof kinds / sizeof kinds[0]);
	if (simdsort_sort(probe, 2, DT_INT32) < 0) {
		printf("1..0 # SKIP the CPU lacks AVX2\n");
		return 0;
	}
	/* every test at each width the CPU runs: AVX-512 first where it has
	 * it, then AVX2 through the test switch */
	int widths[2], nw = 0;
	if (simdsort_width(512) == 512)
		widths[nw++] = 512;
	widths[nw++] = 256;
	int plan = 2;
	for (int ki = 0; ki < nk; ki++)
		plan += 2 + (kinds[ki].flt ? npat : npat - 1);
	printf("1..%d\n", 2 + nw * (plan - 2));
	ok(probe[0] == 1 && probe[1] == 2, "two int32 swap");
	ok(simdsort_sort(probe, 2, DT_INT16) < 0, "an int16 row is declined");
	if (nw == 1)
		printf("# the CPU lacks AVX-512F: the AVX2 path only\n");
	char what[160];
	for (int wi = 0; wi < nw; wi++) {
		int w = simdsort_width(widths[wi]);
		for (int ki = 0; ki < nk; ki++) {
			const struct kind *k = &kinds[ki];
			/* every length through two leaves and the smallest partitions */
			int good = w == widths[wi];
			int64_t bad_n = -1;
			for (int64_t n = 0; n <= 1100 && good; n++)
				for (int p = 0; p < npat && good; p++) {
					if (p == SPECIAL && !k->flt)
						continue;
					if (check(k, p, n) != 1) {
						good = 0;
						bad_n = n;
					}
				}
			snprintf(what, sizeof what,
				 "%d-bit: %s: every pattern at lengths 0..1100 (first bad: %lld)",
				 widths[wi], k->name, (long long)bad_n);
			ok(good, what);
			/* against inaccessible pages: each end, lengths 0..1100 */
			good = w == widths[wi];
			bad_n = -1;
			for (int64_t n = 0; n <= 1100 && good; n++)
				for (int g = 1; g <= 2 && good; g++)
					if (check_at(k, k->flt ? SPECIAL : RANDOM, n, g) != 1) {
						good = 0;
						bad_n = n;
					}
			snprintf(what, sizeof what,
				 "%d-bit: %s: rows of 0..1100 at a page's end and start (first bad: %lld)",
				 widths[wi], k->name, (long long)bad_n);
			ok(good, what);
			for (int p = 0; p < npat; p++) {
				if (p == SPECIAL && !k->flt)
					continue;
				good = w == widths[wi];
				for (int64_t n = 1000; n <= 300000 && good; n = n * 3 + 7)
					good = check(k, p, n) == 1;
				snprintf(what, sizeof what, "%d-bit: %s: %s rows of 1000..300000",
					 widths[wi], k->name, pattern_names[p]);
				ok(good, what);
			}
		}
	}
	return nfail != 0;
}
