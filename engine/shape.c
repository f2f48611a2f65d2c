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
#include "shape.h"
#include "args.h"
#include "error.h"

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
	if (be->device == DEV_HOST) {
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
	} else if (src->buf == dst->buf) {
		tmp = shp_copy(ev, src); /* may overlap: a[1:] = a[:-1] */
		if (!tmp)
			return -1;
		src = tmp;
	}
	if (be->device == DEV_HOST) {
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
