/*
 * host_index.c — the host backend's indexing entries (struct backend's
 * gather, scatter, mask_count, mask_take, mask_put, take_index, put_index): fancy
 * indexing through byte-offset tables, boolean masks of leading dims, and
 * integer index arrays, as C loops over host memory (host_walk.c's copies;
 * the common contiguous cases by fixed-size moves).  Owns nothing.
 */
#include <stdlib.h>
#include <string.h>
#include "array/arrapi.h"
#include "lang/error.h"
#include "backend/host/host.h"
#include "backend/host/host_walk.h"

/* The walk between the view (element 0 + off[j] on dim pos) and the dense
 * side of shape view.shape[:pos] + (nb,) + view.shape[pos:] with strides
 * dstr (NULL: C-contiguous); to_dense: view -> dense (gather), else the
 * other way (scatter). */
static void ix_walk(struct host_walk *w, const struct ndarray *v, const int64_t *off, int64_t nb,
		    int pos, const int64_t *dstr, int to_dense)
{
	int nd = v->ndim + 1;
	int64_t s = dt_size(v->dtype);
	w->nd = nd;
	w->ind = pos;
	for (int j = 0, q = 0; j < nd; j++) {
		if (j == pos) {
			w->shape[j] = nb;
			w->sstr[j] = 0;
		} else {
			w->shape[j] = v->shape[q];
			w->sstr[j] = v->strides[q];
			q++;
		}
	}
	for (int j = nd - 1; j >= 0; j--) {
		w->dstr[j] = dstr ? dstr[j] : s;
		s *= w->shape[j] ? w->shape[j] : 1;
	}
	w->soff = off;
	w->doff = NULL;
	if (!to_dense) {
		for (int j = 0; j < nd; j++) {
			int64_t t = w->sstr[j];
			w->sstr[j] = w->dstr[j];
			w->dstr[j] = t;
		}
		w->doff = off;
		w->soff = NULL;
	}
}

int host_gather(struct eval *ev, const struct ndarray *src, const int64_t *off, int64_t nb, int pos,
		struct ndarray *out)
{
	struct host_walk w;
	(void)ev;
	ix_walk(&w, src, off, nb, pos, NULL, 1);
	host_walk_copy(&w, nd_data(out), nd_data(src), dt_size(src->dtype));
	return 0;
}

/* vals: any strides (0 on broadcast dims) of the dense shape */
int host_scatter(struct eval *ev, struct ndarray *dst, const int64_t *off, int64_t nb, int pos,
		 const struct ndarray *vals)
{
	struct host_walk w;
	(void)ev;
	if (vals->ndim != dst->ndim + 1)   /* an index array's several dims: C-contiguous */
		ix_walk(&w, dst, off, nb, pos, NULL, 0);
	else
		ix_walk(&w, dst, off, nb, pos, vals->strides, 0);
	host_walk_copy(&w, nd_data(dst), nd_data(vals), dt_size(dst->dtype));
	return 0;
}

/* ---- masks of a's leading dims ---- */

static int64_t count_true(const uint8_t *p, int64_t n)
{
	int64_t c = 0;
	for (int64_t i = 0; i < n; i++)
		c += p[i] != 0;
	return c;
}

int host_mask_count(struct eval *ev, const struct ndarray *mask, int64_t *count)
{
	(void)ev;
	*count = count_true((const uint8_t *)nd_data(mask), nd_size(mask));
	return 0;
}

/* The walk over one row of a (the dims after the mask's) and a C-contiguous
 * row of the dense side (to_dense), or back. */
static void row_walk(struct host_walk *w, const struct ndarray *a, int mnd, int to_dense,
		     int broadcast)
{
	int64_t s = dt_size(a->dtype);
	w->nd = a->ndim - mnd;
	w->ind = -1;
	w->soff = w->doff = NULL;
	for (int j = w->nd - 1; j >= 0; j--) {
		int64_t as = a->strides[mnd + j];
		w->shape[j] = a->shape[mnd + j];
		w->sstr[j] = to_dense ? as : broadcast ? 0 : s;
		w->dstr[j] = to_dense ? s : as;
		s *= w->shape[j] ? w->shape[j] : 1;
	}
}

/* byte offset in a of row i (C order over the mask's dims) */
static int64_t row_offset(const struct ndarray *a, int mnd, int64_t i)
{
	int64_t off = 0;
	for (int k = mnd - 1; k >= 0; k--) {
		off += (i % a->shape[k]) * a->strides[k];
		i /= a->shape[k];
	}
	return off;
}

#define COMPRESS(T) do { \
		const T *s = (const T *)src; T *d = (T *)dst; int64_t w = 0; \
		for (int64_t i = 0; i < n && w < cnt; i++) { d[w] = s[i]; w += mp[i] != 0; } \
	} while (0)

int host_mask_take(struct eval *ev, const struct ndarray *a, const struct ndarray *mask,
		   struct ndarray **out)
{
	const uint8_t *mp = (const uint8_t *)nd_data(mask);
	int64_t n = nd_size(mask), cnt = count_true(mp, n), shape[ND_MAXDIM], row = 1;
	int mnd = mask->ndim, isz = dt_size(a->dtype);
	struct ndarray *r;
	shape[0] = cnt;
	for (int k = mnd; k < a->ndim; k++)
		row *= shape[1 + k - mnd] = a->shape[k];
	if (!(r = nd_new(ev, nd_backend(a), a->dtype, 1 + a->ndim - mnd, shape)))
		return -1;
	const char *src = nd_data(a);
	char *dst = nd_data(r);
	if (cnt && row && nd_is_c_contiguous(a)) {
		int64_t rb = row * isz;
		switch (row == 1 ? isz : 0) {
		case 1: COMPRESS(uint8_t); break;
		case 2: COMPRESS(uint16_t); break;
		case 4: COMPRESS(uint32_t); break;
		case 8: COMPRESS(uint64_t); break;
		default:
			for (int64_t i = 0, w = 0; i < n; i++)
				if (mp[i])
					memcpy(dst + rb * w++, src + rb * i, rb);
		}
	} else if (cnt && row) {
		struct host_walk w;
		row_walk(&w, a, mnd, 1, 0);
		for (int64_t i = 0, k = 0; i < n; i++)
			if (mp[i])
				host_walk_copy(&w, dst + row * isz * k++, src + row_offset(a, mnd, i), isz);
	}
	*out = r;
	return 0;
}

#define FILLMASK(T) do { \
		T v; memcpy(&v, vp, sizeof v); T *d = (T *)dst; \
		for (int64_t i = 0; i < n; i++) if (mp[i]) d[i] = v; \
	} while (0)
#define EXPAND(T) do { \
		const T *v = (const T *)vp; T *d = (T *)dst; int64_t r = 0; \
		for (int64_t i = 0; i < n; i++) if (mp[i]) d[i] = v[r++]; \
	} while (0)

int host_mask_put(struct eval *ev, struct ndarray *a, const struct ndarray *mask,
		  const struct ndarray *vals)
{
	const uint8_t *mp = (const uint8_t *)nd_data(mask);
	int64_t n = nd_size(mask), row = 1;
	int mnd = mask->ndim, isz = dt_size(a->dtype), one = nd_size(vals) == 1;
	char *dst = nd_data(a);
	const char *vp = nd_data(vals);
	(void)ev;
	for (int k = mnd; k < a->ndim; k++)
		row *= a->shape[k];
	if (!row)
		return 0;
	if (row == 1 && nd_is_c_contiguous(a) && (isz == 1 || isz == 2 || isz == 4 || isz == 8)) {
		if (one) {
			switch (isz) {
			case 1: FILLMASK(uint8_t); break;
			case 2: FILLMASK(uint16_t); break;
			case 4: FILLMASK(uint32_t); break;
			default: FILLMASK(uint64_t); break;
			}
		} else {
			switch (isz) {
			case 1: EXPAND(uint8_t); break;
			case 2: EXPAND(uint16_t); break;
			case 4: EXPAND(uint32_t); break;
			default: EXPAND(uint64_t); break;
			}
		}
		return 0;
	}
	struct host_walk w;
	row_walk(&w, a, mnd, 0, one);
	for (int64_t i = 0, k = 0; i < n; i++)
		if (mp[i])
			host_walk_copy(&w, dst + row_offset(a, mnd, i), vp + (one ? 0 : row * isz * k++), isz);
	return 0;
}

/* ---- integer index arrays at consecutive axes ---- */

#define GATHER1(T) do { \
		T *d = (T *)dst; \
		for (int64_t i = 0; i < n; i++) { \
			int64_t v = ip[i]; \
			v += (v >> 63) & sz; \
			memcpy(&d[i], src + v * st, sizeof(T)); \
		} \
	} while (0)

/* Checks idx (n items) against size: -size <= i < size, else NumPy's
 * IndexError for axis.  A bounds pass the compiler vectorises first. */
static int check_bounds(struct eval *ev, const int64_t *ip, int64_t n, int64_t size, int axis)
{
	int64_t bad = 0;
	for (int64_t i = 0; i < n; i++) {
		int64_t v = ip[i];
		bad |= (uint64_t)(v + ((v >> 63) & size)) >= (uint64_t)size;
	}
	if (bad)
		for (int64_t i = 0; i < n; i++)
			if (ip[i] >= size || ip[i] < -size)
				return err_set(ev, TY_IndexError, "index %lld is out of bounds for axis %d with size %lld",
					       (long long)ip[i], axis, (long long)size), -1;
	return 0;
}

int host_take_index(struct eval *ev, const struct ndarray *view, int nidx,
		    const struct ndarray *const *idx, const int64_t *size, const int64_t *stride,
		    const int *axis, int pos, struct ndarray *out)
{
	int64_t n = nd_size(idx[0]), *off;
	int isz = dt_size(view->dtype);
	for (int k = 0; k < nidx; k++)
		if (check_bounds(ev, (const int64_t *)nd_data(idx[k]), n, size[k], axis[k]) < 0)
			return -1;
	if (nidx == 1 && view->ndim == 0 && (isz == 1 || isz == 2 || isz == 4 || isz == 8)) {
		/* x[idx] of a 1-d x: a tight gather, negative indices wrapped by a mask */
		const int64_t *ip = (const int64_t *)nd_data(idx[0]);
		const char *src = nd_data(view);
		char *dst = nd_data(out);
		int64_t sz = size[0], st = stride[0];
		switch (isz) {
		case 1: GATHER1(uint8_t); break;
		case 2: GATHER1(uint16_t); break;
		case 4: GATHER1(uint32_t); break;
		default: GATHER1(uint64_t); break;
		}
		return 0;
	}
	if (!(off = malloc(sizeof(int64_t) * (n ? n : 1))))
		return err_nomem(ev), -1;
	for (int64_t j = 0; j < n; j++) {
		int64_t o = 0;
		for (int k = 0; k < nidx; k++) {
			int64_t v = ((const int64_t *)nd_data(idx[k]))[j];
			o += (v < 0 ? v + size[k] : v) * stride[k];
		}
		off[j] = o;
	}
	host_gather(ev, view, off, n, pos, out);
	free(off);
	return 0;
}

int host_put_index(struct eval *ev, struct ndarray *a, const struct ndarray *idx,
		   const struct ndarray *vals, int mode)
{
	int64_t n = nd_size(a), k = nd_size(idx), nv = nd_size(vals);
	const int64_t *ip = (const int64_t *)nd_data(idx);
	int isz = dt_size(a->dtype);
	char *dst = nd_data(a);
	const char *src = nd_data(vals);
	if (!nd_is_c_contiguous(a) || idx->dtype != DT_INT64 || !nd_is_c_contiguous(idx)
	    || vals->dtype != a->dtype || !nd_is_c_contiguous(vals))
		return err_set(ev, TY_RuntimeError, "put_index: a, idx (int64) and vals (a's dtype) must be C-contiguous"), -1;
	if (nv == 0)
		return 0;
	if (n == 0 && k > 0)
		return err_set(ev, TY_IndexError, "cannot replace elements of an empty array"), -1;
	for (int64_t i = 0; i < k; i++) {
		int64_t v = ip[i];
		if (mode == 1) {
			v = ((v % n) + n) % n;
		} else if (mode == 2) {
			v = v < 0 ? 0 : v >= n ? n - 1 : v;
		} else if (v < -n || v >= n) {
			return err_set(ev, TY_IndexError, "index %lld is out of bounds for axis 0 with size %lld",
				       (long long)v, (long long)n), -1;
		} else if (v < 0) {
			v += n;
		}
		memcpy(dst + v * isz, src + (nv == 1 ? 0 : i % nv) * isz, isz);
	}
	return 0;
}
