/*
 * matrix.c — np.matrix, the 2-D ndarray subclass of numpy/matrixlib/defmatrix.py,
 * as a tag on the array (ND_MATRIX): np.matrix / np.asmatrix / np.bmat (the
 * string forms too), what a matrix's result becomes (__array_finalize__: 0-d
 * and 1-D results turn into 1 x n, size-1 axes of a larger one are dropped),
 * indexing that keeps two dimensions (m[0] is 1 x n, m[:, 0] n x 1), the
 * operators * (np.dot) and ** (matrix_power), the attributes .T .H .I .A .A1
 * and their get* methods, and reductions that keep two dimensions or collapse
 * to a scalar.  Elementwise ufuncs tag their result in the ufunc layer
 * (ufunc.c), linalg's results in lin_dispatch, np.r_['r'] / ['c'] in ndgrid.c.
 *
 * Host arrays only (CuPy has no matrix).  Owns no state.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "array/arrapi.h"
#include "array/nscall.h"
#include "lang/args.h"
#include "lang/error.h"
#include "lang/eval.h"

int arr_is_matrix(const struct value *v)
{
	return v && v->type == VT_NDARRAY && v->u.arr->sub == ND_MATRIX;
}

/* A view of a with the layout given, tagged sub (new reference) */
static struct ndarray *view_as(struct eval *ev, const struct ndarray *a, int nd, const int64_t *shape,
			       const int64_t *strides, int sub)
{
	struct ndarray *v = nd_view(ev, a, a->dtype, nd, shape, strides, a->offset);
	if (v)
		v->sub = sub;
	return v;
}

/* v itself, or for a matrix a plain ndarray view of it (new reference) */
static struct value *plain(struct eval *ev, struct value *v)
{
	if (!arr_is_matrix(v))
		return val_incref(v);
	struct ndarray *a = v->u.arr;
	return arr_wrap(ev, view_as(ev, a, a->ndim, a->shape, a->strides, ND_PLAIN));
}

/* NumPy's matrix.__array_finalize__ for an array result r (stolen; anything
 * else passes through): a matrix of r's items, 1 x n for 1-D (n x 1 when
 * column), 1 x 1 for 0-d, size-1 axes dropped beyond two dimensions */
struct value *arr_matrix_wrap(struct eval *ev, struct value *r, int column)
{
	if (!r || r->type != VT_NDARRAY)
		return r;
	struct ndarray *a = r->u.arr;
	int64_t shape[ND_MAXDIM], st[ND_MAXDIM];
	int nd = 0;
	if (a->ndim > 2) {
		for (int i = 0; i < a->ndim; i++)
			if (a->shape[i] > 1) {
				shape[nd] = a->shape[i];
				st[nd++] = a->strides[i];
			}
		if (nd > 2) {
			val_decref(r);
			return err_set(ev, TY_ValueError, "shape too large to be a matrix.");
		}
	} else {
		nd = a->ndim;
		memcpy(shape, a->shape, sizeof(int64_t) * (size_t)nd);
		memcpy(st, a->strides, sizeof(int64_t) * (size_t)nd);
	}
	if (nd == 0) {
		shape[0] = shape[1] = 1;
		st[0] = st[1] = 0;
	} else if (nd == 1) {
		int k = column ? 0 : 1;
		shape[k] = shape[0];
		st[k] = st[0];
		shape[1 - k] = 1;
		st[1 - k] = 0;
	}
	if (shape[0] * shape[1] != nd_size(a)) {   /* size-0 axes dropped: NumPy's shape assignment fails */
		char sh[64];
		arr_format_shape_compact(sh, sizeof sh, 2, shape);
		err_set(ev, TY_ValueError, "cannot reshape array of size %lld into shape %s", (long long)nd_size(a), sh);
		val_decref(r);
		return NULL;
	}
	struct ndarray *m = view_as(ev, a, 2, shape, st, ND_MATRIX);
	val_decref(r);
	return arr_wrap(ev, m);
}

static int is_scalar_key(const struct value *k)
{
	return k->type == VT_INT || k->type == VT_BOOL || k->type == VT_FLOAT || k->type == VT_COMPLEX ||
	       k->type == VT_SCALAR || k->type == VT_STR;
}

/* matrix.__getitem__: r (stolen) is what ndarray indexing gave for key */
struct value *arr_matrix_item(struct eval *ev, struct value *key, struct value *r)
{
	if (!r || r->type != VT_NDARRAY)
		return r;
	struct ndarray *a = r->u.arr;
	if (a->ndim == 0) {
		struct value *s = arr_scalar_at(ev, a, nd_data(a));
		val_decref(r);
		return s;
	}
	if (a->ndim == 1)
		return arr_matrix_wrap(ev, r, key->type == VT_TUPLE && key->u.seq.n > 1 &&
					      is_scalar_key(key->u.seq.items[1]));
	if (a->ndim == 2)
		return arr_matrix_wrap(ev, r, 0);
	return r;
}

/* NumPy's asmatrix(other) for the right operand of matrix * other */
static struct value *as_2d(struct eval *ev, const struct backend *be, struct value *v)
{
	if (v->type != VT_NDARRAY && v->type != VT_LIST && v->type != VT_TUPLE)
		return val_incref(v);
	struct ndarray *a = arr_asarray(ev, be, v, -1);
	if (!a)
		return NULL;
	if (a->ndim > 2) {
		nd_decref(a);
		return err_set(ev, TY_ValueError, "matrix must be 2-dimensional");
	}
	struct value *m = arr_matrix_wrap(ev, arr_wrap(ev, a), 0), *p;
	if (!m)
		return NULL;
	p = plain(ev, m);
	val_decref(m);
	return p;
}

/* m * x (np.dot, x made a matrix when it is an array or a sequence), x * m,
 * m ** n (matrix_power); inplace: the result written into l */
struct value *arr_matrix_binop(struct eval *ev, enum binop op, struct value *l, struct value *r, int inplace)
{
	struct value *lp = NULL, *rp = NULL, *res = NULL;
	const struct backend *be = nd_backend((arr_is_matrix(l) ? l : r)->u.arr);
	if (op == OP_POW && !arr_is_matrix(l))
		return err_set(ev, TY_TypeError, "unsupported operand type(s) for ** or pow(): '%s' and 'matrix'",
			       val_type_name(l));
	lp = plain(ev, l);
	rp = !lp ? NULL : arr_is_matrix(l) && op == OP_MUL ? as_2d(ev, be, r) : plain(ev, r);
	if (lp && rp)
		res = arr_ns_call(ev, be, op == OP_MUL ? "dot" : "linalg.matrix_power", 2,
				  (struct value *[]){lp, rp}, NULL);
	val_decref(lp);
	val_decref(rp);
	res = arr_matrix_wrap(ev, res, 0);
	if (res && inplace && l->type == VT_NDARRAY) {
		struct value *all = val_ellipsis();
		int rc = val_setitem(ev, l, all, res);
		val_decref(all);
		val_decref(res);
		return rc < 0 ? NULL : val_incref(l);
	}
	return res;
}

/* ---- attributes and methods ---- */

/* m.A (a plain view), m.A1 (its ravel), m.H, m.I, m.T of the matrix value m */
static struct value *attr(struct eval *ev, struct value *m, const char *name)
{
	struct ndarray *a = m->u.arr;
	struct value *p, *r;
	if (!strcmp(name, "T"))
		return arr_wrap(ev, arr_transpose(ev, a, NULL));
	if (!(p = plain(ev, m)))
		return NULL;
	if (!strcmp(name, "A"))
		return p;
	if (!strcmp(name, "A1")) {
		r = arr_method_call(ev, p, "ravel", 0, NULL, NULL);
	} else if (!strcmp(name, "H")) {
		struct value *c = dt_is_complex(a->dtype) ? arr_method_call(ev, p, "conj", 0, NULL, NULL) : val_incref(p);
		r = c ? val_getattr(ev, c, "T") : NULL;
		val_decref(c);
		r = arr_matrix_wrap(ev, r, 0);
	} else { /* I */
		r = arr_ns_call(ev, nd_backend(a), a->shape[0] == a->shape[1] ? "linalg.inv" : "linalg.pinv", 1, &p, NULL);
		r = arr_matrix_wrap(ev, r, 0);
	}
	val_decref(p);
	return r;
}

/* m.getA() ... m.getT(): the attribute after "get" */
static struct value *m_get(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			   const struct kwargs *kw)
{
	if (args_parse(ev, bi->name, argc, argv, kw, "") < 0)
		return NULL;
	return attr(ev, bi->self, bi->name + 3);
}

/* the ndarray method name of the published tables */
static builtin_fn method_fn(const char *name)
{
	for (const struct arr_func *const *t = arr_published(NS_METHODS); *t; t++)
		for (const struct arr_func *f = *t; f->name; f++)
			if (!strcmp(f->name, name))
				return f->fn;
	return NULL;
}

/* methods whose result keeps the reduced axis (axis given) or collapses to
 * a scalar (axis None): matrix.sum's keepdims=True then _collapse / _align */
static int collapses(const char *name)
{
	static const char *const names[] = {"sum", "mean", "prod", "std", "var", "max", "min", "any", "all",
					    "argmax", "argmin", "ptp", NULL};
	for (int i = 0; names[i]; i++)
		if (!strcmp(name, names[i]))
			return 1;
	return 0;
}

/* An ndarray method called on a matrix: its result made a matrix */
static struct value *m_method(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	builtin_fn fn = method_fn(bi->name);
	struct value *r, *axis = argc ? argv[0] : NULL;
	if (!fn)
		return err_set(ev, TY_AttributeError, "'matrix' object has no attribute '%s'", bi->name);
	r = fn(ev, bi, argc, argv, kw);
	if (!r)
		return NULL;
	if (!collapses(bi->name))
		return arr_matrix_wrap(ev, r, 0);
	for (int i = 0; kw && i < kw->n; i++)
		if (!strcmp(kw->names[i], "axis"))
			axis = kw->vals[i];
	if (r->type == VT_SCALAR && axis && axis->type != VT_NONE) {
		/* every axis reduced but axis given (a tuple): _collapse keeps 1 x 1 */
		struct ndarray *s = arr_asarray(ev, nd_backend(bi->self->u.arr), r, -1);
		val_decref(r);
		return s ? arr_matrix_wrap(ev, arr_wrap(ev, s), 0) : NULL;
	}
	if (r->type != VT_NDARRAY)
		return r;
	int64_t ax;
	if (r->u.arr->ndim == 1 && axis && axis->type == VT_INT && (ax = axis->u.i) >= -2 && ax < 2)
		return arr_matrix_wrap(ev, r, ax == 1 || ax == -1);
	return arr_matrix_wrap(ev, r, 0);
}

/* a matrix's own attributes, and its methods bound to give matrices; NULL
 * with no error: the ndarray's */
struct value *arr_matrix_getattr(struct eval *ev, struct value *m, const char *name)
{
	static const char *const own[] = {"T", "A", "A1", "H", "I", NULL};
	static const char *const getters[] = {"getA", "getA1", "getH", "getI", "getT", NULL};
	for (int i = 0; own[i]; i++)
		if (!strcmp(name, own[i]))
			return attr(ev, m, name);
	for (int i = 0; getters[i]; i++)
		if (!strcmp(name, getters[i]))
			return val_builtin(getters[i], m_get, m, (void *)nd_backend(m->u.arr));
	if (!strcmp(name, "tolist") || !strcmp(name, "item") || !strcmp(name, "tobytes") || !strcmp(name, "view") ||
	    !method_fn(name))
		return NULL;
	for (const struct arr_func *const *t = arr_published(NS_METHODS); *t; t++)
		for (const struct arr_func *f = *t; f->name; f++)
			if (!strcmp(f->name, name))
				return val_builtin(f->name, m_method, m, (void *)nd_backend(m->u.arr));
	return NULL;
}

/* ---- np.matrix, np.asmatrix, np.bmat ---- */

/* one token of matrix('1 2; 3 4') as ast.literal_eval reads a number */
static struct value *literal(struct eval *ev, const char *s, size_t n)
{
	char buf[128], *end;
	if (n >= sizeof buf)
		n = sizeof buf - 1;
	memcpy(buf, s, n);
	buf[n] = 0;
	if (!strcmp(buf, "True") || !strcmp(buf, "False"))
		return val_bool(buf[0] == 'T');
	if (n && (buf[n - 1] == 'j' || buf[n - 1] == 'J')) {
		buf[n - 1] = 0;
		double im = n > 1 ? strtod(buf, &end) : 0;
		if (n > 1 && !*end && isdigit((unsigned char)buf[n > 1 && (buf[0] == '-' || buf[0] == '+') ? 1 : 0]))
			return val_complex(im * _Complex_I);
		buf[n - 1] = 'j';
	} else {
		int dig = isdigit((unsigned char)buf[buf[0] == '-' || buf[0] == '+' ? 1 : 0]) ||
			  (buf[buf[0] == '-' || buf[0] == '+' ? 1 : 0] == '.');
		long long i = strtoll(buf, &end, 10);
		if (dig && !*end && !strchr(buf, '.'))
			return val_int(i);
		double d = strtod(buf, &end);
		if (dig && !*end && !strchr(buf, 'x') && !strchr(buf, 'X') && !strchr(buf, 'n') && !strchr(buf, 'N'))
			return val_float(d);
	}
	return err_set(ev, TY_ValueError, "malformed node or string on line 1: '%s'", buf);
}

/* matrix's _convert_from_string: rows by ';', items by ',' and spaces,
 * '[' and ']' ignored; a list of lists (new reference) */
static struct value *from_string(struct eval *ev, const char *s)
{
	struct value *rows = val_list_new(0, NULL), *row = NULL;
	size_t ncols = 0, nrows = 0;
	if (!rows)
		return err_nomem(ev);
	for (const char *p = s;; p++) {
		if (!row && !(row = val_list_new(0, NULL)))
			goto fail;
		if (*p == ';' || !*p) {
			if (nrows && row->u.seq.n != ncols) {
				err_set(ev, TY_ValueError, "Rows not the same size.");
				goto fail;
			}
			ncols = row->u.seq.n;
			nrows++;
			if (list_append(rows, row) < 0) {
				row = NULL;
				goto fail;
			}
			row = NULL;
			if (!*p)
				break;
			continue;
		}
		if (*p == ',' || *p == '[' || *p == ']' || isspace((unsigned char)*p))
			continue;
		const char *e = p;
		while (*e && *e != ',' && *e != ';' && *e != '[' && *e != ']' && !isspace((unsigned char)*e))
			e++;
		struct value *x = literal(ev, p, (size_t)(e - p));
		if (!x || list_append(row, x) < 0)
			goto fail;
		p = e - 1;
	}
	return rows;
fail:
	if (!err_occurred(ev))
		err_nomem(ev);
	val_decref(row);
	val_decref(rows);
	return NULL;
}

/* matrix(data, dtype, copy): the class's __new__ */
static struct value *make_matrix(struct eval *ev, const struct backend *be, struct value *data, int dtype,
				 int copy)
{
	struct ndarray *a;
	if (arr_is_matrix(data)) {
		a = data->u.arr;
		if ((dtype < 0 || dtype == a->dtype) && !copy)
			return val_incref(data);
		return arr_matrix_wrap(ev, arr_wrap(ev, arr_astype(ev, a, dtype < 0 ? a->dtype : dtype)), 0);
	}
	if (data->type == VT_NDARRAY) {
		a = data->u.arr;
		if (arr_is_cupy(nd_backend(a)))
			return err_set(ev, TY_NotImplementedError, "np.matrix of a cupy array (matrices are host arrays)");
		struct value *m = arr_matrix_wrap(ev, val_incref(data), 0);
		if (!m || (!copy && (dtype < 0 || dtype == a->dtype)))
			return m;
		struct ndarray *c = arr_astype(ev, m->u.arr, dtype < 0 ? a->dtype : dtype);
		val_decref(m);
		return arr_matrix_wrap(ev, arr_wrap(ev, c), 0);
	}
	struct value *src = data->type == VT_STR ? from_string(ev, val_as_cstr(data)) : val_incref(data);
	if (!src)
		return NULL;
	a = arr_asarray(ev, be, src, dtype);
	val_decref(src);
	if (a && a->ndim > 2) {
		nd_decref(a);
		return err_set(ev, TY_ValueError, "matrix must be 2-dimensional");
	}
	if (a && a->refcnt > 1) { /* asarray gave an array back: np.array copies */
		struct ndarray *c = arr_astype(ev, a, a->dtype);
		nd_decref(a);
		a = c;
	}
	return arr_matrix_wrap(ev, arr_wrap(ev, a), 0);
}

static int parse_dtype_arg(struct eval *ev, struct value *v, int *dtype)
{
	*dtype = -1;
	return v && v->type != VT_NONE ? arr_parse_dtype(ev, v, dtype) : 0;
}

static struct value *f_matrix(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw);

int arr_is_matrix_type(const struct value *v)
{
	return v && v->type == VT_BUILTIN && v->u.bi.fn == f_matrix;
}

static const char no_cupy[] = "cupy has no matrix (np.matrix is a host array)";

static struct value *f_matrix(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	struct value *data, *dtv = NULL, *copyv = NULL;
	int dtype, copy;
	if (args_parse(ev, "matrix", argc, argv, kw, "data|dtype,copy", &data, &dtv, &copyv) < 0 ||
	    parse_dtype_arg(ev, dtv, &dtype) < 0 || args_bool(ev, copyv, 1, &copy) < 0)
		return NULL;
	if (arr_be(bi)->cupy)
		return err_set(ev, TY_NotImplementedError, no_cupy);
	return make_matrix(ev, arr_be(bi), data, dtype, copy);
}

static struct value *f_asmatrix(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	struct value *data, *dtv = NULL;
	int dtype;
	if (args_parse(ev, "asmatrix", argc, argv, kw, "data|dtype", &data, &dtv) < 0 ||
	    parse_dtype_arg(ev, dtv, &dtype) < 0)
		return NULL;
	if (arr_be(bi)->cupy)
		return err_set(ev, TY_NotImplementedError, no_cupy);
	return make_matrix(ev, arr_be(bi), data, dtype, 0);
}

/* the caller's variable name (bmat's string form): ldict, then gdict, else
 * the session's names */
static struct value *lookup(struct eval *ev, const char *name, struct value *ldict, struct value *gdict)
{
	struct value *d[2] = {ldict, gdict};
	if (gdict && gdict->type != VT_NONE) {
		for (int i = 0; i < 2; i++) {
			if (!d[i] || d[i]->type != VT_DICT)
				continue;
			struct value *k = val_cstr(name), *v;
			if (!k)
				return err_nomem(ev);
			v = val_getitem(ev, d[i], k);
			val_decref(k);
			if (v)
				return v;
			err_clear(ev);
		}
		return err_set(ev, TY_NameError, "name '%s' is not defined", name);
	}
	for (const char *p = name; *p; p++)
		if (!(isalnum((unsigned char)*p) || *p == '_') || isdigit((unsigned char)name[0]))
			return err_set(ev, TY_NameError, "name '%s' is not defined", name);
	return ev_eval_string(ev, name, strlen(name));
}

/* np.concatenate(items, axis=axis) of n values (stolen) */
static struct value *concat(struct eval *ev, const struct backend *be, struct value **items, size_t n, int axis)
{
	struct value *t = val_tuple_new(n, items), *ax = val_int(axis), *r = NULL;
	if (t && ax)
		r = arr_ns_callk(ev, be, "concatenate", 1, &t, "axis", ax);
	else
		err_nomem(ev);
	val_decref(t);
	val_decref(ax);
	return r;
}

/* np.concatenate(seq, axis=axis) of a borrowed sequence */
static struct value *concat_seq(struct eval *ev, const struct backend *be, struct value *seq, int axis)
{
	struct value *ax = val_int(axis), *r;
	if (!ax)
		return err_nomem(ev);
	r = arr_ns_callk(ev, be, "concatenate", 1, &seq, "axis", ax);
	val_decref(ax);
	return r;
}

static struct value *bmat_string(struct eval *ev, const struct backend *be, const char *s, struct value *ldict,
				 struct value *gdict)
{
	struct value *rows[ND_MAXDIM * 8], *cols[ND_MAXDIM * 8];
	size_t nr = 0, nc = 0;
	const size_t cap = sizeof rows / sizeof rows[0];
	for (const char *p = s;; p++) {
		if (*p == ';' || !*p) {
			if (nr == cap) {
				err_set(ev, TY_ValueError, "np.bmat: more than %zu block rows", cap);
				goto fail;
			}
			struct value *row = concat(ev, be, cols, nc, -1);   /* takes the blocks */
			nc = 0;
			if (!row)
				goto fail;
			rows[nr++] = row;
			if (!*p)
				break;
			continue;
		}
		if (*p == ',' || isspace((unsigned char)*p))
			continue;
		const char *e = p;
		while (*e && *e != ',' && *e != ';' && !isspace((unsigned char)*e))
			e++;
		char name[256];
		snprintf(name, sizeof name, "%.*s", (int)(e - p), p);
		if (nc == cap) {
			err_set(ev, TY_ValueError, "np.bmat: more than %zu blocks in a row", cap);
			goto fail;
		}
		if (!(cols[nc] = lookup(ev, name, ldict, gdict)))
			goto fail;
		nc++;
		p = e - 1;
	}
	return concat(ev, be, rows, nr, 0);
fail:
	for (size_t i = 0; i < nc; i++)
		val_decref(cols[i]);
	for (size_t i = 0; i < nr; i++)
		val_decref(rows[i]);
	return NULL;
}

static struct value *f_bmat(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			    const struct kwargs *kw)
{
	struct value *obj, *ldict = NULL, *gdict = NULL, *r = NULL;
	if (args_parse(ev, "bmat", argc, argv, kw, "obj|ldict,gdict", &obj, &ldict, &gdict) < 0)
		return NULL;
	if (arr_be(bi)->cupy)
		return err_set(ev, TY_NotImplementedError, no_cupy);
	if (obj->type == VT_STR) {
		r = bmat_string(ev, arr_be(bi), val_as_cstr(obj), ldict, gdict);
	} else if (obj->type == VT_LIST || obj->type == VT_TUPLE) {
		size_t n = obj->u.seq.n, i;
		struct value **rows = calloc(n ? n : 1, sizeof *rows);
		if (!rows)
			return err_nomem(ev);
		for (i = 0; i < n; i++) {
			struct value *row = obj->u.seq.items[i];
			if (row->type == VT_NDARRAY)   /* a flat list of blocks: one row */
				break;
			if (!(rows[i] = concat_seq(ev, arr_be(bi), row, -1)))
				break;
		}
		if (i == n) {
			r = concat(ev, arr_be(bi), rows, n, 0);
		} else {
			for (size_t k = 0; k < i; k++)
				val_decref(rows[k]);
			if (!err_occurred(ev))
				r = concat_seq(ev, arr_be(bi), obj, -1);
		}
		free(rows);
	} else if (obj->type == VT_NDARRAY) {
		r = val_incref(obj);
	} else {
		return val_none();   /* NumPy's bmat falls off its end */
	}
	if (!r)
		return NULL;
	struct value *m = make_matrix(ev, arr_be(bi), r, -1, 1);
	val_decref(r);
	return m;
}

const struct arr_func arr_matrix_funcs[] = {
	{"matrix", f_matrix, "matrix(data, dtype=None, copy=True)",
	 "Returns a matrix from an array-like object, or from a string of data."},
	{"asmatrix", f_asmatrix, "asmatrix(data, dtype=None)", "Interpret the input as a matrix."},
	{"bmat", f_bmat, "bmat(obj, ldict=None, gdict=None)",
	 "Build a matrix object from a string, nested sequence, or array."},
	{NULL, NULL, NULL, NULL}
};
