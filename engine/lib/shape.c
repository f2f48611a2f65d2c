/*
 * shape.c — the strided copy engine of the arrays-shape areas: walks two
 * strided host operands (one dimension maybe indirect, for fancy indexing)
 * and copies items with fixed-size moves; plus assignment between arrays of
 * any layout and small shared helpers (see shape.h).
 *
 * Owns nothing.  Never casts by itself on the host: casts go through
 * arr_astype; device arrays go through their backend's copy.
 */
#include <stdio.h>
#include <string.h>
#include "lib/shape.h"
#include "backend/host/host.h"
#include "lang/args.h"
#include "lang/error.h"

/* Drops size-1 dims and merges dims that are contiguous in both operands so
 * the inner loop runs as long as possible. */
static void walk_simplify(struct shp_walk *w)
{
	int n = 0;
	int ind = -1;
	for (int k = 0; k < w->nd; k++) {
		if (w->shape[k] == 1 && k != w->ind)
			continue;
		if (n > 0 && k != w->ind && n - 1 != ind
		    && w->sstr[n - 1] == w->sstr[k] * w->shape[k]
		    && w->dstr[n - 1] == w->dstr[k] * w->shape[k]) {
			w->shape[n - 1] *= w->shape[k];
			w->sstr[n - 1] = w->sstr[k];
			w->dstr[n - 1] = w->dstr[k];
			continue;
		}
		if (k == w->ind)
			ind = n;
		w->shape[n] = w->shape[k];
		w->sstr[n] = w->sstr[k];
		w->dstr[n] = w->dstr[k];
		n++;
	}
	w->nd = n;
	w->ind = ind;
}

#define INNER_STRIDED(T) do { \
		if (ss == 0) { /* a broadcast value: a fill */ \
			T t; memcpy(&t, s, sizeof t); \
			if (ds == sizeof t) { \
				host_fill_run(d, &t, n, sizeof t); \
				return; \
			} \
			for (int64_t i = 0; i < n; i++, d += ds) \
				memcpy(d, &t, sizeof t); \
			return; \
		} \
		if (ds == sizeof(T)) { /* gather into a contiguous run */ \
			for (int64_t i = 0; i < n; i++) { \
				T t; memcpy(&t, s + i * ss, sizeof t); memcpy(d + i * sizeof t, &t, sizeof t); \
			} \
			return; \
		} \
		for (int64_t i = 0; i < n; i++) { \
			T t; memcpy(&t, s, sizeof t); memcpy(d, &t, sizeof t); \
			s += ss; d += ds; \
		} } while (0)
#define INNER_INDIRECT(T) do { \
		for (int64_t i = 0; i < n; i++) { \
			T t; \
			memcpy(&t, s + (so ? so[i] : i * ss), sizeof t); \
			memcpy(d + (dof ? dof[i] : i * ds), &t, sizeof t); \
		} } while (0)

struct item16 { uint64_t a, b; };

static void inner_copy(char *d, const char *s, int64_t n, int64_t ds, int64_t ss,
		       const int64_t *so, const int64_t *dof, int indirect, int isz)
{
	if (!indirect) {
		if (ds == isz && ss == isz) {
			memcpy(d, s, (size_t)(n * isz));
			return;
		}
		switch (isz) {
		case 1: INNER_STRIDED(uint8_t); return;
		case 2: INNER_STRIDED(uint16_t); return;
		case 4: INNER_STRIDED(uint32_t); return;
		case 8: INNER_STRIDED(uint64_t); return;
		case 16: INNER_STRIDED(struct item16); return;
		}
		for (int64_t i = 0; i < n; i++, s += ss, d += ds)
			memcpy(d, s, isz);
		return;
	}
	switch (isz) {
	case 1: INNER_INDIRECT(uint8_t); return;
	case 2: INNER_INDIRECT(uint16_t); return;
	case 4: INNER_INDIRECT(uint32_t); return;
	case 8: INNER_INDIRECT(uint64_t); return;
	case 16: INNER_INDIRECT(struct item16); return;
	}
	for (int64_t i = 0; i < n; i++)
		memcpy(d + (dof ? dof[i] : i * ds), s + (so ? so[i] : i * ss), isz);
}

void shp_walk_copy(const struct shp_walk *w0, char *dst, const char *src, int isz)
{
	struct shp_walk w = *w0;
	int64_t idx[ND_MAXDIM + 1] = {0};

	for (int k = 0; k < w.nd; k++)
		if (w.shape[k] == 0)
			return;
	walk_simplify(&w);
	if (w.nd == 0) {
		memcpy(dst, src, isz);
		return;
	}
	int last = w.nd - 1;
	for (;;) {
		const char *s = src;
		char *d = dst;
		for (int k = 0; k < last; k++) {
			if (k == w.ind) {
				s += w.soff ? w.soff[idx[k]] : idx[k] * w.sstr[k];
				d += w.doff ? w.doff[idx[k]] : idx[k] * w.dstr[k];
			} else {
				s += idx[k] * w.sstr[k];
				d += idx[k] * w.dstr[k];
			}
		}
		if (last == w.ind)
			inner_copy(d, s, w.shape[last], w.dstr[last], w.sstr[last],
				   w.soff, w.doff, 1, isz);
		else
			inner_copy(d, s, w.shape[last], w.dstr[last], w.sstr[last],
				   NULL, NULL, 0, isz);
		int k = last - 1;
		while (k >= 0 && ++idx[k] == w.shape[k])
			idx[k--] = 0;
		if (k < 0)
			break;
	}
}

/* A walk over two arrays of the same shape. */
static void walk_of(struct shp_walk *w, const struct ndarray *dst, const struct ndarray *src)
{
	w->nd = dst->ndim;
	w->ind = -1;
	w->soff = w->doff = NULL;
	for (int k = 0; k < dst->ndim; k++) {
		w->shape[k] = dst->shape[k];
		w->sstr[k] = src->strides[k];
		w->dstr[k] = dst->strides[k];
	}
}

struct ndarray *shp_copy(struct eval *ev, const struct ndarray *a)
{
	const struct backend *be = nd_backend(a);
	struct ndarray *out = nd_new(ev, be, a->dtype, a->ndim, a->shape);
	if (!out)
		return NULL;
	if (!be->device_memory) {
		struct shp_walk w;
		walk_of(&w, out, a);
		shp_walk_copy(&w, nd_data(out), nd_data(a), dt_size(a->dtype));
		return out;
	}
	if (!be->copy) {
		nd_decref(out);
		return err_set(ev, TY_NotImplementedError, "copy is not supported on %s", be->name);
	}
	if (be->copy(ev, out, a) < 0) {
		nd_decref(out);
		return NULL;
	}
	return out;
}

/* Whether b is exactly the view a (same items in the same places). */
static int same_view(const struct ndarray *a, const struct ndarray *b)
{
	if (a->dtype != b->dtype || a->offset != b->offset || a->ndim != b->ndim)
		return 0;
	for (int k = 0; k < a->ndim; k++)
		if (a->shape[k] != b->shape[k] || (a->shape[k] > 1 && a->strides[k] != b->strides[k]))
			return 0;
	return 1;
}

/* The byte range [lo, hi) a view of its buffer spans. */
static void extent(const struct ndarray *a, int64_t *lo, int64_t *hi)
{
	*lo = *hi = a->offset;
	for (int k = 0; k < a->ndim; k++) {
		int64_t span = (a->shape[k] - 1) * a->strides[k];
		if (a->shape[k] == 0) {
			*hi = *lo;
			return;
		}
		if (span < 0)
			*lo += span;
		else
			*hi += span;
	}
	*hi += dt_size(a->dtype);
}

/* Whether two views of one buffer may share bytes (their extents meet). */
static int extents_meet(const struct ndarray *a, const struct ndarray *b)
{
	int64_t alo, ahi, blo, bhi;
	extent(a, &alo, &ahi);
	extent(b, &blo, &bhi);
	return alo < bhi && blo < ahi;
}

int shp_assign(struct eval *ev, struct ndarray *dst, const struct ndarray *src)
{
	const struct backend *be = nd_backend(dst);
	struct ndarray *tmp = NULL;
	int rc = 0;

	if (nd_backend(src) != be) {
		tmp = arr_to_backend(ev, src, be);
		if (!tmp)
			return -1;
		src = tmp;
	} else if (src->buf == dst->buf && same_view(dst, src)) {
		return 0; /* a[k] += 1 stores a[k] onto itself */
	} else if (src->buf == dst->buf && extents_meet(dst, src)) {
		tmp = shp_copy(ev, src); /* may overlap: a[1:] = a[:-1] */
		if (!tmp)
			return -1;
		src = tmp;
	}
	if (!be->device_memory) {
		if (src->dtype != dst->dtype) {
			struct ndarray *c = arr_astype(ev, src, dst->dtype);
			nd_decref(tmp);
			if (!c)
				return -1;
			src = tmp = c;
		}
		struct shp_walk w;
		walk_of(&w, dst, src);
		shp_walk_copy(&w, nd_data(dst), nd_data(src), dt_size(dst->dtype));
	} else if (!be->copy) {
		err_set(ev, TY_NotImplementedError, "copy is not supported on %s", be->name);
		rc = -1;
	} else {
		rc = be->copy(ev, dst, src);
	}
	nd_decref(tmp);
	return rc;
}

/* Each of n items of isz bytes at s written k[i] times (k[0] for all when
 * nk == 1) from d on; returns the end. */
#define REPEAT_ITEMS(T) do { \
		const T *x = (const T *)s; \
		T *y = (T *)d; \
		for (int64_t i = 0; i < n; i++) { \
			T v = x[i]; \
			for (int64_t r = k[nk == 1 ? 0 : i]; r > 0; r--) \
				*y++ = v; \
		} \
		return (char *)y; } while (0)

static char *repeat_items(char *d, const char *s, int64_t n, const int64_t *k, int64_t nk, int isz)
{
	switch (isz) {
	case 1: REPEAT_ITEMS(uint8_t);
	case 2: REPEAT_ITEMS(uint16_t);
	case 4: REPEAT_ITEMS(uint32_t);
	case 8: REPEAT_ITEMS(uint64_t);
	}
	for (int64_t i = 0; i < n; i++, s += isz)
		for (int64_t r = k[nk == 1 ? 0 : i]; r > 0; r--, d += isz)
			memcpy(d, s, (size_t)isz);
	return d;
}

struct ndarray *shp_repeat(struct eval *ev, const struct ndarray *a0, int axis,
			   const int64_t *reps, int64_t nr, int64_t total)
{
	struct ndarray *a = nd_is_c_contiguous(a0) ? nd_incref((struct ndarray *)a0) : shp_copy(ev, a0);
	struct ndarray *out = NULL;
	int64_t sh[ND_MAXDIM], outer = 1, n, chunk;
	if (!a)
		return NULL;
	memcpy(sh, a->shape, sizeof(int64_t) * a->ndim);
	sh[axis] = total;
	out = nd_new(ev, nd_backend(a), a->dtype, a->ndim, sh);
	if (!out)
		goto done;
	n = a->shape[axis];
	chunk = dt_size(a->dtype);
	for (int k = 0; k < axis; k++)
		outer *= a->shape[k];
	for (int k = axis + 1; k < a->ndim; k++)
		chunk *= a->shape[k];
	{
		const char *s = nd_data(a);
		char *d = nd_data(out);
		for (int64_t o = 0; o < outer; o++) {
			if (chunk == dt_size(a->dtype)) { /* the last axis: items */
				d = repeat_items(d, s, n, reps, nr, (int)chunk);
				s += n * chunk;
				continue;
			}
			for (int64_t i = 0; i < n; i++, s += chunk)
				for (int64_t r = reps[nr == 1 ? 0 : i]; r > 0; r--, d += chunk)
					memcpy(d, s, (size_t)chunk);
		}
	}
done:
	nd_decref(a);
	return out;
}

struct ndarray *shp_array(struct eval *ev, const struct backend *be, struct value *v, int dtype)
{
	return arr_asarray(ev, be, v, dtype);
}

struct ndarray *shp_host_array(struct eval *ev, struct value *v, int dtype)
{
	struct ndarray *a = arr_borrow(v), *h, *c;
	if (!a)
		return arr_asarray(ev, &backend_host, v, dtype);
	h = arr_to_host(ev, a);
	if (!h || dtype < 0 || h->dtype == dtype)
		return h;
	c = arr_astype(ev, h, dtype);
	nd_decref(h);
	return c;
}

void shp_fmt_shape(char *buf, size_t n, int ndim, const int64_t *shape)
{
	size_t len = 0;
	len += snprintf(buf + len, n - len, "(");
	for (int i = 0; i < ndim && len < n; i++)
		len += snprintf(buf + len, n - len, i ? ", %lld" : "%lld", (long long)shape[i]);
	if (ndim == 1 && len < n)
		len += snprintf(buf + len, n - len, ",");
	if (len < n)
		snprintf(buf + len, n - len, ")");
}

int shp_int(struct eval *ev, struct value *v, int64_t def, int64_t *out)
{
	return args_int(ev, v, def, out);
}
