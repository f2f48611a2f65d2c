/*
 * flexarr.c — arrays of flexible dtypes on the host (struct farr): their
 * making from Python values (np.array(['a', 'bc']), records from tuples),
 * items in and out ('U' as UCS4 code points, 'S' NUL-padded bytes, records
 * field by field), and the comparison of two items that sorting uses.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "array/flex/flex.h"
#include "array/dtype.h"
#include "array/arrapi.h"
#include "lang/error.h"
#include "pyobj/bytesobj.h"

/* a numeric item of a packed record may sit at any address: through an aligned copy */
void farr_num_load(int dtype, const char *p, struct npscalar *s)
{
	union { double _Complex c; char b[16]; } tmp;
	memcpy(tmp.b, p, dt_size(dtype));
	arr_scalar_load(dtype, tmp.b, s);
}

void farr_num_store(int dtype, char *p, const struct npscalar *s)
{
	union { double _Complex c; char b[16]; } tmp;
	arr_scalar_store(dtype, tmp.b, s);
	memcpy(p, tmp.b, dt_size(dtype));
}

struct ndarray *farr_host_new(struct eval *ev, int zeroed, int dtype, int ndim, const int64_t *shape)
{
	/* string and record arrays live in host memory only (CuPy has none) */
	return zeroed ? nd_new_zeroed(ev, &backend_host, dtype, ndim, shape)
		      : nd_new(ev, &backend_host, dtype, ndim, shape);
}

struct farr *farr_new(struct eval *ev, struct fdt *dt, int ndim, const int64_t *shape)
{
	int64_t n = 1, st;
	struct farr *a;
	if (ndim > ND_MAXDIM)
		return err_set(ev, TY_ValueError, "maximum supported dimension for an ndarray is currently %d, found %d",
			       ND_MAXDIM, ndim);
	for (int i = 0; i < ndim; i++) {
		if (shape[i] < 0)
			return err_set(ev, TY_ValueError, "negative dimensions are not allowed");
		if (shape[i] && n > INT64_MAX / 4 / shape[i])
			return err_set(ev, TY_ValueError, "array is too big; `arr.size * arr.dtype.itemsize` "
				       "is larger than the maximum possible size.");
		n *= shape[i];
	}
	if (dt->itemsize && n > INT64_MAX / 4 / dt->itemsize)
		return err_set(ev, TY_ValueError, "array is too big; `arr.size * arr.dtype.itemsize` "
			       "is larger than the maximum possible size.");
	a = calloc(1, sizeof *a);
	if (!a)
		return err_nomem(ev);
	int64_t nbytes = n * dt->itemsize;
	if (nbytes < 1)
		nbytes = 1;
	a->raw = farr_host_new(ev, 1, DT_UINT8, 1, &nbytes);
	if (!a->raw) {
		free(a);
		return NULL;
	}
	a->refcnt = 1;
	a->dt = fdt_incref(dt);
	a->ndim = ndim;
	st = dt->itemsize;
	for (int i = ndim - 1; i >= 0; i--) {
		a->shape[i] = shape[i];
		a->strides[i] = st;
		st *= shape[i] ? shape[i] : 1;
	}
	return a;
}

void farr_decref(struct farr *a)
{
	if (!a || --a->refcnt > 0)
		return;
	fdt_decref(a->dt);
	nd_decref(a->raw);
	free(a);
}

int64_t farr_size(const struct farr *a)
{
	int64_t n = 1;
	for (int i = 0; i < a->ndim; i++)
		n *= a->shape[i];
	return n;
}

char *farr_item(const struct farr *a, int64_t i)
{
	int64_t off = 0;
	for (int k = a->ndim - 1; k >= 0; k--) {
		int64_t m = a->shape[k] ? a->shape[k] : 1;
		off += (i % m) * a->strides[k];
		i /= m;
	}
	return farr_item0(a) + off;
}

struct farr *farr_copy(struct eval *ev, const struct farr *a)
{
	struct farr *c = farr_new(ev, a->dt, a->ndim, a->shape);
	int64_t n = c ? farr_size(a) : 0;
	for (int64_t i = 0; i < n; i++)
		memcpy(farr_item(c, i), farr_item(a, i), a->dt->itemsize);
	return c;
}

/* ---- 'U' items: UCS4 ---- */

static int64_t u_len(const char *p, int64_t nchars)
{
	uint32_t c;
	while (nchars > 0) {
		memcpy(&c, p + 4 * (nchars - 1), 4);
		if (c)
			break;
		nchars--;
	}
	return nchars;
}

char *farr_u_text(const char *p, int64_t nchars, size_t *len)
{
	int64_t n = u_len(p, nchars);
	char *s = malloc(4 * n + 1), *o = s;
	if (!s)
		return NULL;
	for (int64_t i = 0; i < n; i++) {
		uint32_t c;
		memcpy(&c, p + 4 * i, 4);
		if (c < 0x80) {
			*o++ = (char)c;
		} else if (c < 0x800) {
			*o++ = (char)(0xC0 | c >> 6);
			*o++ = (char)(0x80 | (c & 0x3F));
		} else if (c < 0x10000) {
			*o++ = (char)(0xE0 | c >> 12);
			*o++ = (char)(0x80 | ((c >> 6) & 0x3F));
			*o++ = (char)(0x80 | (c & 0x3F));
		} else {
			*o++ = (char)(0xF0 | c >> 18);
			*o++ = (char)(0x80 | ((c >> 12) & 0x3F));
			*o++ = (char)(0x80 | ((c >> 6) & 0x3F));
			*o++ = (char)(0x80 | (c & 0x3F));
		}
	}
	*o = 0;
	*len = (size_t)(o - s);
	return s;
}

/* the code points of UTF-8 s (len bytes), at most cap of them into out
 * (NULL: count only); returns the count */
static int64_t utf8_decode(const char *s, size_t len, uint32_t *out, int64_t cap)
{
	int64_t n = 0;
	const unsigned char *p = (const unsigned char *)s, *e = p + len;
	while (p < e) {
		uint32_t c = *p++;
		int more = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
		if (more)
			c &= 0x3F >> more;
		while (more-- && p < e)
			c = c << 6 | (*p++ & 0x3F);
		if (out && n < cap)
			out[n] = c;
		n++;
	}
	return n;
}

/* ---- items in ---- */

/* the text Python's str() gives a value */
static char *text_of(struct eval *ev, struct value *v, size_t *len)
{
	char *s;
	if (v->type == VT_STR || v->type == VT_BYTES) {
		s = malloc(v->u.str->len + 1);
		if (!s)
			return err_nomem(ev);
		memcpy(s, v->u.str->s, v->u.str->len + 1);
		*len = v->u.str->len;
		return s;
	}
	s = val_str_of(ev, v);
	if (s)
		*len = strlen(s);
	return s;
}

int farr_store(struct eval *ev, const struct fdt *d, char *p, struct value *v)
{
	switch (d->kind) {
	case FK_U: {
		size_t len;
		int64_t cap = d->itemsize / 4;
		char *s;
		if (v->type == VT_BYTES)   /* NumPy decodes them as ASCII */
			for (size_t i = 0; i < v->u.str->len; i++)
				if ((unsigned char)v->u.str->s[i] >= 0x80) {
					err_set(ev, TY_UnicodeDecodeError, "'ascii' codec can't decode byte 0x%02x in "
						"position %zu: ordinal not in range(128)", (unsigned char)v->u.str->s[i], i);
					return -1;
				}
		s = text_of(ev, v, &len);
		if (!s)
			return -1;
		memset(p, 0, d->itemsize);
		uint32_t *tmp = malloc(sizeof(uint32_t) * (cap ? cap : 1));
		if (!tmp) {
			free(s);
			err_nomem(ev);
			return -1;
		}
		int64_t n = utf8_decode(s, len, tmp, cap);
		memcpy(p, tmp, 4 * (n < cap ? n : cap));
		free(tmp);
		free(s);
		return 0;
	}
	case FK_S: {
		size_t len;
		char *s = text_of(ev, v, &len);
		if (!s)
			return -1;
		if (v->type == VT_STR)
			for (size_t i = 0; i < len; i++)
				if ((unsigned char)s[i] >= 0x80) {
					err_set(ev, TY_UnicodeEncodeError, "'ascii' codec can't encode character in "
						"position %zu: ordinal not in range(128)", i);
					free(s);
					return -1;
				}
		memset(p, 0, d->itemsize);
		memcpy(p, s, len < (size_t)d->itemsize ? len : (size_t)d->itemsize);
		free(s);
		return 0;
	}
	case FK_NUM: {
		struct npscalar s;
		int pyc;
		if (v->type == VT_STR) {
			/* np.array([('1', 2)], dtype='i4,i4'): the string parsed */
			struct value *t = val_type(dt_is_complex(d->num) ? TY_COMPLEX : dt_is_int(d->num) ? TY_INT :
						   d->num == DT_BOOL ? TY_BOOL : TY_FLOAT);
			struct value *x = t ? val_call(ev, t, 1, &v, NULL) : NULL;
			val_decref(t);
			if (!x)
				return -1;
			int rc = farr_store(ev, d, p, x);
			val_decref(x);
			return rc;
		}
		if (arr_value_scalar(v, &s, &pyc)) {
			struct ndarray *na = arr_borrow(v);
			if (na && na->ndim == 0 && nd_host_memory(na)) {
				arr_scalar_load(na->dtype, nd_data(na), &s);
			} else {
				err_set(ev, TY_TypeError, "int() argument must be a string, a bytes-like object or a "
					"real number, not '%s'", val_type_name(v));
				return -1;
			}
		} else if (pyc == VT_INT && dt_is_int(d->num) && arr_check_pyint(ev, s.v.i, d->num) < 0) {
			return -1;
		}
		farr_num_store(d->num, p, &s);
		return 0;
	}
	case FK_SUB: {
		/* a sub-array field from a nested sequence of its shape */
		struct farr *tmp;
		int64_t n = 1;
		struct farr *src;
		for (int i = 0; i < d->sub_ndim; i++)
			n *= d->sub_shape[i];
		src = farr_from_value(ev, v, d->base);
		if (!src)
			return -1;
		tmp = src;
		if (farr_size(tmp) == n) {
			for (int64_t i = 0; i < n; i++)
				memcpy(p + i * d->base->itemsize, farr_item(tmp, i), d->base->itemsize);
		} else if (farr_size(tmp) == 1) {
			for (int64_t i = 0; i < n; i++)
				memcpy(p + i * d->base->itemsize, farr_item(tmp, 0), d->base->itemsize);
		} else {
			farr_decref(tmp);
			err_set(ev, TY_ValueError, "could not broadcast the value into a sub-array field");
			return -1;
		}
		farr_decref(tmp);
		return 0;
	}
	default: break;
	}
	/* FK_V */
	if (!d->nfields) {
		if (v->type != VT_BYTES) {
			err_set(ev, TY_NotImplementedError, "unstructured void items from %s are not supported by Lumen",
				val_type_name(v));
			return -1;
		}
		memset(p, 0, d->itemsize);
		memcpy(p, v->u.str->s, v->u.str->len < (size_t)d->itemsize ? v->u.str->len : (size_t)d->itemsize);
		return 0;
	}
	{
		struct farr *fa = farr_borrow(v);
		if (fa && fa->ndim == 0) {
			if (!fdt_equal(fa->dt, d)) {
				err_set(ev, TY_NotImplementedError, "assigning a record of another dtype is not supported "
					"by Lumen");
				return -1;
			}
			memmove(p, farr_item0(fa), d->itemsize);
			return 0;
		}
	}
	if (v->type == VT_TUPLE) {
		if ((int)v->u.seq.n != d->nfields) {
			err_set(ev, TY_ValueError, "could not assign tuple of length %zu to structure with %d fields.",
				v->u.seq.n, d->nfields);
			return -1;
		}
		for (int i = 0; i < d->nfields; i++)
			if (farr_store(ev, d->fields[i].dt, p + d->fields[i].offset, v->u.seq.items[i]) < 0)
				return -1;
		return 0;
	}
	if (v->type == VT_LIST || v->type == VT_DICT) {
		err_set(ev, TY_TypeError, "a structured item takes a tuple (one value per field), not a %s",
			val_type_name(v));
		return -1;
	}
	/* one value for every field, as NumPy does */
	for (int i = 0; i < d->nfields; i++)
		if (farr_store(ev, d->fields[i].dt, p + d->fields[i].offset, v) < 0)
			return -1;
	return 0;
}

/* ---- items out ---- */

static struct value *void_scalar(struct eval *ev, const struct fdt *d, const char *p)
{
	struct farr *a = farr_new(ev, (struct fdt *)d, 0, NULL);
	if (!a)
		return NULL;
	memcpy(farr_item0(a), p, d->itemsize);
	a->scalar = 1;
	return farr_value(ev, a);
}

/* a sub-array field's item: an ndarray of its shape (in tolist() too, as NumPy) */
static struct value *sub_value(struct eval *ev, const struct fdt *d, const char *p)
{
	if (d->base->kind != FK_NUM)
		return err_set(ev, TY_NotImplementedError, "sub-arrays of flexible dtypes are not supported by Lumen");
	struct ndarray *n = farr_host_new(ev, 0, d->base->num, d->sub_ndim, d->sub_shape);
	if (!n)
		return NULL;
	memcpy(nd_data(n), p, d->itemsize);
	return arr_wrap(ev, n);
}

static struct value *item(struct eval *ev, const struct fdt *d, const char *p, int py)
{
	if (!py && (d->kind == FK_U || d->kind == FK_S))
		return void_scalar(ev, d, p);  /* np.str_ / np.bytes_ */
	switch (d->kind) {
	case FK_U: {
		size_t len;
		char *s = farr_u_text(p, d->itemsize / 4, &len);
		return s ? val_str_take(s, len) : err_nomem(ev);
	}
	case FK_S: {
		size_t n = (size_t)d->itemsize;
		while (n && !p[n - 1])
			n--;
		return val_bytes(p, n);
	}
	case FK_NUM: {
		struct npscalar s;
		farr_num_load(d->num, p, &s);
		return py ? arr_scalar_to_py(ev, &s) : val_scalar(s.dtype, s.v);
	}
	case FK_SUB:
		return sub_value(ev, d, p);
	default:
		break;
	}
	if (!py)
		return void_scalar(ev, d, p);
	if (!d->nfields)
		return val_bytes(p, (size_t)d->itemsize);
	{
		struct value **items = calloc(d->nfields, sizeof *items);
		if (!items)
			return err_nomem(ev);
		for (int i = 0; i < d->nfields; i++)
			if (!(items[i] = item(ev, d->fields[i].dt, p + d->fields[i].offset, 1))) {
				for (int j = 0; j < i; j++)
					val_decref(items[j]);
				free(items);
				return NULL;
			}
		struct value *t = val_tuple_new(d->nfields, items);
		free(items);
		return t;
	}
}

struct value *farr_item_value(struct eval *ev, const struct fdt *d, const char *p)
{
	return item(ev, d, p, 0);
}

struct value *farr_item_py(struct eval *ev, const struct fdt *d, const char *p)
{
	return item(ev, d, p, 1);
}

/* ---- comparison ---- */

int farr_cmp(const struct fdt *d, const char *a, const char *b)
{
	switch (d->kind) {
	case FK_U:
		for (int64_t i = 0; i < d->itemsize / 4; i++) {
			uint32_t x, y;
			memcpy(&x, a + 4 * i, 4);
			memcpy(&y, b + 4 * i, 4);
			if (x != y)
				return x < y ? -1 : 1;
		}
		return 0;
	case FK_S:
		return memcmp(a, b, d->itemsize);
	case FK_NUM: {
		struct npscalar x, y;
		farr_num_load(d->num, a, &x);
		farr_num_load(d->num, b, &y);
		if (dt_is_complex(d->num) || dt_is_float(d->num)) {
			double xr = dt_is_complex(d->num) ? creal(x.v.c) : x.v.f;
			double yr = dt_is_complex(d->num) ? creal(y.v.c) : y.v.f;
			if (isnan(xr) || isnan(yr))
				return isnan(xr) ? (isnan(yr) ? 0 : 1) : -1;
			if (xr != yr)
				return xr < yr ? -1 : 1;
			if (!dt_is_complex(d->num))
				return 0;
			xr = cimag(x.v.c);
			yr = cimag(y.v.c);
			if (isnan(xr) || isnan(yr))
				return isnan(xr) ? (isnan(yr) ? 0 : 1) : -1;
			return xr < yr ? -1 : xr > yr;
		}
		if (dtype_table[d->num].kind == DK_UINT)
			return x.v.u < y.v.u ? -1 : x.v.u > y.v.u;
		if (d->num == DT_BOOL)
			return (x.v.b != 0) - (y.v.b != 0);
		return x.v.i < y.v.i ? -1 : x.v.i > y.v.i;
	}
	case FK_SUB: {
		int64_t n = d->itemsize / (d->base->itemsize ? d->base->itemsize : 1);
		for (int64_t i = 0; i < n; i++) {
			int c = farr_cmp(d->base, a + i * d->base->itemsize, b + i * d->base->itemsize);
			if (c)
				return c;
		}
		return 0;
	}
	default:
		break;
	}
	for (int i = 0; i < d->nfields; i++) {
		int c = farr_cmp(d->fields[i].dt, a + d->fields[i].offset, b + d->fields[i].offset);
		if (c)
			return c;
	}
	if (!d->nfields)
		return memcmp(a, b, d->itemsize);
	return 0;
}

/* ---- making one from Python values ---- */

struct shapeinf {
	int ndim;
	int64_t shape[ND_MAXDIM];
	int rec;         /* tuples are items (a record dtype) */
	char kind;       /* inferred: 'U' / 'S' / 0 */
	int64_t maxlen;  /* characters / bytes of the longest leaf */
	int mixed;       /* numbers beside strings */
};

static int is_dim(const struct shapeinf *s, struct value *v)
{
	return v->type == VT_LIST || (v->type == VT_TUPLE && !s->rec) || farr_borrow(v) ||
	       (v->type == VT_NDARRAY);
}

static int64_t leaf_len(struct value *v, char kind)
{
	if (v->type == VT_STR)
		return kind == FK_S ? (int64_t)v->u.str->len : utf8_decode(v->u.str->s, v->u.str->len, NULL, 0);
	if (v->type == VT_BYTES)
		return (int64_t)v->u.str->len;
	return -1;
}

static int check(struct eval *ev, struct shapeinf *s, struct value *v, int depth)
{
	struct farr *fa = farr_borrow(v);
	if (depth == s->ndim) {
		if (is_dim(s, v) && !(fa && fa->ndim == 0))
			goto ragged;
		if (fa) {
			if (!s->kind)
				s->kind = fa->dt->kind;
			if (fa->dt->kind == FK_U || fa->dt->kind == FK_S) {
				int64_t n = fa->dt->itemsize / (fa->dt->kind == FK_U ? 4 : 1);
				if (n > s->maxlen)
					s->maxlen = n;
			}
			return 0;
		}
		if (v->type == VT_STR || v->type == VT_BYTES) {
			char k = v->type == VT_STR ? FK_U : FK_S;
			if (!s->kind)
				s->kind = k;
			else if (s->kind != k)
				s->kind = FK_U;
			int64_t n = leaf_len(v, s->kind);
			if (n > s->maxlen)
				s->maxlen = n;
		} else {
			s->mixed = 1;
		}
		return 0;
	}
	if (fa) {
		if (fa->ndim != s->ndim - depth)
			goto ragged;
		for (int i = 0; i < fa->ndim; i++)
			if (fa->shape[i] != s->shape[depth + i])
				goto ragged;
		s->kind = s->kind ? s->kind : fa->dt->kind;
		if (fa->dt->kind == FK_U || fa->dt->kind == FK_S) {
			int64_t n = fa->dt->itemsize / (fa->dt->kind == FK_U ? 4 : 1);
			if (n > s->maxlen)
				s->maxlen = n;
		}
		return 0;
	}
	if (v->type == VT_NDARRAY) {
		err_set(ev, TY_NotImplementedError, "numeric arrays inside a string or record array are not "
			"supported by Lumen");
		return -1;
	}
	if (!is_dim(s, v) || (int64_t)v->u.seq.n != s->shape[depth])
		goto ragged;
	for (size_t i = 0; i < v->u.seq.n; i++)
		if (check(ev, s, v->u.seq.items[i], depth + 1) < 0)
			return -1;
	return 0;
ragged:
	err_set(ev, TY_ValueError, "setting an array element with a sequence. The requested array has an "
		"inhomogeneous shape after %d dimensions. The detected shape was (%s...) + inhomogeneous part.",
		depth, depth ? "" : "");
	return -1;
}

static int fill(struct eval *ev, struct farr *a, int64_t *pos, struct value *v, int depth,
		const struct shapeinf *s)
{
	struct farr *fa = farr_borrow(v);
	if (depth == s->ndim || (fa && fa->ndim)) {
		if (fa && fa->ndim) {
			int64_t n = farr_size(fa);
			for (int64_t i = 0; i < n; i++) {
				char *src = farr_item(fa, i);
				if (fdt_equal(fa->dt, a->dt)) {
					memmove(farr_item(a, (*pos)++), src, a->dt->itemsize);
				} else {
					struct value *x = farr_item_py(ev, fa->dt, src);
					int rc = x ? farr_store(ev, a->dt, farr_item(a, (*pos)++), x) : -1;
					val_decref(x);
					if (rc < 0)
						return -1;
				}
			}
			return 0;
		}
		if (fa && !fdt_equal(fa->dt, a->dt) && fa->dt->kind != FK_V) {
			struct value *x = farr_item_py(ev, fa->dt, farr_item0(fa));
			int rc = x ? farr_store(ev, a->dt, farr_item(a, (*pos)++), x) : -1;
			val_decref(x);
			return rc;
		}
		return farr_store(ev, a->dt, farr_item(a, (*pos)++), v);
	}
	for (size_t i = 0; i < v->u.seq.n; i++)
		if (fill(ev, a, pos, v->u.seq.items[i], depth + 1, s) < 0)
			return -1;
	return 0;
}

struct farr *farr_from_value(struct eval *ev, struct value *v, struct fdt *d)
{
	struct shapeinf s;
	struct value *x = v;
	struct farr *a;
	struct fdt *own = NULL;
	int64_t pos = 0;

	memset(&s, 0, sizeof s);
	s.rec = d && d->kind == FK_V && d->nfields;
	/* the shape from the first items */
	for (;;) {
		struct farr *fa = farr_borrow(x);
		if (fa) {
			for (int i = 0; i < fa->ndim && s.ndim < ND_MAXDIM; i++)
				s.shape[s.ndim++] = fa->shape[i];
			break;
		}
		if (!is_dim(&s, x) || x->type == VT_NDARRAY)
			break;
		if (s.ndim >= ND_MAXDIM)
			return err_set(ev, TY_ValueError, "maximum supported dimension for an ndarray is currently %d",
				       ND_MAXDIM);
		s.shape[s.ndim++] = (int64_t)x->u.seq.n;
		if (!x->u.seq.n)
			break;
		x = x->u.seq.items[0];
	}
	if (check(ev, &s, v, 0) < 0)
		return NULL;
	if (!d || !d->sized) {
		char k = d ? d->kind : s.kind;
		int64_t n = s.maxlen;
		if (!k || k == FK_V) {
			if (d && d->kind == FK_V)
				return err_set(ev, TY_NotImplementedError, "unsized void arrays are not supported by Lumen");
			return err_set(ev, TY_NotImplementedError, "Lumen has no object arrays: this value makes "
				       "neither a numeric, a string nor a record array");
		}
		if (s.mixed) {
			if (!d)
				return err_set(ev, TY_NotImplementedError, "arrays of strings mixed with numbers need an "
					       "explicit dtype in Lumen (dtype='U...')");
			/* dtype='U' with numbers: str() of each decides the size */
			n = n < 1 ? 1 : n;
		}
		own = fdt_new_str(ev, k, n < 1 ? 1 : n);
		if (!own)
			return NULL;
		if (s.mixed) {
			/* measure str() of the numbers: sized to the longest */
			own->itemsize = 64 * (k == FK_U ? 4 : 1);
		}
		d = own;
	}
	a = farr_new(ev, d, s.ndim, s.shape);
	if (a && farr_size(a) && fill(ev, a, &pos, v, 0, &s) < 0) {
		farr_decref(a);
		a = NULL;
	}
	if (a && own && s.mixed) {
		/* shrink the 64-character guess to the longest item */
		int64_t best = 1, n = farr_size(a), unit = own->kind == FK_U ? 4 : 1;
		for (int64_t i = 0; i < n; i++) {
			const char *p = farr_item(a, i);
			int64_t l = own->itemsize / unit;
			if (unit == 4)
				l = u_len(p, l);
			else
				while (l && !p[l - 1])
					l--;
			if (l > best)
				best = l;
		}
		struct fdt *nd = fdt_new_str(ev, own->kind, best);
		struct farr *b = nd ? farr_new(ev, nd, a->ndim, a->shape) : NULL;
		for (int64_t i = 0; b && i < n; i++)
			memcpy(farr_item(b, i), farr_item(a, i), nd->itemsize);
		fdt_decref(nd);
		farr_decref(a);
		a = b;
	}
	fdt_decref(own);
	return a;
}
