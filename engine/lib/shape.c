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

/* A walk over two arrays of the same shape. */
static void walk_of(struct host_walk *w, const struct ndarray *dst, const struct ndarray *src)
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
		struct host_walk w;
		walk_of(&w, out, a);
		host_walk_copy(&w, nd_data(out), nd_data(a), dt_size(a->dtype));
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
		struct host_walk w;
		walk_of(&w, dst, src);
		host_walk_copy(&w, nd_data(dst), nd_data(src), dt_size(dst->dtype));
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
