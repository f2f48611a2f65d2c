/*
 * redhost.c — the host backend's reductions and scans: out (keepdims shape)
 * = op over the masked axes of an expression tree's value, iterating in C
 * order over merged dimensions.  A reduced inner row is folded by a fast
 * per-dtype routine (NumPy's pairwise summation for floats, so float32
 * sums print as NumPy's do); a kept inner row accumulates through the
 * ufunc loops (out = op(out, row)), as NumPy's reduce does.
 *
 * Owns its temporaries only.
 */
#pragma GCC optimize ("O3", "no-trapping-math", "no-math-errno")
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "arrapi.h"
#include "error.h"
#include "ufunc.h"
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#define PW_BLOCKSIZE 128

int host_fill(struct eval *ev, struct ndarray *dst, const struct npscalar *v);

/* NumPy's pairwise summation (loops_utils.h.src), T the accumulator */
#define PAIRWISE(name, S, T)                                                   \
static T name(const char *a, int64_t n, int64_t stride)                        \
{                                                                              \
	if (n < 8) {                                                           \
		T res = 0.;                                                    \
		for (int64_t i = 0; i < n; i++)                                \
			res += (T)*(const S *)(a + i * stride);                \
		return res;                                                    \
	} else if (n <= PW_BLOCKSIZE) {                                        \
		T r[8], res;                                                   \
		int64_t i;                                                     \
		for (int j = 0; j < 8; j++)                                    \
			r[j] = (T)*(const S *)(a + j * stride);                \
		for (i = 8; i < n - (n % 8); i += 8)                           \
			for (int j = 0; j < 8; j++)                            \
				r[j] += (T)*(const S *)(a + (i + j) * stride); \
		res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7])); \
		for (; i < n; i++)                                             \
			res += (T)*(const S *)(a + i * stride);                \
		return res;                                                    \
	} else {                                                               \
		int64_t n2 = n / 2;                                            \
		n2 -= n2 % 8;                                                  \
		return name(a, n2, stride) + name(a + n2 * stride, n - n2, stride); \
	}                                                                      \
}
PAIRWISE(pw_half_s, _Float16, float)
PAIRWISE(pw_float_s, float, float)
PAIRWISE(pw_double_s, double, double)

/* the same summation for contiguous data, written so the compiler keeps the
 * eight accumulators in one vector register (bit-identical results) */
#define PAIRWISE_C1(name, S, T)                                                \
static T name(const S *a, int64_t n)                                           \
{                                                                              \
	if (n < 8) {                                                           \
		T res = 0.;                                                    \
		for (int64_t i = 0; i < n; i++)                                \
			res += (T)a[i];                                        \
		return res;                                                    \
	} else if (n <= PW_BLOCKSIZE) {                                        \
		T r[8], res;                                                   \
		int64_t i;                                                     \
		for (int j = 0; j < 8; j++)                                    \
			r[j] = (T)a[j];                                        \
		for (i = 8; i < n - (n % 8); i += 8)                           \
			for (int j = 0; j < 8; j++)                            \
				r[j] += (T)a[i + j];                           \
		res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7])); \
		for (; i < n; i++)                                             \
			res += (T)a[i];                                        \
		return res;                                                    \
	} else {                                                               \
		int64_t n2 = n / 2;                                            \
		n2 -= n2 % 8;                                                  \
		return name(a, n2) + name(a + n2, n - n2);                     \
	}                                                                      \
}
PAIRWISE_C1(pw_float_c, float, float)
PAIRWISE_C1(pw_double_c, double, double)

static float pw_half(const char *a, int64_t n, int64_t st) { return pw_half_s(a, n, st); }
static float pw_float(const char *a, int64_t n, int64_t st)
{
	return st == 4 ? pw_float_c((const float *)a, n) : pw_float_s(a, n, st);
}
static double pw_double(const char *a, int64_t n, int64_t st)
{
	return st == 8 ? pw_double_c((const double *)a, n) : pw_double_s(a, n, st);
}

/* complex: NumPy sums the interleaved (re, im) stream, n counts scalars */
#define PAIRWISE_C(name, T)                                                    \
static void name(T *rr, T *ri, const char *a, int64_t n, int64_t stride)       \
{                                                                              \
	if (n < 8) {                                                           \
		*rr = 0.; *ri = 0.;                                            \
		for (int64_t i = 0; i < n; i += 2) {                           \
			*rr += *(const T *)(a + i * stride);                   \
			*ri += *(const T *)(a + i * stride + sizeof(T));       \
		}                                                              \
		return;                                                        \
	} else if (n <= PW_BLOCKSIZE) {                                        \
		T r[8];                                                        \
		int64_t i;                                                     \
		for (int j = 0; j < 8; j += 2) {                               \
			r[j] = *(const T *)(a + j * stride);                   \
			r[j + 1] = *(const T *)(a + j * stride + sizeof(T));   \
		}                                                              \
		for (i = 8; i < n - (n % 8); i += 8)                           \
			for (int j = 0; j < 8; j += 2) {                       \
				r[j] += *(const T *)(a + (i + j) * stride);    \
				r[j + 1] += *(const T *)(a + (i + j) * stride + sizeof(T)); \
			}                                                      \
		*rr = ((r[0] + r[2]) + (r[4] + r[6]));                         \
		*ri = ((r[1] + r[3]) + (r[5] + r[7]));                         \
		for (; i < n; i += 2) {                                        \
			*rr += *(const T *)(a + i * stride);                   \
			*ri += *(const T *)(a + i * stride + sizeof(T));       \
		}                                                              \
		return;                                                        \
	} else {                                                               \
		T rr1, ri1, rr2, ri2;                                          \
		int64_t n2 = n / 2;                                            \
		n2 -= n2 % 8;                                                  \
		name(&rr1, &ri1, a, n2, stride);                               \
		name(&rr2, &ri2, a + n2 * stride, n - n2, stride);             \
		*rr = rr1 + rr2;                                               \
		*ri = ri1 + ri2;                                               \
	}                                                                      \
}
PAIRWISE_C(pw_cfloat, float)
PAIRWISE_C(pw_cdouble, double)

/* the ufunc loop `name` with every type equal to dtype (out dtype dtype) */
static uf_loopfn loop_of(const char *name, int dtype)
{
	int uf = uf_lookup(name);
	const struct ufunc *u = &ufunc_table[uf];
	for (int l = 0; l < u->nloops; l++) {
		int ok = uf_loop_out(&u->loops[l]) == dtype;
		for (int i = 0; i < u->nin && ok; i++)
			ok = uf_loop_in(&u->loops[l], i) == dtype;
		if (ok)
			return u->loops[l].fn;
	}
	return NULL;
}

static const char *op_ufunc(enum red_op op)
{
	switch (op) {
	case RED_SUM: case RED_NANSUM: return "add";
	case RED_PROD: return "multiply";
	case RED_MIN: return "minimum";
	case RED_MAX: return "maximum";
	case RED_NANMIN: return "fmin";
	case RED_NANMAX: return "fmax";
	case RED_ANY: return "logical_or";
	case RED_ALL: return "logical_and";
	default: return NULL;
	}
}

/* The starting value of op for dtype d. */
static void identity(enum red_op op, int d, struct npscalar *s)
{
	memset(s, 0, sizeof *s);
	s->dtype = d;
	switch (op) {
	case RED_SUM: case RED_NANSUM: case RED_ANY:
		return;
	case RED_PROD: case RED_ALL:
		s->dtype = DT_INT64;
		s->v.i = 1;
		break;
	case RED_MAX: case RED_MIN: {
		int mx = op == RED_MAX;
		switch (dtype_table[d].kind) {
		case DK_BOOL: s->v.b = !mx; return;
		case DK_UINT: s->v.u = mx ? 0 : UINT64_MAX; return;
		case DK_INT:
			s->v.i = dt_size(d) == 8 ? (mx ? INT64_MIN : INT64_MAX) :
				 mx ? -((int64_t)1 << (dt_size(d) * 8 - 1)) : ((int64_t)1 << (dt_size(d) * 8 - 1)) - 1;
			return;
		case DK_FLOAT: s->v.f = mx ? -INFINITY : INFINITY; return;
		default: s->v.c = mx ? -INFINITY - INFINITY * I : INFINITY + INFINITY * I;
			__real__ s->v.c = mx ? -INFINITY : INFINITY;
			__imag__ s->v.c = mx ? -INFINITY : INFINITY;
			return;
		}
	}
	case RED_NANMAX: case RED_NANMIN:
		if (dt_is_inexact(d)) {
			if (dt_is_complex(d)) {
				__real__ s->v.c = NAN;
				__imag__ s->v.c = NAN;
			} else {
				s->v.f = NAN;
			}
			return;
		}
		identity(op == RED_NANMAX ? RED_MAX : RED_MIN, d, s);
		return;
	default:
		return;
	}
	{
		struct npscalar t = *s;
		arr_scalar_cast(&t, d, s);
	}
}

#ifdef __SSE2__
/*
 * max/min of a contiguous float32/float64 row in SSE2 registers, 4 vectors
 * at a time (the scalar loop does not vectorise: the NaN test and the
 * compare-select mix int and float lanes).  _mm_max_ps(v, m) is exactly
 * `v > m ? v : m`, as the scalar fold; a NaN anywhere makes the result NaN,
 * as NumPy's maximum.reduce.  Returns the number of elements folded into
 * *m0 / *nan (a multiple of the vector width times 4).
 */
#define MINMAX_SSE(name, T, V, W, LOAD, MAX, MIN, UNORD, OR, MOVEMASK, STORE) \
static int64_t name(const T *x, int64_t n, int mx, T *m0, int *nan)            \
{                                                                              \
	int64_t i = 0;                                                         \
	if (n < 4 * W)                                                         \
		return 0;                                                      \
	V m[4], u[4];                                                          \
	for (int j = 0; j < 4; j++) {                                          \
		m[j] = LOAD(x + j * W);                                        \
		u[j] = UNORD(m[j], m[j]);                                      \
	}                                                                      \
	if (mx)                                                                \
		for (i = 4 * W; i + 4 * W <= n; i += 4 * W)                    \
			for (int j = 0; j < 4; j++) {                          \
				V v = LOAD(x + i + j * W);                     \
				u[j] = OR(u[j], UNORD(v, v));                  \
				m[j] = MAX(v, m[j]);                           \
			}                                                      \
	else                                                                   \
		for (i = 4 * W; i + 4 * W <= n; i += 4 * W)                    \
			for (int j = 0; j < 4; j++) {                          \
				V v = LOAD(x + i + j * W);                     \
				u[j] = OR(u[j], UNORD(v, v));                  \
				m[j] = MIN(v, m[j]);                           \
			}                                                      \
	T lanes[4 * W];                                                        \
	for (int j = 0; j < 4; j++) {                                          \
		*nan |= MOVEMASK(u[j]) != 0;                                   \
		STORE(lanes + j * W, m[j]);                                    \
	}                                                                      \
	for (int j = 0; j < 4 * W; j++)                                        \
		*m0 = mx ? (lanes[j] > *m0 ? lanes[j] : *m0)                   \
			 : (lanes[j] < *m0 ? lanes[j] : *m0);                  \
	return i;                                                              \
}
MINMAX_SSE(minmax_f32, float, __m128, 4, _mm_loadu_ps, _mm_max_ps, _mm_min_ps,
	   _mm_cmpunord_ps, _mm_or_ps, _mm_movemask_ps, _mm_storeu_ps)
MINMAX_SSE(minmax_f64, double, __m128d, 2, _mm_loadu_pd, _mm_max_pd, _mm_min_pd,
	   _mm_cmpunord_pd, _mm_or_pd, _mm_movemask_pd, _mm_storeu_pd)
#define MINMAX_VEC(T, x, n, mx, m0, nan) \
	(sizeof(T) == 4 ? minmax_f32((const float *)(x), n, mx, (float *)(m0), nan) \
			: minmax_f64((const double *)(x), n, mx, (double *)(m0), nan))
#else
#define MINMAX_VEC(T, x, n, mx, m0, nan) ((int64_t)0)
#endif

/* Folds a row into *acc (dtype d); returns 1 when done, 0 when the caller
 * should fold through the ufunc loop instead. */
static int fold_fast(enum red_op op, int d, const char *p, int64_t st, int64_t n, char *acc)
{
	if (op == RED_SUM || op == RED_NANSUM) {
		switch (d) {
		case DT_FLOAT16: *(_Float16 *)acc = (_Float16)((float)*(_Float16 *)acc + pw_half(p, n, st)); return 1;
		case DT_FLOAT32: *(float *)acc += pw_float(p, n, st); return 1;
		case DT_FLOAT64: *(double *)acc += pw_double(p, n, st); return 1;
		case DT_COMPLEX64: {
			float rr, ri;
			pw_cfloat(&rr, &ri, p, n * 2, st / 2);
			__real__ *(float _Complex *)acc += rr;
			__imag__ *(float _Complex *)acc += ri;
			return 1;
		}
		case DT_COMPLEX128: {
			double rr, ri;
			pw_cdouble(&rr, &ri, p, n * 2, st / 2);
			__real__ *(double _Complex *)acc += rr;
			__imag__ *(double _Complex *)acc += ri;
			return 1;
		}
		case DT_INT64: case DT_UINT64: {
			uint64_t s = 0;
			if (st == 8)
				for (int64_t i = 0; i < n; i++)
					s += ((const uint64_t *)p)[i];
			else
				for (int64_t i = 0; i < n; i++)
					s += *(const uint64_t *)(p + i * st);
			*(uint64_t *)acc += s;
			return 1;
		}
		default:
			return 0;
		}
	}
	if ((op == RED_MAX || op == RED_MIN) && st == dt_size(d)) {
		int mx = op == RED_MAX;
#define MINMAX_INT(T) {                                                        \
		const T *x = (const T *)p;                                     \
		T m = *(T *)acc;                                               \
		if (mx) for (int64_t i = 0; i < n; i++) m = x[i] > m ? x[i] : m; \
		else for (int64_t i = 0; i < n; i++) m = x[i] < m ? x[i] : m;  \
		*(T *)acc = m;                                                 \
		return 1; }
#define MINMAX_FLT(T) {                                                        \
		const T *x = (const T *)p;                                     \
		T m0 = *(T *)acc;                                              \
		int nan = m0 != m0;                                            \
		int64_t i = MINMAX_VEC(T, x, n, mx, &m0, &nan);                \
		for (; i < n; i++) {                                           \
			nan |= x[i] != x[i];                                   \
			m0 = mx ? (x[i] > m0 ? x[i] : m0) : (x[i] < m0 ? x[i] : m0); \
		}                                                              \
		*(T *)acc = nan ? (T)NAN : m0;                                 \
		return 1; }
		switch (d) {
		case DT_INT8: MINMAX_INT(int8_t)
		case DT_INT16: MINMAX_INT(int16_t)
		case DT_INT32: MINMAX_INT(int32_t)
		case DT_INT64: MINMAX_INT(int64_t)
		case DT_UINT8: MINMAX_INT(uint8_t)
		case DT_UINT16: MINMAX_INT(uint16_t)
		case DT_UINT32: MINMAX_INT(uint32_t)
		case DT_UINT64: MINMAX_INT(uint64_t)
		case DT_FLOAT32: MINMAX_FLT(float)
		case DT_FLOAT64: MINMAX_FLT(double)
		default: return 0;
		}
	}
	return 0;
}

/* NaN -> 0 in a float/complex host array, in place (nansum) */
static void nan_to_zero(struct ndarray *a)
{
	int64_t n = nd_size(a);
	char *p = nd_data(a);
	switch (a->dtype) {
	case DT_FLOAT16: for (int64_t i = 0; i < n; i++) if (((_Float16 *)p)[i] != ((_Float16 *)p)[i]) ((_Float16 *)p)[i] = 0; break;
	case DT_FLOAT32: for (int64_t i = 0; i < n; i++) if (isnan(((float *)p)[i])) ((float *)p)[i] = 0; break;
	case DT_FLOAT64: for (int64_t i = 0; i < n; i++) if (isnan(((double *)p)[i])) ((double *)p)[i] = 0; break;
	case DT_COMPLEX64: for (int64_t i = 0; i < 2 * n; i++) if (isnan(((float *)p)[i])) ((float *)p)[i] = 0; break;
	case DT_COMPLEX128: for (int64_t i = 0; i < 2 * n; i++) if (isnan(((double *)p)[i])) ((double *)p)[i] = 0; break;
	}
}

/* The tree's value as an array of dtype d (borrowed leaf when possible). */
static struct ndarray *materialize(struct eval *ev, const struct ew_tree *t, int d,
				   int ndim, const int64_t *shape, int *owned)
{
	const struct ew_node *root = &t->nodes[t->nnodes - 1];
	struct ndarray *r;
	*owned = 0;
	if (root->kind == EW_ARRAY && root->dtype == d && t->nnodes == 1)
		return t->arrays[root->leaf];
	r = nd_new(ev, &backend_host, d, ndim, shape);
	if (!r)
		return NULL;
	*owned = 1;
	if (root->dtype == d) {
		if (uf_host_elementwise(ev, t, r) < 0)
			goto fail;
	} else {
		struct ew_tree *t2 = malloc(sizeof *t2);
		if (!t2) {
			err_nomem(ev);
			goto fail;
		}
		*t2 = *t;
		t2->nodes[t2->nnodes].kind = EW_CAST;
		t2->nodes[t2->nnodes].dtype = d;
		t2->nodes[t2->nnodes].nargs = 1;
		t2->nodes[t2->nnodes].args[0] = t2->nnodes - 1;
		t2->nnodes++;
		int rc = uf_host_elementwise(ev, t2, r);
		free(t2);
		if (rc < 0)
			goto fail;
	}
	return r;
fail:
	nd_decref(r);
	return NULL;
}

/* argmin/argmax: rows of the reduced axes moved last, in a contiguous copy */
static int arg_reduce(struct eval *ev, const struct ndarray *a, int mx, uint64_t axes,
		      struct ndarray *out)
{
	int perm[ND_MAXDIM], k = 0;
	int64_t rows = 1, len = 1;
	struct ndarray *tr, *c;
	for (int i = 0; i < a->ndim; i++)
		if (!(axes >> i & 1)) {
			perm[k++] = i;
			rows *= a->shape[i];
		}
	for (int i = 0; i < a->ndim; i++)
		if (axes >> i & 1) {
			perm[k++] = i;
			len *= a->shape[i];
		}
	tr = arr_transpose(ev, a, perm);
	c = tr ? arr_contiguous(ev, tr) : NULL;
	nd_decref(tr);
	if (!c)
		return -1;
	{
		int isz = dt_size(c->dtype);
		const char *p = nd_data(c);
		int64_t oidx[ND_MAXDIM] = {0};
		for (int64_t r = 0; r < rows; r++, p += len * isz) {
			int64_t best = 0;
			struct npscalar bv, x;
			arr_scalar_load(c->dtype, p, &bv);
			int bnan = 0;
			if (dt_is_float(c->dtype)) bnan = isnan(bv.v.f);
			if (dt_is_complex(c->dtype)) bnan = isnan(creal(bv.v.c)) || isnan(cimag(bv.v.c));
			for (int64_t i = 1; i < len && !bnan; i++) {
				int better = 0;
				arr_scalar_load(c->dtype, p + i * isz, &x);
				switch (dtype_table[c->dtype].kind) {
				case DK_BOOL: better = mx ? x.v.b > bv.v.b : x.v.b < bv.v.b; break;
				case DK_INT: better = mx ? x.v.i > bv.v.i : x.v.i < bv.v.i; break;
				case DK_UINT: better = mx ? x.v.u > bv.v.u : x.v.u < bv.v.u; break;
				case DK_FLOAT:
					if (isnan(x.v.f)) { better = 1; bnan = 1; }
					else better = mx ? x.v.f > bv.v.f : x.v.f < bv.v.f;
					break;
				default: {
					double xr = creal(x.v.c), xi = cimag(x.v.c), br = creal(bv.v.c), bi = cimag(bv.v.c);
					if (isnan(xr) || isnan(xi)) { better = 1; bnan = 1; }
					else if (mx) better = xr > br || (xr == br && xi > bi);
					else better = xr < br || (xr == br && xi < bi);
				}
				}
				if (better) {
					best = i;
					bv = x;
				}
			}
			/* out position: the kept axes in order (out has keepdims shape) */
			{
				int64_t off = out->offset, rr = r;
				int kk = 0;
				int kept[ND_MAXDIM];
				for (int i = 0; i < a->ndim; i++)
					if (!(axes >> i & 1))
						kept[kk++] = i;
				for (int j = kk - 1; j >= 0; j--) {
					int ax = kept[j];
					off += (rr % a->shape[ax]) * out->strides[ax];
					rr /= a->shape[ax];
				}
				*(int64_t *)((char *)out->buf->data + off) = best;
			}
			(void)oidx;
		}
	}
	nd_decref(c);
	return 0;
}

#define RED_BUFSIZE 8192

static int buffered_sum(struct eval *ev, enum red_op op, int d, int nd, const int64_t *sh,
			const int64_t *sa, const char *pa0, char *acc)
{
	int isz = dt_size(d);
	char *buf = malloc((size_t)RED_BUFSIZE * isz);
	int64_t idx[ND_MAXDIM] = {0}, total = 1, fill = 0;
	if (!buf)
		return err_nomem(ev), -1;
	for (int k = 0; k < nd; k++)
		total *= sh[k];
	for (int64_t e = 0; e < total; e++) {
		const char *p = pa0;
		for (int k = 0; k < nd; k++)
			p += idx[k] * sa[k];
		memcpy(buf + fill * isz, p, isz);
		if (++fill == RED_BUFSIZE) {
			fold_fast(op, d, buf, isz, fill, acc);
			fill = 0;
		}
		for (int k = nd - 1; k >= 0; k--) {
			if (++idx[k] < sh[k])
				break;
			idx[k] = 0;
		}
	}
	if (fill)
		fold_fast(op, d, buf, isz, fill, acc);
	free(buf);
	return 0;
}

int red_host_reduce(struct eval *ev, const struct ew_tree *t, enum red_op op,
		    uint64_t axes, struct ndarray *out)
{
	int ndim, owned = 0, d = out->dtype;
	int64_t shape[ND_MAXDIM];
	struct ndarray *a, *ob = NULL;
	struct npscalar id;
	uf_loopfn acc;
	int rc = -1;

	if (t->narrays) {
		ndim = t->arrays[0]->ndim;
		memcpy(shape, t->arrays[0]->shape, sizeof(int64_t) * ndim);
	} else {
		ndim = out->ndim;
		memcpy(shape, out->shape, sizeof(int64_t) * ndim);
	}
	if (op == RED_ARGMIN || op == RED_ARGMAX) {
		int rd = t->nodes[t->nnodes - 1].dtype;
		a = materialize(ev, t, rd, ndim, shape, &owned);
		if (!a)
			return -1;
		rc = arg_reduce(ev, a, op == RED_ARGMAX, axes, out);
		if (owned)
			nd_decref(a);
		return rc;
	}
	a = materialize(ev, t, d, ndim, shape, &owned);
	if (!a)
		return -1;
	if (op == RED_NANSUM && dt_is_inexact(d)) {
		if (!owned) {
			struct ndarray *c = arr_contiguous(ev, a);
			if (!c)
				return -1;
			a = c;
			owned = 1;
		}
		nan_to_zero(a);
	}
	identity(op, d, &id);
	if (host_fill(ev, out, &id) < 0)
		goto done;
	acc = loop_of(op_ufunc(op), d);
	if (!acc) {
		err_set(ev, TY_TypeError, "reduction '%s' not supported for dtype %s", op_ufunc(op),
			dtype_table[d].name);
		goto done;
	}
	if (nd_size(a) == 0) {
		rc = 0;
		goto done;
	}
	ob = arr_broadcast_to(ev, out, a->ndim, a->shape);
	if (!ob)
		goto done;
	{
		/* NumPy's iteration order (nditer, order 'K'): axes sorted by stride (insertion sort as
		 * npyiter_find_best_axis_ordering), then merged.  The order decides
		 * how float sums round, so it must be NumPy's. */
		int nd = 0, m = 0;
		int64_t sh[ND_MAXDIM], sa[ND_MAXDIM], so[ND_MAXDIM];
		int64_t rsh[ND_MAXDIM], rsa[ND_MAXDIM], rso[ND_MAXDIM];
		char *pa0 = nd_data(a), *po0 = nd_data(ob);
		for (int k = a->ndim - 1; k >= 0; k--) { /* fastest first */
			if (a->shape[k] == 1)
				continue;
			rsh[m] = a->shape[k];
			rsa[m] = a->strides[k];
			rso[m] = ob->strides[k];
			/* (reductions keep negative strides: NumPy sums x[::-1]
			 * back to front) */
			m++;
		}
		for (int i0 = 1; i0 < m; i0++) {
			int pos = i0;
			int64_t s0[2] = {rsa[i0], rso[i0]};
			for (int i1 = i0 - 1; i1 >= 0; i1--) {
				int ambig = 1, swap = 0;
				int64_t s1[2] = {rsa[i1], rso[i1]};
				for (int op = 0; op < 2; op++)
					if (s0[op] != 0 && s1[op] != 0) {
						if (llabs(s1[op]) <= llabs(s0[op]))
							swap = 0;
						else if (ambig)
							swap = 1;
						ambig = 0;
					}
				if (!ambig) {
					if (swap)
						pos = i1;
					else
						break;
				}
			}
			if (pos != i0) {
				int64_t t0 = rsh[i0], t1 = rsa[i0], t2 = rso[i0];
				for (int k = i0; k > pos; k--) {
					rsh[k] = rsh[k - 1];
					rsa[k] = rsa[k - 1];
					rso[k] = rso[k - 1];
				}
				rsh[pos] = t0;
				rsa[pos] = t1;
				rso[pos] = t2;
			}
		}
		for (int r = m - 1; r >= 0; r--) { /* back to slowest first, merged */
			if (nd && sa[nd - 1] == rsa[r] * rsh[r] && so[nd - 1] == rso[r] * rsh[r]) {
				sh[nd - 1] *= rsh[r];
				sa[nd - 1] = rsa[r];
				so[nd - 1] = rso[r];
				continue;
			}
			sh[nd] = rsh[r];
			sa[nd] = rsa[r];
			so[nd] = rso[r];
			nd++;
		}
		if (nd == 0) {
			sh[0] = 1;
			sa[0] = so[0] = 0;
			nd = 1;
		}
		int64_t idx[ND_MAXDIM] = {0}, outer = 1, inner = sh[nd - 1];
		for (int k = 0; k < nd - 1; k++)
			outer *= sh[k];
		if (nd > 1 && (op == RED_SUM || op == RED_NANSUM) && dt_is_inexact(d)) {
			int all0 = 1;
			for (int k = 0; k < nd; k++)
				if (so[k])
					all0 = 0;
			if (all0) {
				/* a full sum that no dimension merging made 1-d: NumPy
				 * buffers it, 8192 items at a time, and sums each buffer
				 * pairwise into the result */
				rc = buffered_sum(ev, op, d, nd, sh, sa, pa0, po0);
				goto done;
			}
		}
		int64_t work = 0;
		for (int64_t o = 0; o < outer; o++) {
			char *pa = pa0, *po = po0;
			for (int k = 0; k < nd - 1; k++) {
				pa += idx[k] * sa[k];
				po += idx[k] * so[k];
			}
			if (so[nd - 1] == 0) {
				if (!fold_fast(op, d, pa, sa[nd - 1], inner, po)) {
					char *args[3] = {po, pa, po};
					int64_t steps[3] = {0, sa[nd - 1], 0};
					acc(args, steps, inner);
				}
			} else {
				char *args[3] = {po, pa, po};
				int64_t steps[3] = {so[nd - 1], sa[nd - 1], so[nd - 1]};
				acc(args, steps, inner);
			}
			work += inner;
			if (work > (1 << 22)) {
				work = 0;
				if (ev_check_interrupt(ev))
					goto done;
			}
			for (int k = nd - 2; k >= 0; k--) {
				if (++idx[k] < sh[k])
					break;
				idx[k] = 0;
			}
		}
	}
	rc = 0;
done:
	nd_decref(ob);
	if (owned)
		nd_decref(a);
	return rc;
}

/* cumsum / cumprod along axis: out[..., k, ...] = out[..., k-1, ...] op a[..., k, ...] */
int red_host_scan(struct eval *ev, const struct ndarray *a, int axis, int prod,
		  struct ndarray *out)
{
	struct ndarray *c = a->dtype == out->dtype ? nd_incref((struct ndarray *)a)
						  : arr_astype(ev, a, out->dtype);
	uf_loopfn fn = loop_of(prod ? "multiply" : "add", out->dtype);
	int64_t len = a->shape[axis];
	int rc = 0;
	if (!c)
		return -1;
	if (!fn) {
		nd_decref(c);
		return err_set(ev, TY_TypeError, "cumulative op not supported for %s", dtype_table[out->dtype].name), -1;
	}
	if (nd_size(a) == 0) {
		nd_decref(c);
		return 0;
	}
	{
		/* slices along the axis: k = 0 copies, then out_k = out_{k-1} op c_k */
		int64_t sh[ND_MAXDIM], so[ND_MAXDIM], sc[ND_MAXDIM];
		int nd = 0;
		for (int i = 0; i < a->ndim; i++)
			if (i != axis) {
				sh[nd] = a->shape[i];
				so[nd] = out->strides[i];
				sc[nd] = c->strides[i];
				nd++;
			}
		int64_t n = 1;
		for (int i = 0; i < nd; i++)
			n *= sh[i];
		int64_t idx[ND_MAXDIM] = {0};
		int isz = dt_size(out->dtype);
		for (int64_t e = 0; e < n; e++) {
			char *po = nd_data(out), *pc = nd_data(c);
			for (int i = 0; i < nd; i++) {
				po += idx[i] * so[i];
				pc += idx[i] * sc[i];
			}
			memcpy(po, pc, isz);
			{
				char *args[3] = {po, pc + c->strides[axis], po + out->strides[axis]};
				int64_t steps[3] = {out->strides[axis], c->strides[axis], out->strides[axis]};
				/* sequential: each step reads the previous output */
				for (int64_t k = 1; k < len; k++) {
					fn(args, steps, 1);
					args[0] += steps[0];
					args[1] += steps[1];
					args[2] += steps[2];
				}
			}
			for (int i = nd - 1; i >= 0; i--) {
				if (++idx[i] < sh[i])
					break;
				idx[i] = 0;
			}
		}
	}
	nd_decref(c);
	return rc;
}
