/*
 * index.c — NumPy indexing, read and write: a[key] and a[key] = x for basic
 * keys (ints, slices, ..., None: views sharing memory) and advanced keys
 * (integer and boolean arrays, broadcast together, NumPy's placement rule),
 * plus the index functions take put choose where compress extract select.
 *
 * Owns the arr_getitem / arr_setitem hooks of value.h.  Keys become
 * views, masks and index arrays on the array's backend (its mask_* and
 * take_index entries), or byte-offset tables for its gather / scatter.
 * Never evaluates anything: keys arrive as values.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/shape.h"
#include "lang/args.h"
#include "lang/error.h"
#include "ufunc/fpe.h"

#define IX_MAXITEMS 64

static const char ix_badindex[] =
	"only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) "
	"and integer or boolean arrays are valid indices";

enum ix_kind { IX_INT, IX_SLICE, IX_NEWAXIS, IX_ELLIPSIS, IX_ARRAY, IX_BOOL, IX_BOOL0 };

struct ix_item {
	enum ix_kind kind;
	int64_t i;             /* IX_INT value, IX_BOOL0 value */
	struct value *sl;      /* IX_SLICE, borrowed */
	struct ndarray *arr;   /* IX_ARRAY int64 / IX_BOOL bool, host, owned */
};

struct ix_key {
	int n;
	struct ix_item it[IX_MAXITEMS];
	int has_adv, has_ellipsis, has_newaxis, nints, consumed;
};

/* An advanced index reduced to byte offsets: shape (ndim, shape), values
 * C-contiguous in off (malloc'd). */
struct ix_adv {
	int ndim;
	int64_t shape[ND_MAXDIM];
	int64_t *off;
};

/* What a key selects from an array. */
struct ix_plan {
	struct ndarray *view;          /* owned: the basic dims */
	int scalar;                    /* full integer index */
	int adv;                       /* advanced indexing */
	int pos;                       /* where the broadcast dims go in the result */
	int bnd;
	int64_t bshape[ND_MAXDIM];
	int64_t nb;
	int64_t *off;                  /* malloc'd, nb byte offsets */
	int ond;
	int64_t oshape[ND_MAXDIM];     /* the result's shape */
	int single_mask;               /* key is one bool array of a's ndim */
};

static void key_clear(struct ix_key *k)
{
	for (int i = 0; i < k->n; i++)
		nd_decref(k->it[i].arr);
	k->n = 0;
}

static void plan_clear(struct ix_plan *p)
{
	nd_decref(p->view);
	free(p->off);
	p->view = NULL;
	p->off = NULL;
}

/* ---- reading the key ---- */

static int is_intdt(int dt) { return dt_is_int(dt); }

static int64_t nd_size_of(int nd, const int64_t *shape)
{
	int64_t n = 1;
	for (int i = 0; i < nd; i++)
		n *= shape[i];
	return n;
}

/* A host int64 or bool array from an ndarray index. */
static int item_of_array(struct eval *ev, struct ndarray *a, struct ix_item *it, int from_seq)
{
	struct ndarray *h = NULL;
	if (a->dtype == DT_BOOL) {
		h = arr_to_host(ev, a);
		if (!h)
			return -1;
		if (a->ndim == 0) {
			it->kind = IX_BOOL0;
			it->i = *(uint8_t *)nd_data(h) != 0;
			nd_decref(h);
			return 0;
		}
		if (!nd_is_c_contiguous(h)) {
			struct ndarray *c = shp_copy(ev, h);
			nd_decref(h);
			if (!c)
				return -1;
			h = c;
		}
		it->kind = IX_BOOL;
		it->arr = h;
		return 0;
	}
	if (!is_intdt(a->dtype)) {
		if (from_seq)
			err_set(ev, TY_IndexError, "%s", ix_badindex);
		else
			err_set(ev, TY_IndexError, "arrays used as indices must be of integer (or boolean) type");
		return -1;
	}
	if (!(h = arr_to_host(ev, a)))   /* the key as host offsets (cuda_fallback.c: FB_INDEX_ARRAYS) */
		return -1;
	if (h->dtype != DT_INT64 || !nd_is_c_contiguous(h)) {
		struct ndarray *c = arr_astype(ev, h, DT_INT64);
		nd_decref(h);
		if (!c)
			return -1;
		h = c;
		if (!nd_is_c_contiguous(h)) {
			c = shp_copy(ev, h);
			nd_decref(h);
			if (!c)
				return -1;
			h = c;
		}
	}
	if (h->ndim == 0 && !from_seq) {
		it->kind = IX_INT;
		it->i = *(int64_t *)nd_data(h);
		nd_decref(h);
		return 0;
	}
	it->kind = IX_ARRAY;
	it->arr = h;
	return 0;
}

static int item_of(struct eval *ev, struct value *v, struct ix_item *it)
{
	memset(it, 0, sizeof *it);
	switch (v->type) {
	case VT_NONE:
		it->kind = IX_NEWAXIS;
		return 0;
	case VT_ELLIPSIS:
		it->kind = IX_ELLIPSIS;
		return 0;
	case VT_SLICE:
		it->kind = IX_SLICE;
		it->sl = v;
		return 0;
	case VT_BOOL:
		it->kind = IX_BOOL0;
		it->i = v->u.i != 0;
		return 0;
	case VT_INT:
		it->kind = IX_INT;
		it->i = v->u.i;
		return 0;
	case VT_SCALAR:
		if (v->u.sc.dtype == DT_BOOL) {
			it->kind = IX_BOOL0;
			it->i = v->u.sc.v.b != 0;
			return 0;
		}
		if (is_intdt(v->u.sc.dtype)) {
			it->kind = IX_INT;
			if (dtype_table[v->u.sc.dtype].kind == DK_UINT)
				it->i = (int64_t)v->u.sc.v.u;
			else
				it->i = v->u.sc.v.i;
			return 0;
		}
		break;
	case VT_NDARRAY:
		return item_of_array(ev, v->u.arr, it, 0);
	case VT_LIST:
	case VT_TUPLE:
	case VT_RANGE: {
		struct ndarray *a;
		if ((v->type != VT_RANGE && v->u.seq.n == 0)
		    || (v->type == VT_RANGE && val_len(ev, v) == 0)) {
			int64_t zero = 0;
			a = nd_new(ev, &backend_host, DT_INT64, 1, &zero);
			if (!a)
				return -1;
			it->kind = IX_ARRAY;
			it->arr = a;
			return 0;
		}
		a = arr_asarray(ev, &backend_host, v, -1);
		if (!a) {
			/* a list of slices or other junk: NumPy's message */
			struct value *e = err_fetch(ev);
			val_decref(e);
			err_set(ev, TY_IndexError, "%s", ix_badindex);
			return -1;
		}
		int rc = item_of_array(ev, a, it, 1);
		nd_decref(a);
		return rc;
	}
	default:
		break;
	}
	err_set(ev, TY_IndexError, "%s", ix_badindex);
	return -1;
}

static int key_parse(struct eval *ev, struct value *key, int ndim, struct ix_key *k)
{
	struct value **items = &key;
	int n = 1;
	memset(k, 0, sizeof *k);
	if (key->type == VT_TUPLE) {
		items = key->u.seq.items;
		n = (int)key->u.seq.n;
		if (key->u.seq.n > IX_MAXITEMS)
			return err_set(ev, TY_IndexError, "too many indices for array: "
				       "array is %d-dimensional, but %d were indexed",
				       ndim, (int)key->u.seq.n), -1;
	}
	for (int i = 0; i < n; i++) {
		struct ix_item *it = &k->it[i];
		if (item_of(ev, items[i], it) < 0) {
			key_clear(k);
			return -1;
		}
		k->n = i + 1;
		switch (it->kind) {
		case IX_INT:
			k->nints++;
			k->consumed++;
			break;
		case IX_SLICE:
			k->consumed++;
			break;
		case IX_ARRAY:
			k->has_adv = 1;
			k->consumed++;
			break;
		case IX_BOOL:
			k->has_adv = 1;
			k->consumed += it->arr->ndim;
			break;
		case IX_BOOL0:
			k->has_adv = 1;
			break;
		case IX_NEWAXIS:
			k->has_newaxis = 1;
			break;
		case IX_ELLIPSIS:
			if (k->has_ellipsis) {
				key_clear(k);
				err_set(ev, TY_IndexError, "an index can only have a single ellipsis ('...')");
				return -1;
			}
			k->has_ellipsis = 1;
			break;
		}
	}
	if (k->consumed > ndim) {
		key_clear(k);
		err_set(ev, TY_IndexError, "too many indices for array: array is "
			"%d-dimensional, but %d were indexed", ndim, k->consumed);
		return -1;
	}
	return 0;
}

/* Python's slice.indices(len): start, step and the number of items. */
static int slice_part(struct eval *ev, struct value *v, int64_t *out, int *none)
{
	*none = 0;
	switch (v->type) {
	case VT_NONE:
		*none = 1;
		return 0;
	case VT_INT:
	case VT_BOOL:
		*out = v->u.i;
		return 0;
	case VT_SCALAR:
		if (is_intdt(v->u.sc.dtype) || v->u.sc.dtype == DT_BOOL)
			return val_as_int64(ev, v, out);
		break;
	case VT_NDARRAY:
		if (v->u.arr->ndim == 0 && is_intdt(v->u.arr->dtype))
			return val_as_int64(ev, v, out);
		break;
	default:
		break;
	}
	err_set(ev, TY_TypeError, "slice indices must be integers or None or have an __index__ method");
	return -1;
}

static int ix_slice_indices(struct eval *ev, const struct slice *s, int64_t len,
			 int64_t *start, int64_t *step, int64_t *n)
{
	int64_t b, e, st;
	int nb, ne, ns;
	if (slice_part(ev, s->step, &st, &ns) < 0 || slice_part(ev, s->start, &b, &nb) < 0
	    || slice_part(ev, s->stop, &e, &ne) < 0)
		return -1;
	if (ns)
		st = 1;
	if (st == 0) {
		err_set(ev, TY_ValueError, "slice step cannot be zero");
		return -1;
	}
	if (nb) {
		b = st > 0 ? 0 : len - 1;
	} else {
		if (b < 0)
			b += len;
		if (b < 0)
			b = st > 0 ? 0 : -1;
		if (b >= len)
			b = st > 0 ? len : len - 1;
	}
	if (ne) {
		e = st > 0 ? len : -1;
	} else {
		if (e < 0)
			e += len;
		if (e < 0)
			e = st > 0 ? 0 : -1;
		if (e >= len)
			e = st > 0 ? len : len - 1;
	}
	if (st > 0)
		*n = e > b ? (e - b + st - 1) / st : 0;
	else
		*n = b > e ? (b - e - st - 1) / (-st) : 0;
	*start = b;
	*step = st;
	return 0;
}

static int check_bound(struct eval *ev, int64_t *i, int64_t size, int axis)
{
	int64_t v = *i;
	if (v < -size || v >= size) {
		err_set(ev, TY_IndexError, "index %lld is out of bounds for axis %d with size %lld",
			(long long)v, axis, (long long)size);
		return -1;
	}
	if (v < 0)
		*i = v + size;
	return 0;
}

/* ---- building the plan ---- */

static int adv_from_ints(struct eval *ev, struct ix_adv *ad, const struct ndarray *idx,
			 int64_t size, int64_t stride, int axis)
{
	int64_t n = nd_size(idx);
	const int64_t *p = (const int64_t *)nd_data(idx);
	ad->ndim = idx->ndim;
	memcpy(ad->shape, idx->shape, sizeof(int64_t) * idx->ndim);
	ad->off = malloc(sizeof(int64_t) * (n ? n : 1));
	if (!ad->off)
		return err_nomem(ev), -1;
	for (int64_t i = 0; i < n; i++) {
		int64_t v = p[i];
		if (v < 0)
			v += size;
		if (v < 0 || v >= size) {
			err_set(ev, TY_IndexError, "index %lld is out of bounds for axis %d with size %lld",
				(long long)p[i], axis, (long long)size);
			return -1;
		}
		ad->off[i] = v * stride;
	}
	return 0;
}

static int adv_from_mask(struct eval *ev, struct ix_adv *ad, const struct ndarray *m,
			 const struct ndarray *a, int d)
{
	int k = m->ndim;
	int64_t n = nd_size(m), cnt = 0;
	const uint8_t *p = (const uint8_t *)nd_data(m);
	for (int j = 0; j < k; j++)
		if (m->shape[j] != a->shape[d + j]) {
			err_set(ev, TY_IndexError, "boolean index did not match indexed array along "
				"axis %d; size of axis is %lld but size of corresponding boolean axis is %lld",
				d + j, (long long)a->shape[d + j], (long long)m->shape[j]);
			return -1;
		}
	for (int64_t i = 0; i < n; i++)
		cnt += p[i] != 0;
	ad->ndim = 1;
	ad->shape[0] = cnt;
	ad->off = malloc(sizeof(int64_t) * (cnt ? cnt : 1));
	if (!ad->off)
		return err_nomem(ev), -1;
	int64_t idx[ND_MAXDIM] = {0}, o = 0, w = 0;
	for (int64_t i = 0; i < n; i++) {
		if (p[i])
			ad->off[w++] = o;
		for (int j = k - 1; j >= 0; j--) {
			o += a->strides[d + j];
			if (++idx[j] < m->shape[j])
				break;
			o -= a->strides[d + j] * m->shape[j];
			idx[j] = 0;
		}
	}
	return 0;
}

static int bcast_shapes(struct eval *ev, int n, struct ix_adv *ad, int *bnd, int64_t *bshape)
{
	int nd = 0;
	for (int i = 0; i < n; i++)
		if (ad[i].ndim > nd)
			nd = ad[i].ndim;
	for (int j = 0; j < nd; j++)
		bshape[j] = 1;
	for (int i = 0; i < n; i++) {
		for (int j = 0; j < ad[i].ndim; j++) {
			int64_t s = ad[i].shape[j];
			int64_t *b = &bshape[nd - ad[i].ndim + j];
			if (s == *b || s == 1)
				continue;
			if (*b == 1) {
				*b = s;
				continue;
			}
			char msg[1024];
			size_t len = 0;
			len += snprintf(msg, sizeof msg, "shape mismatch: indexing arrays could not be broadcast together with shapes ");
			for (int q = 0; q < n && len < sizeof msg; q++) {
				char sh[256];
				shp_fmt_shape(sh, sizeof sh, ad[q].ndim, ad[q].shape);
				/* NumPy writes (2,3) without spaces here */
				char *w = sh;
				for (char *r = sh; *r; r++)
					if (*r != ' ')
						*w++ = *r;
				*w = 0;
				len += snprintf(msg + len, sizeof msg - len, "%s ", sh);
			}
			err_set(ev, TY_IndexError, "%s", msg);
			return -1;
		}
	}
	*bnd = nd;
	return 0;
}

/* The broadcast sum of the advanced offsets over bshape. */
static int combine(struct eval *ev, int n, struct ix_adv *ad, struct ix_plan *p)
{
	int64_t nb = 1;
	for (int j = 0; j < p->bnd; j++)
		nb *= p->bshape[j];
	p->nb = nb;
	p->off = calloc(nb ? nb : 1, sizeof(int64_t));
	if (!p->off)
		return err_nomem(ev), -1;
	for (int i = 0; i < n; i++) {
		struct ix_adv *a = &ad[i];
		int same = a->ndim == p->bnd;
		for (int j = 0; same && j < a->ndim; j++)
			same = a->shape[j] == p->bshape[j];
		if (same) {
			for (int64_t b = 0; b < nb; b++)
				p->off[b] += a->off[b];
			continue;
		}
		if (a->ndim == 0 || nd_size_of(a->ndim, a->shape) == 1) {
			int64_t o = a->off[0];
			for (int64_t b = 0; b < nb; b++)
				p->off[b] += o;
			continue;
		}
		int64_t st[ND_MAXDIM], idx[ND_MAXDIM] = {0}, s = 1, pos = 0;
		int lead = p->bnd - a->ndim;
		for (int j = p->bnd - 1; j >= 0; j--) {
			if (j < lead || a->shape[j - lead] == 1) {
				st[j] = 0;
			} else {
				st[j] = s;
				s *= a->shape[j - lead];
			}
		}
		for (int64_t b = 0; b < nb; b++) {
			p->off[b] += a->off[pos];
			for (int j = p->bnd - 1; j >= 0; j--) {
				pos += st[j];
				if (++idx[j] < p->bshape[j])
					break;
				pos -= st[j] * p->bshape[j];
				idx[j] = 0;
			}
		}
	}
	return 0;
}

/* Applies the parsed key k to a: the basic view and, for advanced keys,
 * the offsets and the result's shape. */
static int plan_build(struct eval *ev, const struct ndarray *a, struct ix_key *k,
		      struct ix_plan *p)
{
	int64_t vshape[ND_MAXDIM], vstr[ND_MAXDIM], off = a->offset;
	int vnd = 0, d = 0, nadv = 0, state = 0, rc = -1;
	struct ix_adv *ad = NULL;

	memset(p, 0, sizeof *p);
	p->pos = -1;
	if (k->has_adv) {
		ad = calloc(IX_MAXITEMS + ND_MAXDIM, sizeof *ad);
		if (!ad)
			return err_nomem(ev), -1;
	}
	for (int i = 0; i < k->n; i++) {
		struct ix_item *it = &k->it[i];
		int is_adv = 0;
		switch (it->kind) {
		case IX_INT: {
			int64_t v = it->i;
			if (check_bound(ev, &v, a->shape[d], d) < 0)
				goto out;
			if (k->has_adv) {
				ad[nadv].ndim = 0;
				ad[nadv].off = malloc(sizeof(int64_t));
				if (!ad[nadv].off) {
					err_nomem(ev);
					goto out;
				}
				ad[nadv++].off[0] = v * a->strides[d];
				is_adv = 1;
			} else {
				off += v * a->strides[d];
			}
			d++;
			break;
		}
		case IX_SLICE: {
			int64_t start, step, n;
			if (ix_slice_indices(ev, &it->sl->u.slice, a->shape[d], &start, &step, &n) < 0)
				goto out;
			if (vnd >= ND_MAXDIM)
				goto toomany;
			if (n > 0)
				off += start * a->strides[d];
			vshape[vnd] = n;
			vstr[vnd++] = step * a->strides[d];
			d++;
			break;
		}
		case IX_NEWAXIS:
			if (vnd >= ND_MAXDIM)
				goto toomany;
			vshape[vnd] = 1;
			vstr[vnd++] = 0;
			break;
		case IX_ELLIPSIS: {
			int fill = a->ndim - k->consumed;
			for (int j = 0; j < fill; j++, d++) {
				if (vnd >= ND_MAXDIM)
					goto toomany;
				vshape[vnd] = a->shape[d];
				vstr[vnd++] = a->strides[d];
				if (state == 1)
					state = 2;
			}
			continue;
		}
		case IX_ARRAY:
			if (adv_from_ints(ev, &ad[nadv++], it->arr, a->shape[d], a->strides[d], d) < 0)
				goto out;
			d++;
			is_adv = 1;
			break;
		case IX_BOOL:
			if (adv_from_mask(ev, &ad[nadv++], it->arr, a, d) < 0)
				goto out;
			d += it->arr->ndim;
			is_adv = 1;
			break;
		case IX_BOOL0:
			ad[nadv].ndim = 1;
			ad[nadv].shape[0] = it->i ? 1 : 0;
			ad[nadv].off = calloc(1, sizeof(int64_t));
			if (!ad[nadv++].off) {
				err_nomem(ev);
				goto out;
			}
			is_adv = 1;
			break;
		}
		if (is_adv) {
			if (state == 0) {
				p->pos = vnd;
				state = 1;
			} else if (state == 2) {
				state = 3;
			}
		} else if (state == 1) {
			state = 2;
		}
	}
	for (; d < a->ndim; d++) {
		if (vnd >= ND_MAXDIM)
			goto toomany;
		vshape[vnd] = a->shape[d];
		vstr[vnd++] = a->strides[d];
	}
	p->view = nd_view(ev, a, a->dtype, vnd, vshape, vstr, off);
	if (!p->view)
		goto out;
	if (!k->has_adv) {
		p->scalar = !k->has_ellipsis && !k->has_newaxis && k->nints == a->ndim;
		p->ond = vnd;
		memcpy(p->oshape, vshape, sizeof(int64_t) * vnd);
		rc = 0;
		goto out;
	}
	p->adv = 1;
	if (state == 3)
		p->pos = 0;
	if (bcast_shapes(ev, nadv, ad, &p->bnd, p->bshape) < 0 || combine(ev, nadv, ad, p) < 0)
		goto out;
	p->ond = vnd + p->bnd;
	if (p->ond > ND_MAXDIM)
		goto toomany;
	memcpy(p->oshape, vshape, sizeof(int64_t) * p->pos);
	memcpy(p->oshape + p->pos, p->bshape, sizeof(int64_t) * p->bnd);
	memcpy(p->oshape + p->pos + p->bnd, vshape + p->pos, sizeof(int64_t) * (vnd - p->pos));
	p->single_mask = k->n == 1 && k->it[0].kind == IX_BOOL && k->it[0].arr->ndim == a->ndim;
	rc = 0;
	goto out;
toomany:
	err_set(ev, TY_IndexError, "too many indices for array: the result would have more than %d dimensions", ND_MAXDIM);
out:
	if (ad) {
		for (int i = 0; i < nadv; i++)
			free(ad[i].off);
		free(ad);
	}
	if (rc < 0)
		plan_clear(p);
	return rc;
}

/* ---- a[key] ---- */

static struct ndarray *gather(struct eval *ev, const struct ix_plan *p)
{
	const struct ndarray *v = p->view;
	const struct backend *be = nd_backend(v);
	struct ndarray *out = nd_new(ev, be, v->dtype, p->ond, p->oshape);
	if (!out)
		return NULL;
	if (be->gather(ev, v, p->off, p->nb, p->pos, out) < 0) {
		nd_decref(out);
		return NULL;
	}
	return out;
}

static struct ndarray *value_for(struct eval *ev, const struct ndarray *a, struct value *x,
				 int nd, const int64_t *shape, int adv, int single_mask, int element);

/* ---- keys on a's backend: a mask of a's leading dims, index arrays at
 * consecutive axes (x[idx], x[:, idx], ...) -- the backend's mask_* /
 * take_index read them where they lie, no offsets on the host.  Returns 1
 * when it handled the key (result in *out / assignment done), 0 to take
 * the general path, -1 on error. ---- */

/* a bool key over a's leading dims on a's backend, C-contiguous (new
 * reference), or NULL (*err: an error is set). */
static struct ndarray *dev_mask(struct eval *ev, const struct ndarray *a, struct value *key, int *err)
{
	struct ndarray *m = arr_borrow(key);
	*err = 0;
	if (!m || m->dtype != DT_BOOL || m->ndim < 1 || m->ndim > a->ndim || nd_backend(m) != nd_backend(a))
		return NULL;
	for (int i = 0; i < m->ndim; i++)
		if (m->shape[i] != a->shape[i])
			return NULL;   /* the general path raises NumPy's error */
	if (nd_is_c_contiguous(m))
		return nd_incref(m);
	if (!(m = arr_contiguous(ev, m)))
		*err = 1;
	return m;
}

static int is_full_slice(const struct value *v)
{
	const struct slice *s = &v->u.slice;
	return v->type == VT_SLICE && (!s->start || s->start->type == VT_NONE)
		&& (!s->stop || s->stop->type == VT_NONE) && (!s->step || s->step->type == VT_NONE);
}

/* x[idx], x[:, idx], x[i, j], x[:, i, j, :]: full slices around integer
 * arrays on a's device at consecutive axes (their broadcast dims take the
 * first one's place).  Anything else: 0. */
static int dev_take(struct eval *ev, struct ndarray *a, struct value *key, struct value **out)
{
	const struct backend *be = nd_backend(a);
	struct value *const *items = &key;
	int n = 1, first = -1, nk = 0, bnd = 0, rc = -1, axes[8];
	struct ndarray *idx[8] = {NULL}, *view = NULL, *res = NULL;
	int64_t vshape[ND_MAXDIM], vstr[ND_MAXDIM], oshape[ND_MAXDIM], bshape[ND_MAXDIM];
	int64_t sizes[8], strides[8];

	if (key->type == VT_TUPLE) {
		items = key->u.seq.items;
		n = (int)key->u.seq.n;
	}
	if (n > a->ndim)
		return 0;
	for (int i = 0; i < n; i++) {
		struct ndarray *k = arr_borrow(items[i]);
		if (k && dt_is_int(k->dtype) && k->dtype != DT_UINT64 && k->ndim >= 1 && nd_backend(k) == be) {
			if (nk == 8 || (nk && first + nk != i))
				return 0;   /* separated arrays: NumPy's other placement */
			if (!nk)
				first = i;
			axes[nk] = i;
			idx[nk++] = k;
		} else if (!is_full_slice(items[i])) {
			return 0;
		}
	}
	if (!nk)
		return 0;
	/* the arrays' broadcast shape; a mismatch is the general path's error */
	for (int k = 0; k < nk; k++)
		bnd = idx[k]->ndim > bnd ? idx[k]->ndim : bnd;
	if (a->ndim - nk + bnd > ND_MAXDIM)
		return 0;
	for (int j = 0; j < bnd; j++)
		bshape[j] = 1;
	for (int k = 0; k < nk; k++)
		for (int j = 0; j < idx[k]->ndim; j++) {
			int64_t sz = idx[k]->shape[j], *b = &bshape[bnd - idx[k]->ndim + j];
			if (sz != *b && sz != 1 && *b != 1)
				return 0;
			if (*b == 1)
				*b = sz;
		}
	for (int k = 0; k < nk; k++)
		idx[k] = NULL;
	for (int k = 0; k < nk; k++) {
		struct ndarray *t = arr_borrow(items[axes[k]]), *u;
		t = t->dtype != DT_INT64 ? arr_astype(ev, t, DT_INT64) : nd_incref(t);
		if (!t)
			goto out;
		u = arr_broadcast_to(ev, t, bnd, bshape);
		nd_decref(t);
		if (!u)
			goto out;
		idx[k] = nd_is_c_contiguous(u) ? nd_incref(u) : arr_contiguous(ev, u);
		nd_decref(u);
		if (!idx[k])
			goto out;
		sizes[k] = a->shape[axes[k]];
		strides[k] = a->strides[axes[k]];
	}
	int vnd = 0;
	for (int i = 0; i < a->ndim; i++)
		if (i < first || i >= first + nk) {
			vshape[vnd] = a->shape[i];
			vstr[vnd++] = a->strides[i];
		}
	memcpy(oshape, a->shape, sizeof(int64_t) * first);
	memcpy(oshape + first, bshape, sizeof(int64_t) * bnd);
	memcpy(oshape + first + bnd, a->shape + first + nk, sizeof(int64_t) * (a->ndim - first - nk));
	if (!(view = nd_view(ev, a, a->dtype, vnd, vshape, vstr, a->offset))
	    || !(res = nd_new(ev, be, a->dtype, vnd + bnd, oshape))
	    || be->take_index(ev, view, nk, (const struct ndarray *const *)idx, sizes, strides, axes,
			      first, res) < 0)
		goto out;
	*out = arr_wrap(ev, res);
	res = NULL;
	rc = *out ? 1 : -1;
out:
	for (int k = 0; k < nk; k++)
		nd_decref(idx[k]);
	nd_decref(res);
	nd_decref(view);
	return rc;
}

static int dev_get(struct eval *ev, struct ndarray *a, struct value *key, struct value **out)
{
	const struct backend *be = nd_backend(a);
	struct ndarray *m, *res = NULL;
	int err;
	if (!(m = dev_mask(ev, a, key, &err)))
		return err ? -1 : dev_take(ev, a, key, out);
	err = be->mask_take(ev, a, m, &res);
	nd_decref(m);
	if (err < 0)
		return -1;
	*out = arr_wrap(ev, res);
	return *out ? 1 : -1;
}

static int dev_set(struct eval *ev, struct ndarray *a, struct value *key, struct value *x)
{
	const struct backend *be = nd_backend(a);
	struct ndarray *m, *xa = arr_borrow(x), *v = NULL;
	int err, rc = -1;
	if (!(m = dev_mask(ev, a, key, &err)))
		return err ? -1 : 0;
	if (m->buf == a->buf) {   /* b[b] = ...: the mask as it was before */
		struct ndarray *c = shp_copy(ev, m);
		nd_decref(m);
		if (!(m = c))
			return -1;
	}
	if (xa ? xa->ndim == 0 : x->type != VT_LIST && x->type != VT_TUPLE) {
		/* one value broadcast: no count needed */
		struct ndarray *t = xa ? (nd_backend(xa) == be ? nd_incref(xa) : arr_to_backend(ev, xa, be))
			: idx_value_check(ev, a->dtype, x) < 0 ? NULL : arr_asarray(ev, be, x, a->dtype);
		if (t && t->dtype != a->dtype) {
			v = arr_astype(ev, t, a->dtype);
			nd_decref(t);
		} else {
			v = t;
		}
	} else {
		int64_t count, oshape[ND_MAXDIM];
		struct ndarray *b;
		if (be->mask_count(ev, m, &count) < 0)
			goto out;
		oshape[0] = count;
		memcpy(oshape + 1, a->shape + m->ndim, sizeof(int64_t) * (a->ndim - m->ndim));
		if (!(b = value_for(ev, a, x, a->ndim - m->ndim + 1, oshape, 1, m->ndim == a->ndim, 0)))
			goto out;
		/* always a fresh copy: the values may alias a */
		v = b->dtype != a->dtype ? arr_astype(ev, b, a->dtype) : shp_copy(ev, b);
		nd_decref(b);
		if (v && !nd_is_c_contiguous(v)) {
			struct ndarray *c = arr_contiguous(ev, v);
			nd_decref(v);
			v = c;
		}
	}
	if (v)
		rc = be->mask_put(ev, a, m, v) < 0 ? -1 : 1;
out:
	nd_decref(v);
	nd_decref(m);
	return rc;
}

struct value *idx_get(struct eval *ev, struct ndarray *a, struct value *key)
{
	struct ix_key k;
	struct ix_plan p;
	struct ndarray *res;
	struct value *fast = NULL;
	int f = dev_get(ev, a, key, &fast);

	if (f)
		return f < 0 ? NULL : fast;
	if (key_parse(ev, key, a->ndim, &k) < 0)
		return NULL;
	int rc = plan_build(ev, a, &k, &p);
	key_clear(&k);
	if (rc < 0)
		return NULL;
	if (!p.adv) {
		struct value *r;
		if (p.scalar && !arr_is_cupy(nd_backend(a)))
			r = arr_scalar_at(ev, p.view, nd_data(p.view));
		else
			r = arr_wrap(ev, nd_incref(p.view));
		plan_clear(&p);
		return r;
	}
	res = gather(ev, &p);
	plan_clear(&p);
	return res ? arr_wrap(ev, res) : NULL;
}

/* the item of a host NumPy vector that x[i] (i a Python int in range)
 * names, for the fast paths of a loop over x[i]; NULL otherwise */
static char *vec_item(const struct ndarray *a, const struct value *key)
{
	if (key->type != VT_INT || a->ndim != 1 || a->sub != ND_PLAIN || a->dtype < 0 || a->dtype >= DT_COUNT
	    || (a->flags & ND_UNALIGNED) || arr_is_cupy(nd_backend(a)))
		return NULL;
	int64_t i = key->u.i, n = a->shape[0];
	if (i < 0)
		i += n;
	if (i < 0 || i >= n)
		return NULL;
	return nd_data(a) + i * a->strides[0];
}

struct value *arr_getitem(struct eval *ev, struct value *v, struct value *key)
{
	if (v->type == VT_NDARRAY) {
		const struct ndarray *a = arr_borrow(v);
		char *p = a ? vec_item(a, key) : NULL;
		if (p) {
			struct npscalar sc;
			arr_scalar_load(a->dtype, p, &sc);
			return val_scalar(a->dtype, sc.v);
		}
	}
	if (v->type == VT_SCALAR) {
		if (key->type == VT_TUPLE && key->u.seq.n == 0)
			return val_incref(v);
		if (key->type == VT_ELLIPSIS) {
			struct ndarray *a = arr_asarray(ev, &backend_host, v, -1);
			return a ? arr_wrap(ev, a) : NULL;
		}
		return err_set(ev, TY_IndexError, "invalid index to scalar variable.");
	}
	struct ndarray *a = arr_borrow(v);
	if (!a)
		return err_set(ev, TY_TypeError, "'%s' object is not subscriptable", val_type_name(v));
	if (a->sub == ND_MATRIX)
		return arr_matrix_item(ev, key, idx_get(ev, a, key));
	return idx_get(ev, a, key);
}

/* ---- a[key] = x ---- */

/* (shape.h) */
int idx_value_check(struct eval *ev, int dt, const struct value *x)
{
	if (x->type == VT_LIST || x->type == VT_TUPLE) {
		for (size_t i = 0; i < x->u.seq.n; i++)
			if (idx_value_check(ev, dt, x->u.seq.items[i]) < 0)
				return -1;
		return 0;
	}
	if (dt_is_complex(dt) || dt == DT_BOOL)
		return 0;
	if (x->type == VT_COMPLEX)
		return err_set(ev, TY_TypeError, dt_is_int(dt) ?
			       "int() argument must be a string, a bytes-like object or a real number, not 'complex'" :
			       "float() argument must be a string or a real number, not 'complex'"), -1;
	if (x->type == VT_SCALAR)
		fpe_complex_cast(ev, x->u.sc.dtype, dt);
	return 0;
}

/* x as an array of a's dtype on a's backend, broadcast to (nd, shape) with
 * NumPy's assignment rule (leading size-1 dims of an array x may be
 * dropped; a list may not have more dims than the target).  element: the
 * key is a full integer index, where only a scalar or a 0-d array fits. */
static struct ndarray *value_for(struct eval *ev, const struct ndarray *a, struct value *x,
				 int nd, const int64_t *shape, int adv, int single_mask, int element)
{
	struct ndarray *xa = arr_borrow(x), *t = NULL, *b;
	const struct backend *be = nd_backend(a);
	int seq = x->type == VT_LIST || x->type == VT_TUPLE;
	if (xa) {
		t = nd_incref(xa);
		if (nd_backend(t) != be) {
			struct ndarray *c = arr_to_backend(ev, t, be);
			nd_decref(t);
			if (!(t = c))
				return NULL;
		}
		/* the cast happens in shp_assign / below */
	} else {
		if (element && seq)
			return err_set(ev, TY_ValueError, "setting an array element with a sequence.");
		if (idx_value_check(ev, a->dtype, x) < 0)
			return NULL;
		t = arr_asarray(ev, be, x, a->dtype);
		if (!t)
			return NULL;
	}
	if (element && t->ndim > 0) {
		nd_decref(t);
		return err_set(ev, TY_ValueError, "setting an array element with a sequence.");
	}
	if (seq && !adv && !single_mask && t->ndim > nd) {
		nd_decref(t);
		return err_set(ev, TY_ValueError, "setting an array element with a sequence. "
			       "The requested array would exceed the maximum number of dimension of %d.", nd);
	}
	int xnd = t->ndim;
	const int64_t *xs = t->shape;
	while (xnd > nd && xs[0] == 1) {
		xs++;
		xnd--;
	}
	int ok = xnd <= nd;
	for (int j = 0; ok && j < xnd; j++) {
		int64_t s = xs[j], o = shape[nd - xnd + j];
		ok = s == o || s == 1;
	}
	if (!ok) {
		char s1[256], s2[256];
		shp_fmt_shape(s1, sizeof s1, t->ndim, t->shape);
		shp_fmt_shape(s2, sizeof s2, nd, shape);
		if (single_mask && t->ndim > 1)
			err_set(ev, TY_TypeError, "NumPy boolean array indexing assignment requires "
				"a 0 or 1-dimensional input, input has %d dimensions", t->ndim);
		else if (single_mask)
			err_set(ev, TY_ValueError, "NumPy boolean array indexing assignment cannot "
				"assign %lld input values to the %lld output values where the mask is true",
				(long long)nd_size(t), (long long)shape[0]);
		else if (adv) {
			char *w = s1, *w2 = s2;
			for (char *r = s1; *r; r++) if (*r != ' ') *w++ = *r;
			*w = 0;
			for (char *r = s2; *r; r++) if (*r != ' ') *w2++ = *r;
			*w2 = 0;
			err_set(ev, TY_ValueError, "shape mismatch: value array of shape %s could "
				"not be broadcast to indexing result of shape %s", s1, s2);
		} else {
			char *w = s1, *w2 = s2;
			for (char *r = s1; *r; r++) if (*r != ' ') *w++ = *r;
			*w = 0;
			for (char *r = s2; *r; r++) if (*r != ' ') *w2++ = *r;
			*w2 = 0;
			err_set(ev, TY_ValueError, "could not broadcast input array from shape %s into shape %s",
				s1, s2);
		}
		nd_decref(t);
		return NULL;
	}
	if (xnd != t->ndim) {
		struct ndarray *r = nd_view(ev, t, t->dtype, xnd, xs, t->strides + (t->ndim - xnd), t->offset);
		nd_decref(t);
		if (!(t = r))
			return NULL;
	}
	b = arr_broadcast_to(ev, t, nd, shape);
	nd_decref(t);
	return b;
}

int idx_set(struct eval *ev, struct ndarray *a, struct value *key, struct value *x)
{
	struct ix_key k;
	struct ix_plan p;
	struct ndarray *dst = a, *vals = NULL;
	const struct backend *be = nd_backend(a);
	int rc = -1;

	if (!(a->flags & ND_WRITEABLE))
		return err_set(ev, TY_ValueError, "assignment destination is read-only"), -1;
	if (a->dtype == DT_FLOAT64 && (x->type == VT_FLOAT || (x->type == VT_SCALAR && x->u.sc.dtype == DT_FLOAT64))) {
		/* out[i] = a float in a loop: the one item */
		char *q = vec_item(a, key);
		if (q) {
			double d = x->type == VT_FLOAT ? x->u.f : x->u.sc.v.f;
			memcpy(q, &d, sizeof d);
			return 0;
		}
	}
	rc = dev_set(ev, a, key, x);
	if (rc)
		return rc < 0 ? -1 : 0;
	if (key_parse(ev, key, a->ndim, &k) < 0)
		return -1;
	rc = plan_build(ev, dst, &k, &p);
	key_clear(&k);
	if (rc < 0)
		return -1;
	rc = -1;
	vals = value_for(ev, dst, x, p.ond, p.oshape, p.adv, p.single_mask, p.scalar);
	if (!vals)
		goto out;
	if (!p.adv) {
		rc = shp_assign(ev, p.view, vals);
		goto out;
	}
	if (vals->dtype == dst->dtype && vals->buf != dst->buf && p.bnd == 1
	    && vals->ndim == p.view->ndim + 1) {
		/* straight from the (broadcast) values: x[idx] = 1.0 reads one item */
		rc = be->scatter(ev, p.view, p.off, p.nb, p.pos, vals);
		goto out;
	}
	/* values as a C-contiguous array of the result's shape and dtype */
	{
		struct ndarray *c;
		if (vals->dtype != dst->dtype)
			c = arr_astype(ev, vals, dst->dtype);
		else
			c = shp_copy(ev, vals);
		if (!c)
			goto out;
		if (!nd_is_c_contiguous(c)) {
			struct ndarray *c2 = shp_copy(ev, c);
			nd_decref(c);
			if (!(c = c2))
				goto out;
		}
		nd_decref(vals);
		vals = c;
	}
	rc = be->scatter(ev, p.view, p.off, p.nb, p.pos, vals);
out:
	nd_decref(vals);
	plan_clear(&p);
	return rc;
}

int arr_setitem(struct eval *ev, struct value *v, struct value *key, struct value *x)
{
	struct ndarray *a = arr_borrow(v);
	if (!a) {
		err_set(ev, TY_TypeError, "'%s' object does not support item assignment", val_type_name(v));
		return -1;
	}
	return idx_set(ev, a, key, x);
}

struct ndarray *idx_take_axis(struct eval *ev, const struct ndarray *a, int axis,
			      const int64_t *idx, int64_t n)
{
	struct ix_plan p;
	struct ndarray *res = NULL;
	const struct ndarray *src = a;
	int64_t vshape[ND_MAXDIM], vstr[ND_MAXDIM];

	memset(&p, 0, sizeof p);
	for (int i = 0, k = 0; i < src->ndim; i++)
		if (i != axis) {
			vshape[k] = src->shape[i];
			vstr[k++] = src->strides[i];
		}
	p.view = nd_view(ev, src, src->dtype, src->ndim - 1, vshape, vstr, src->offset);
	p.off = malloc(sizeof(int64_t) * (n ? n : 1));
	if (!p.view || !p.off) {
		if (p.view)
			err_nomem(ev);
		goto out;
	}
	for (int64_t i = 0; i < n; i++)
		p.off[i] = idx[i] * src->strides[axis];
	p.adv = 1;
	p.pos = axis;
	p.nb = n;
	p.bnd = 1;
	p.bshape[0] = n;
	p.ond = src->ndim;
	memcpy(p.oshape, src->shape, sizeof(int64_t) * src->ndim);
	p.oshape[axis] = n;
	res = gather(ev, &p);
out:
	plan_clear(&p);
	return res;
}

struct ndarray *idx_take_axis_arr(struct eval *ev, const struct ndarray *a, int axis,
				  const struct ndarray *ind)
{
	const struct backend *be = nd_backend(a);
	int64_t vshape[ND_MAXDIM], vstr[ND_MAXDIM], oshape[ND_MAXDIM], size = a->shape[axis];
	int64_t stride = a->strides[axis];
	int on = 0, k = 0;
	struct ndarray *view, *out;
	if (a->ndim - 1 + ind->ndim > ND_MAXDIM)
		return err_set(ev, TY_ValueError, "too many dimensions"), NULL;
	for (int i = 0; i < a->ndim; i++) {
		if (i == axis)
			for (int j = 0; j < ind->ndim; j++)
				oshape[on++] = ind->shape[j];
		else
			oshape[on++] = a->shape[i];
		if (i != axis) {
			vshape[k] = a->shape[i];
			vstr[k++] = a->strides[i];
		}
	}
	if (!(view = nd_view(ev, a, a->dtype, a->ndim - 1, vshape, vstr, a->offset)))
		return NULL;
	if (!(out = nd_new(ev, be, a->dtype, on, oshape))) {
		nd_decref(view);
		return NULL;
	}
	if (nd_size(out) && be->take_index(ev, view, 1, &ind, &size, &stride, &axis, axis, out) < 0) {
		nd_decref(out);
		out = NULL;
	}
	nd_decref(view);
	return out;
}

/* Fills the indexing slots of ndarrays and NumPy scalars (lang/value.h). */
void idx_register_slots(void)
{
	val_slots[VT_NDARRAY].getitem = val_slots[VT_SCALAR].getitem = arr_getitem;
	val_slots[VT_NDARRAY].setitem = val_slots[VT_SCALAR].setitem = arr_setitem;
}
