/*
 * simdsort_impl.h — the quicksort that simdsort.c (AVX2) and simdsort512.c
 * (AVX-512) share, as templates each file instantiates with its own vector
 * primitives: the partition's loop (which side to read, the tail, the kept
 * vectors), the pivot choice, the handling of repeated values, the depth
 * limit and its heapsort.  Private to those two files; holds no state.
 */
#ifndef LUMEN_SIMDSORT_IMPL_H
#define LUMEN_SIMDSORT_IMPL_H

#include <stdint.h>
#include <string.h>

/* simdsort512.c: 1 when the CPU runs its AVX-512 kernels; and the
 * quicksort of v[0..n) of dtype dt (NaN-free and without -0.0 for floats,
 * see simdsort.c) with depth levels before heapsort. */
int simdsort512_ok(void);
void simdsort512_qs(void *v, int64_t n, int dt, int depth);

/*
 * part<lt|le>_NAME(v, n, p) moves the elements < p (le: <= p) of v to
 * the front and returns their count; n >= 2 U W.  U vectors from each end wait
 * in registers, so that every later load frees room on the side it is read
 * from; each step reads U vectors from the side with less room, which
 * leaves room for both stores of every vector (its lanes going left, in
 * front, stored at the left end; all of it stored at the right end).
 * PSTEP_NAME(x, GOES) is the file's step: the lanes of x for which GOES(x,
 * pv) holds stored from v + lw on, the others ending at v + rw, lw and rw
 * moved past them; it may write anywhere in [lw, lw + W) and [rw - W, rw).
 * PART_BRANCH (the file's) 1 chooses the side to read by a branch, 0 by
 * masks (no mispredictions, but the next loads wait for this step's counts).
 * TGT is the function attribute that enables the file's instructions.
 */
#define PART_TEMPLATE(TGT, NAME, SUF, U, T, VT, W, LOAD, SET1, GOES, SGOES)   \
TGT static int64_t part##SUF##_##NAME(T *v, int64_t n, T p)                    \
{                                                                              \
	VT pv = SET1(p), keep[2 * U];                                          \
	int64_t l = U * W, r = n - U * W, lw = 0, rw = n;                      \
	for (int u = 0; u < U; u++) {                                          \
		keep[u] = LOAD(v + u * W);                                     \
		keep[U + u] = LOAD(v + r + u * W);                             \
	}                                                                      \
	while (r - l >= U * W) {                                               \
		int64_t at;                                                    \
		if (PART_BRANCH) {                                                 \
			if (l - lw <= rw - r) {                                \
				at = l;                                        \
				l += U * W;                                    \
			} else {                                               \
				r -= U * W;                                    \
				at = r;                                        \
			}                                                      \
		} else {                                                       \
		/* no branch: which side is read is data-dependent */           \
		int64_t left = -(int64_t)(l - lw <= rw - r);                   \
		at = (l & left) | ((r - U * W) & ~left);               \
		l += U * W & left;                                             \
		r -= U * W & ~left;                                            \
		}                                                              \
		VT x0 = LOAD(v + at);                                          \
		VT x1 = U > 1 ? LOAD(v + at + (U > 1) * 1 * W) : x0;           \
		VT x2 = U > 2 ? LOAD(v + at + (U > 2) * 2 * W) : x0;           \
		VT x3 = U > 3 ? LOAD(v + at + (U > 3) * 3 * W) : x0;           \
		VT x4 = U > 4 ? LOAD(v + at + (U > 4) * 4 * W) : x0;           \
		VT x5 = U > 5 ? LOAD(v + at + (U > 5) * 5 * W) : x0;           \
		VT x6 = U > 6 ? LOAD(v + at + (U > 6) * 6 * W) : x0;           \
		VT x7 = U > 7 ? LOAD(v + at + (U > 7) * 7 * W) : x0;           \
		PSTEP_##NAME(x0, GOES);                                        \
		if (U > 1)                                                     \
			PSTEP_##NAME(x1, GOES);                                \
		if (U > 2)                                                     \
			PSTEP_##NAME(x2, GOES);                                \
		if (U > 3)                                                     \
			PSTEP_##NAME(x3, GOES);                                \
		if (U > 4)                                                     \
			PSTEP_##NAME(x4, GOES);                                \
		if (U > 5)                                                     \
			PSTEP_##NAME(x5, GOES);                                \
		if (U > 6)                                                     \
			PSTEP_##NAME(x6, GOES);                                \
		if (U > 7)                                                     \
			PSTEP_##NAME(x7, GOES);                                \
	}                                                                      \
	/* the last < U W unread elements: whole vectors, then one by one */   \
	while (r - l >= W) {                                                   \
		int64_t left = -(int64_t)(l - lw <= rw - r);                   \
		int64_t at = (l & left) | ((r - W) & ~left);                   \
		l += W & left;                                                 \
		r -= W & ~left;                                                \
		VT x0 = LOAD(v + at);                                          \
		PSTEP_##NAME(x0, GOES);                                        \
	}                                                                      \
	T tail[W];                                                             \
	int64_t nt = r - l;                                                    \
	memcpy(tail, v + l, sizeof(T) * nt);                                   \
	for (int64_t i = 0; i < nt; i++) {                                     \
		if (SGOES(tail[i], p))                                         \
			v[lw++] = tail[i];                                     \
		else                                                           \
			v[--rw] = tail[i];                                     \
	}                                                                      \
	/* rw - lw is now 2 U W: the kept vectors fill it, the last one's      \
	 * two stores landing on the same W slots */                           \
	for (int u = 0; u < 2 * U; u++)                                        \
		PSTEP_##NAME(keep[u], GOES);                                   \
	return lw;                                                             \
}
#define SLT(a, b) ((a) < (b))
#define SLE(a, b) ((a) <= (b))

/*
 * For element type T in vectors VT of W lanes:
 *   qs_NAME(v, n, depth, lo)  introsort: quicksort, heapsort past depth;
 *                             lo, when not NULL, is a value no element of v
 *                             is below (the pivot that split v off)
 * Rows of at most LEAFN elements go to the file's leaf_NAME(v, n, TMAX),
 * which sorts them in place.  The pivot is the median of a sample of SAMPLEN
 * elements (at most LEAFN) spread evenly over the row, sorted by the leaf; a
 * sample all of one value asks (one read-only pass, with the file's
 * ANYNE_NAME(x, pv): some lane of x is not pv) whether the row is too.
 * A pivot equal to lo is the row's least value: its copies are partitioned
 * off with <= and are done (pdqsort's way with repeated values).
 */
#define QS_TEMPLATE(TGT, NAME, T, VT, W, LOAD, SET1, LEAFN, SAMPLEN, TMAX)     \
TGT static void sift_##NAME(T *v, int64_t i, int64_t n)                        \
{                                                                              \
	T x = v[i];                                                            \
	for (;;) {                                                             \
		int64_t c = 2 * i + 1;                                         \
		if (c >= n)                                                    \
			break;                                                 \
		if (c + 1 < n && v[c] < v[c + 1])                              \
			c++;                                                   \
		if (!(x < v[c]))                                               \
			break;                                                 \
		v[i] = v[c];                                                   \
		i = c;                                                         \
	}                                                                      \
	v[i] = x;                                                              \
}                                                                              \
TGT static void hsort_##NAME(T *v, int64_t n)                                  \
{                                                                              \
	for (int64_t i = n / 2 - 1; i >= 0; i--)                               \
		sift_##NAME(v, i, n);                                          \
	for (int64_t i = n - 1; i > 0; i--) {                                  \
		T t = v[0];                                                    \
		v[0] = v[i];                                                   \
		v[i] = t;                                                      \
		sift_##NAME(v, 0, i);                                          \
	}                                                                      \
}                                                                              \
PART_TEMPLATE(TGT, NAME, lt, PARTU, T, VT, W, LOAD, SET1, LT_##NAME, SLT)      \
PART_TEMPLATE(TGT, NAME, le, PARTU, T, VT, W, LOAD, SET1, LE_##NAME, SLE)      \
/* 1 when every element of v equals p. */                                     \
TGT static int alleq_##NAME(const T *v, int64_t n, T p)                        \
{                                                                              \
	VT pv = SET1(p);                                                       \
	int64_t i = 0;                                                         \
	for (; i + W <= n; i += W)                                             \
		if (ANYNE_##NAME(LOAD(v + i), pv))                             \
			return 0;                                              \
	for (; i < n; i++)                                                     \
		if (v[i] < p || p < v[i])                                      \
			return 0;                                              \
	return 1;                                                              \
}                                                                              \
/* The median of SAMPLEN elements spread evenly over v (n >= SAMPLEN). */     \
TGT static T pivot_##NAME(const T *v, int64_t n, int *same)                    \
{                                                                              \
	T s[SAMPLEN];                                                          \
	int64_t step = n / (SAMPLEN);                                          \
	for (int i = 0; i < (SAMPLEN); i++)                                    \
		s[i] = v[step * i + step / 2];                                 \
	leaf_##NAME(s, SAMPLEN, TMAX);                                         \
	*same = !(s[0] < s[(SAMPLEN) - 1]);                                    \
	return s[(SAMPLEN) / 2];                                               \
}                                                                              \
TGT static void qs_##NAME(T *v, int64_t n, int depth, const T *lo)             \
{                                                                              \
	T lov = lo ? *lo : 0;                                                  \
	while (n > (LEAFN)) {                                                  \
		if (depth-- == 0) {                                            \
			hsort_##NAME(v, n);                                    \
			return;                                                \
		}                                                              \
		int same;                                                      \
		T p = pivot_##NAME(v, n, &same);                               \
		if (same && alleq_##NAME(v, n, p))                             \
			return;                                                \
		int64_t k = 0;                                                 \
		if (!lo || lov < p)                                            \
			k = partlt_##NAME(v, n, p);                            \
		if (k == 0) {                                                  \
			/* p is the least: its copies are done */              \
			k = partle_##NAME(v, n, p);                            \
			v += k;                                                \
			n -= k;                                                \
			continue;                                              \
		}                                                              \
		if (k < n - k) {                                               \
			qs_##NAME(v, k, depth, lo ? &lov : NULL);              \
			v += k;                                                \
			n -= k;                                                \
			lov = p;                                               \
			lo = &lov;                                             \
		} else {                                                       \
			qs_##NAME(v + k, n - k, depth, &p);                    \
			n = k;                                                 \
		}                                                              \
	}                                                                      \
	leaf_##NAME(v, n, TMAX);                                               \
}

/*
 * The bitonic leaf sort over vectors, in both files' vectors: NET8 is the 19
 * compare-exchanges of the optimal network for 8, on whole vectors a0..a7;
 * BITONIC_TEMPLATE makes sort8_NAME (eight vectors sorted as one run),
 * hc8_NAME (eight vectors of a bitonic run merged) and bsort_NAME (the leaf's
 * vectors sorted) from the file's MMX(NAME, a, b) (the compare-exchange of
 * two vectors), FLIP (that of a with b reversed), HC2 and HC1 (those at
 * distance 2 and 1 among a0..a7), CLEAN8(NAME, W) (the in-vector cleaners of
 * a0..a7), ROWS(NAME, W) (a0..a7 made sorted vectors), SORTV_W and CLEANV_W
 * (one vector sorted, cleaned).
 */
#define NET8(NAME)                                                             \
	do {                                                                   \
		MMX(NAME, a0, a2); MMX(NAME, a1, a3); MMX(NAME, a4, a6); MMX(NAME, a5, a7); \
		MMX(NAME, a0, a4); MMX(NAME, a1, a5); MMX(NAME, a2, a6); MMX(NAME, a3, a7); \
		MMX(NAME, a0, a1); MMX(NAME, a2, a3); MMX(NAME, a4, a5); MMX(NAME, a6, a7); \
		MMX(NAME, a2, a4); MMX(NAME, a3, a5);                          \
		MMX(NAME, a1, a4); MMX(NAME, a3, a6);                          \
		MMX(NAME, a1, a2); MMX(NAME, a3, a4); MMX(NAME, a5, a6);       \
	} while (0)
/* eight vectors x[0..8) into registers a0..a7, and back */
#define LOAD8(VT, x)                                                           \
	VT a0 = (x)[0], a1 = (x)[1], a2 = (x)[2], a3 = (x)[3];                 \
	VT a4 = (x)[4], a5 = (x)[5], a6 = (x)[6], a7 = (x)[7]
#define STORE8(x)                                                              \
	do {                                                                   \
		(x)[0] = a0; (x)[1] = a1; (x)[2] = a2; (x)[3] = a3;            \
		(x)[4] = a4; (x)[5] = a5; (x)[6] = a6; (x)[7] = a7;            \
	} while (0)
#define BITONIC_TEMPLATE(TGT, NAME, VT, W)                                     \
TGT static inline void sort8_##NAME(VT *x)                                     \
{                                                                              \
	LOAD8(VT, x);                                                          \
	ROWS(NAME, W);                                                         \
	FLIP(NAME, W, a0, a1); FLIP(NAME, W, a2, a3);                          \
	FLIP(NAME, W, a4, a5); FLIP(NAME, W, a6, a7);                          \
	CLEAN8(NAME, W);                                                       \
	FLIP(NAME, W, a0, a3); FLIP(NAME, W, a1, a2);                          \
	FLIP(NAME, W, a4, a7); FLIP(NAME, W, a5, a6);                          \
	HC1(NAME);                                                             \
	CLEAN8(NAME, W);                                                       \
	FLIP(NAME, W, a0, a7); FLIP(NAME, W, a1, a6);                          \
	FLIP(NAME, W, a2, a5); FLIP(NAME, W, a3, a4);                          \
	HC2(NAME);                                                             \
	HC1(NAME);                                                             \
	CLEAN8(NAME, W);                                                       \
	STORE8(x);                                                             \
}                                                                              \
TGT static inline void hc8_##NAME(VT *x)                                       \
{                                                                              \
	LOAD8(VT, x);                                                          \
	MMX(NAME, a0, a4); MMX(NAME, a1, a5); MMX(NAME, a2, a6); MMX(NAME, a3, a7); \
	HC2(NAME);                                                             \
	HC1(NAME);                                                             \
	CLEAN8(NAME, W);                                                       \
	STORE8(x);                                                             \
}                                                                              \
/* Sorts x[0..nv); the vectors from nr on are all the greatest value (nv a     \
 * power of two, nr <= nv), so every step whose upper vector is one of them    \
 * changes nothing and is skipped (sort8/hc8 treat whole blocks). */           \
TGT static void bsort_##NAME(VT *x, int nv, int nr)                            \
{                                                                              \
	if (nv >= 8) {                                                         \
		for (int b = 0; b < nr; b += 8)                                \
			sort8_##NAME(x + b);                                   \
	} else {                                                               \
		for (int i = 0; i < nr; i++)                                   \
			SORTV_##W(NAME, x[i]);                                 \
	}                                                                      \
	for (int s = 2; s <= nv; s *= 2) {                                     \
		if (s <= 8 && nv >= 8)                                         \
			continue; /* done in registers by sort8 */             \
		for (int b = 0; b < nr; b += s)                                \
			for (int j = b + s - nr > 0 ? b + s - nr : 0; j < s / 2; j++) \
				FLIP(NAME, W, x[b + j], x[b + s - 1 - j]);     \
		int dmin = nv >= 8 ? 8 : 1;                                    \
		for (int d = s / 4; d >= dmin; d /= 2)                         \
			for (int b = 0; b < nr; b += 2 * d)                    \
				for (int j = b; j < b + d && j + d < nr; j++)  \
					MMX(NAME, x[j], x[j + d]);             \
		if (nv >= 8) {                                                 \
			for (int b = 0; b < nr; b += 8)                        \
				hc8_##NAME(x + b);                             \
		} else {                                                       \
			for (int i = 0; i < nr; i++)                           \
				CLEANV_##W(NAME, x[i]);                        \
		}                                                              \
	}                                                                      \
}

#endif
