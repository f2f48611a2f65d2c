/*
 * mpi_pack.c — the wire form of the values the lower-case methods move
 * (mpi4py pickles; both ends here are Lumen, so a compact tagged form does):
 * None, bool, int (any size), float, complex, str, bytes, tuple, list, dict,
 * set, range, slice, NumPy scalars and dtypes, builtin types and exceptions,
 * and arrays (np arrays come back as np arrays, cp arrays as cp arrays: their
 * items cross through host memory, as pickling a CuPy array does).  Anything
 * else is pickle's TypeError.  Owns nothing beyond the bytes it returns.
 */
#include "config.h"
#include <stdlib.h>
#include <string.h>
#include "mpi/mpi_int.h"
#include "pyobj/bigint.h"
#include "pyobj/bytesobj.h"
#include "pyobj/pyobj.h"
#include "array/arrapi.h"

static void put(struct sbuf *b, const void *p, size_t n) { sb_add(b, p, n); }
static void put_u64(struct sbuf *b, uint64_t x) { put(b, &x, 8); }

static int pack(struct eval *ev, struct value *v, struct sbuf *b, int depth)
{
	if (depth > 200) {
		err_set(ev, TY_RecursionError, "maximum recursion depth exceeded while pickling an object");
		return -1;
	}
	switch (v->type) {
	case VT_NONE: sb_addc(b, 'N'); return 0;
	case VT_ELLIPSIS: sb_addc(b, 'E'); return 0;
	case VT_BOOL: sb_addc(b, v->u.i ? 'T' : 'F'); return 0;
	case VT_INT: sb_addc(b, 'i'); put(b, &v->u.i, 8); return 0;
	case VT_FLOAT: sb_addc(b, 'f'); put(b, &v->u.f, 8); return 0;
	case VT_COMPLEX: sb_addc(b, 'c'); put(b, &v->u.c, 16); return 0;
	case VT_STR:
	case VT_BYTES:
		sb_addc(b, v->type == VT_STR ? 's' : 'b');
		put_u64(b, v->u.str->len);
		put(b, v->u.str->s, v->u.str->len);
		return 0;
	case VT_BIGINT: {
		char *d = big_digits(ev, v, 16, 0);
		if (!d)
			return -1;
		sb_addc(b, 'I');
		sb_addc(b, big_sign(v) < 0 ? '-' : '+');
		put_u64(b, strlen(d));
		put(b, d, strlen(d));
		free(d);
		return 0;
	}
	case VT_TUPLE:
	case VT_LIST:
		sb_addc(b, v->type == VT_TUPLE ? '(' : '[');
		put_u64(b, v->u.seq.n);
		for (size_t i = 0; i < v->u.seq.n; i++)
			if (pack(ev, v->u.seq.items[i], b, depth + 1) < 0)
				return -1;
		return 0;
	case VT_DICT: {
		struct dict *d = v->u.dict;
		if (d->kind) {
			err_set(ev, TY_NotImplementedError, "sending a %s through MPI is not supported by Lumen", d->kind->name);
			return -1;
		}
		sb_addc(b, '{');
		put_u64(b, d->nused);
		for (size_t i = 0; i < d->n; i++) {
			if (!d->entries[i].key)
				continue;
			if (pack(ev, d->entries[i].key, b, depth + 1) < 0 || pack(ev, d->entries[i].val, b, depth + 1) < 0)
				return -1;
		}
		return 0;
	}
	case VT_RANGE:
		sb_addc(b, 'r');
		put(b, &v->u.range.start, 8);
		put(b, &v->u.range.stop, 8);
		put(b, &v->u.range.step, 8);
		return 0;
	case VT_SLICE:
		sb_addc(b, ':');
		return pack(ev, v->u.slice.start, b, depth + 1) < 0 || pack(ev, v->u.slice.stop, b, depth + 1) < 0
		       || pack(ev, v->u.slice.step, b, depth + 1) < 0 ? -1 : 0;
	case VT_TYPE: {
		sb_addc(b, 'Y');
		int t = v->u.ty;
		put(b, &t, 4);
		return 0;
	}
	case VT_DTYPE: {
		sb_addc(b, 'D');
		sb_addc(b, (char)v->u.dt.dtype);
		sb_addc(b, (char)v->u.dt.is_type);
		return 0;
	}
	case VT_SCALAR:
		sb_addc(b, 'S');
		sb_addc(b, (char)v->u.sc.dtype);
		put(b, &v->u.sc.v, sizeof v->u.sc.v);
		return 0;
	case VT_EXCEPTION: {
		if (v->u.exc.cls)
			break;
		sb_addc(b, 'X');
		int t = v->u.exc.type;
		put(b, &t, 4);
		return pack(ev, v->u.exc.args, b, depth + 1);
	}
	case VT_NDARRAY: {
		struct ndarray *a = v->u.arr;
		struct ndarray *h = arr_host_c(ev, a, a->dtype);
		if (!h)
			return -1;
		sb_addc(b, 'A');
		sb_addc(b, (char)arr_is_cupy(nd_backend(a)));
		sb_addc(b, (char)a->dtype);
		sb_addc(b, (char)a->ndim);
		put(b, a->shape, 8 * (size_t)a->ndim);
		size_t nbytes = (size_t)nd_size(a) * dt_size(a->dtype);
		put_u64(b, nbytes);
		put(b, nbytes ? nd_data(h) : "", nbytes);
		nd_decref(h);
		return 0;
	}
	case VT_OBJECT:
		if (set_is_set(v)) {
			struct value *items = val_iter_list(ev, v);
			if (!items)
				return -1;
			struct value *t = set_type_of(v);
			char *tn = t ? val_repr(ev, t) : NULL;
			int frozen = tn && strstr(tn, "frozenset") != NULL;
			free(tn);
			val_decref(t);
			sb_addc(b, frozen ? 'z' : 'Q');
			int rc = pack(ev, items, b, depth + 1);
			val_decref(items);
			return rc;
		}
		break;
	default:
		break;
	}
	err_set(ev, TY_TypeError, "cannot pickle '%s' object", val_type_name(v));
	return -1;
}

char *mpi_pack(struct eval *ev, struct value *v, size_t *n)
{
	struct sbuf b = {0};
	sb_addc(&b, 'L'); /* a Lumen message */
	if (pack(ev, v, &b, 0) < 0) {
		free(b.s);
		return NULL;
	}
	if (b.oom) {
		free(b.s);
		return err_nomem(ev);
	}
	*n = b.n;
	return b.s;
}

struct rd { const char *p, *end; };

static int take(struct eval *ev, struct rd *r, void *out, size_t n)
{
	if ((size_t)(r->end - r->p) < n) {
		err_set(ev, TY_RuntimeError, "truncated MPI message (not sent by Lumen's mpi4py?)");
		return -1;
	}
	memcpy(out, r->p, n);
	r->p += n;
	return 0;
}

static struct value *unpack(struct eval *ev, struct rd *r);

static struct value *unpack_seq(struct eval *ev, struct rd *r, int tuple)
{
	uint64_t n;
	if (take(ev, r, &n, 8) < 0)
		return NULL;
	if (n > (uint64_t)(r->end - r->p))
		return err_set(ev, TY_RuntimeError, "corrupt MPI message");
	struct value **items = calloc(n ? n : 1, sizeof *items);
	if (!items)
		return err_nomem(ev);
	for (uint64_t i = 0; i < n; i++)
		if (!(items[i] = unpack(ev, r))) {
			for (uint64_t j = 0; j < i; j++)
				val_decref(items[j]);
			free(items);
			return NULL;
		}
	struct value *v = tuple ? val_tuple_new(n, items) : val_list_new(n, items);
	free(items);
	return v;
}

static const struct backend *cupy_backend(struct eval *ev)
{
	const struct backend *be = backend_cuda(ev);
	if (!be && !err_occurred(ev))
		be = &backend_host_cupy;
	return be;
}

static struct value *unpack(struct eval *ev, struct rd *r)
{
	char t;
	if (take(ev, r, &t, 1) < 0)
		return NULL;
	switch (t) {
	case 'N': return val_none();
	case 'E': return val_ellipsis();
	case 'T': return val_bool(1);
	case 'F': return val_bool(0);
	case 'i': { int64_t x; return take(ev, r, &x, 8) < 0 ? NULL : val_int(x); }
	case 'f': { double x; return take(ev, r, &x, 8) < 0 ? NULL : val_float(x); }
	case 'c': { double _Complex x; return take(ev, r, &x, 16) < 0 ? NULL : val_complex(x); }
	case 's':
	case 'b':
	case 'I': {
		char sign = '+';
		uint64_t n;
		if ((t == 'I' && take(ev, r, &sign, 1) < 0) || take(ev, r, &n, 8) < 0)
			return NULL;
		if (n > (uint64_t)(r->end - r->p))
			return err_set(ev, TY_RuntimeError, "corrupt MPI message");
		const char *s = r->p;
		r->p += n;
		if (t == 's')
			return val_str(s, n);
		if (t == 'b')
			return val_bytes(s, n);
		char *d = strndup(s, n);
		if (!d)
			return err_nomem(ev);
		struct value *v = big_from_digits(ev, d, 16, sign == '-');
		free(d);
		return v;
	}
	case '(': return unpack_seq(ev, r, 1);
	case '[': return unpack_seq(ev, r, 0);
	case '{': {
		uint64_t n;
		if (take(ev, r, &n, 8) < 0)
			return NULL;
		struct value *d = val_dict_new();
		if (!d)
			return err_nomem(ev);
		for (uint64_t i = 0; i < n; i++) {
			struct value *k = unpack(ev, r), *x = k ? unpack(ev, r) : NULL;
			int rc = x ? dict_set(ev, d, k, x) : -1;
			val_decref(k);
			val_decref(x);
			if (rc < 0) {
				val_decref(d);
				return NULL;
			}
		}
		return d;
	}
	case 'r': {
		int64_t a[3];
		if (take(ev, r, a, 24) < 0)
			return NULL;
		return val_range(a[0], a[1], a[2]);
	}
	case ':': {
		struct value *a = unpack(ev, r), *b = a ? unpack(ev, r) : NULL, *c = b ? unpack(ev, r) : NULL;
		if (!c) {
			val_decref(a);
			val_decref(b);
			return NULL;
		}
		return val_slice_new(a, b, c);
	}
	case 'Y': {
		int ty;
		if (take(ev, r, &ty, 4) < 0)
			return NULL;
		if (ty < 0 || ty >= TY_COUNT)
			return err_set(ev, TY_RuntimeError, "corrupt MPI message");
		return val_type((enum typeid)ty);
	}
	case 'D': {
		char d[2];
		if (take(ev, r, d, 2) < 0)
			return NULL;
		if (d[0] < 0 || d[0] >= DT_COUNT)
			return err_set(ev, TY_RuntimeError, "corrupt MPI message");
		return val_dtype(d[0], d[1]);
	}
	case 'S': {
		char dt;
		union scalar_data x;
		if (take(ev, r, &dt, 1) < 0 || take(ev, r, &x, sizeof x) < 0)
			return NULL;
		if (dt < 0 || dt >= DT_COUNT)
			return err_set(ev, TY_RuntimeError, "corrupt MPI message");
		return val_scalar(dt, x);
	}
	case 'X': {
		int ty;
		if (take(ev, r, &ty, 4) < 0)
			return NULL;
		if (ty < 0 || ty >= TY_COUNT || !typeid_is_exception(ty))
			return err_set(ev, TY_RuntimeError, "corrupt MPI message");
		struct value *args = unpack(ev, r);
		if (!args)
			return NULL;
		struct value *e = builtins_type_call(ev, (enum typeid)ty, args->type == VT_TUPLE ? (int)args->u.seq.n : 0,
						     args->type == VT_TUPLE ? args->u.seq.items : NULL, NULL);
		val_decref(args);
		return e;
	}
	case 'Q':
	case 'z': {
		struct value *items = unpack(ev, r);
		if (!items)
			return NULL;
		struct value *s = set_from(ev, items, t == 'z');
		val_decref(items);
		return s;
	}
	case 'A': {
		char h[3];
		if (take(ev, r, h, 3) < 0)
			return NULL;
		int cupy = h[0], dtype = h[1], ndim = h[2];
		int64_t shape[ND_MAXDIM];
		uint64_t nbytes;
		if (dtype < 0 || dtype >= DT_COUNT || ndim < 0 || ndim > ND_MAXDIM)
			return err_set(ev, TY_RuntimeError, "corrupt MPI message");
		if (take(ev, r, shape, 8 * (size_t)ndim) < 0 || take(ev, r, &nbytes, 8) < 0)
			return NULL;
		if (nbytes > (uint64_t)(r->end - r->p))
			return err_set(ev, TY_RuntimeError, "corrupt MPI message");
		const struct backend *be = cupy ? cupy_backend(ev) : &backend_host;
		if (!be)
			return NULL;
		struct ndarray *a = nd_new(ev, be, dtype, ndim, shape);
		if (!a)
			return NULL;
		if ((uint64_t)nd_size(a) * dt_size(dtype) != nbytes) {
			nd_decref(a);
			return err_set(ev, TY_RuntimeError, "corrupt MPI message");
		}
		if (nbytes) {
			if (be->device_memory) {
				if (be->from_host(ev, a, r->p) < 0) {
					nd_decref(a);
					return NULL;
				}
			} else {
				memcpy(nd_data(a), r->p, nbytes);
			}
		}
		r->p += nbytes;
		return arr_wrap(ev, a);
	}
	}
	return err_set(ev, TY_RuntimeError, "corrupt MPI message");
}

struct value *mpi_unpack(struct eval *ev, const char *p, size_t n)
{
	struct rd r = { p, p + n };
	if (n < 1 || p[0] != 'L')
		return err_set(ev, TY_RuntimeError, "MPI message not sent by Lumen's mpi4py");
	r.p++;
	struct value *v = unpack(ev, &r);
	if (v && r.p != r.end) {
		val_decref(v);
		return err_set(ev, TY_RuntimeError, "corrupt MPI message");
	}
	return v;
}
