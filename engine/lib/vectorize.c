/*
 * vectorize.c — np.vectorize: a Python-level function called once per
 * element of its broadcast arguments, as NumPy's class does it (otypes from
 * the first element's result, excluded positions and names, the decorator
 * forms, cache=, and gufunc signatures such as '(n),(m)->(k)').
 *
 * Owns the vectorize objects (the function, otypes, doc, excluded set and
 * parsed signature).  Never keeps state between calls.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "array/nscall.h"
#include "lang/args.h"
#include "lang/error.h"
#include "pyobj/pyobj.h"

#define VEC_MAXARG 32
#define VEC_MAXCORE 8

/* one argument or result of a signature: its core dimension names */
struct coredims {
	int n;
	char name[VEC_MAXCORE][16];
};

struct vectorize {
	struct value *pyfunc;       /* NULL until the decorator form is given one */
	struct value *doc;          /* doc= as given, or NULL */
	struct value *fdoc;         /* __doc__ */
	struct value *name;         /* __name__, or NULL */
	struct value *otypes_v;     /* the otypes attribute (str or list), or NULL */
	char otypes[VEC_MAXARG + 1]; /* type characters; "" when not given */
	struct value *excluded;     /* a list of ints and strs */
	struct value *signature;    /* str or NULL */
	int cache;
	int nin, nout;              /* from the signature */
	struct coredims in[VEC_MAXARG], out[VEC_MAXARG];
	const struct backend *be;
};

static const struct objtype vectorize_type;
#define V(v) ((struct vectorize *)(v)->u.obj.p)

static void vec_free(void *p)
{
	struct vectorize *q = p;
	val_decref(q->pyfunc);
	val_decref(q->doc);
	val_decref(q->fdoc);
	val_decref(q->name);
	val_decref(q->otypes_v);
	val_decref(q->excluded);
	val_decref(q->signature);
	free(q);
}

static int is_callable(struct value *v)
{
	return v->type == VT_FUNCTION || v->type == VT_BUILTIN || v->type == VT_TYPE ||
	       (v->type == VT_DTYPE && v->u.dt.is_type) ||
	       (v->type == VT_OBJECT && v->u.obj.t && v->u.obj.t->call &&
		(v->u.obj.t == &vectorize_type || cls_callable(v)));
}

/* "(n),(n)->(),()": each side's core dimension names (NumPy's
 * _parse_gufunc_signature, with its message) */
static int parse_side(const char **pp, struct coredims *d, int *count)
{
	const char *p = *pp;
	*count = 0;
	for (;;) {
		if (*p != '(' || *count >= VEC_MAXARG)
			return -1;
		p++;
		struct coredims *c = &d[(*count)++];
		c->n = 0;
		while (*p != ')') {
			size_t k = 0;
			if (c->n >= VEC_MAXCORE)
				return -1;
			while ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			       (*p >= '0' && *p <= '9') || *p == '_') {
				if (k + 1 >= sizeof c->name[0])
					return -1;
				c->name[c->n][k++] = *p++;
			}
			if (!k)
				return -1;
			c->name[c->n++][k] = 0;
			if (*p == ',' && p[1] != ')')
				p++;
			else if (*p != ')')
				return -1;
		}
		p++;
		if (*p != ',')
			break;
		p++;
	}
	*pp = p;
	return 0;
}

static int parse_signature(struct eval *ev, struct vectorize *q, const char *sig)
{
	char buf[512];
	size_t k = 0;
	for (const char *s = sig; *s; s++)
		if (*s != ' ' && *s != '\t' && k + 1 < sizeof buf)
			buf[k++] = *s;
	buf[k] = 0;
	const char *p = buf;
	if (parse_side(&p, q->in, &q->nin) < 0 || p[0] != '-' || p[1] != '>')
		goto bad;
	p += 2;
	if (parse_side(&p, q->out, &q->nout) < 0 || *p)
		goto bad;
	return 0;
bad:
	err_set(ev, TY_ValueError, "not a valid gufunc signature: %s", sig);
	return -1;
}

/* the type character of a dtype-like (float -> 'd'); *dtp (if given) gets
 * np.dtype(x) */
static int otype_char(struct eval *ev, const struct backend *be, struct value *x, char *out,
		      struct value **dtp)
{
	struct value *dt = arr_ns_call(ev, be, "dtype", 1, &x, NULL);
	struct value *c = dt ? val_getattr(ev, dt, "char") : NULL;
	if (!c) {
		val_decref(dt);
		return -1;
	}
	*out = val_as_cstr(c) ? val_as_cstr(c)[0] : 'd';
	val_decref(c);
	if (dtp)
		*dtp = dt;
	else
		val_decref(dt);
	return 0;
}

static int set_otypes(struct eval *ev, struct vectorize *q, struct value *ot)
{
	if (!ot || ot->type == VT_NONE)
		return 0;
	if (ot->type == VT_STR) {
		const char *all = "?bhilqnpBHILQNPefdgFDGSUVOMm";
		if (ot->u.str->len > VEC_MAXARG)
			goto bad;
		for (size_t i = 0; i < ot->u.str->len; i++) {
			char c = ot->u.str->s[i];
			if (!strchr(all, c)) {
				err_set(ev, TY_ValueError, "Invalid otype specified: %c", c);
				return -1;
			}
			q->otypes[i] = c;
		}
		q->otypes[ot->u.str->len] = 0;
		q->otypes_v = val_incref(ot);
		return 0;
	}
	if (ot->type != VT_LIST && ot->type != VT_TUPLE)
		goto bad;
	{
		struct value *items = val_iter_list(ev, ot);
		if (!items)
			return -1;
		if (items->u.seq.n > VEC_MAXARG) {
			val_decref(items);
			goto bad;
		}
		struct value *chars[VEC_MAXARG];
		size_t n = items->u.seq.n;
		for (size_t i = 0; i < n; i++) {
			char c = 0;
			if (otype_char(ev, q->be, items->u.seq.items[i], &c, &chars[i]) < 0) {
				for (size_t j = 0; j < i; j++)
					val_decref(chars[j]);
				val_decref(items);
				return -1;
			}
			q->otypes[i] = c;
		}
		q->otypes[n] = 0;
		val_decref(items);
		q->otypes_v = val_list_new(n, chars);
		return q->otypes_v ? 0 : -1;
	}
bad:
	err_set(ev, TY_ValueError, "Invalid otype specification");
	return -1;
}

/* the decorator's second stage: the function arrives */
static void vec_take_func(struct vectorize *q, struct value *f, struct eval *ev)
{
	q->pyfunc = val_incref(f);
	val_decref(q->name);
	q->name = val_getattr(ev, f, "__name__");
	if (!q->name)
		err_clear(ev);
	val_decref(q->fdoc);
	if (q->doc) {
		q->fdoc = val_incref(q->doc);
	} else {
		q->fdoc = val_getattr(ev, f, "__doc__");
		if (!q->fdoc) {
			err_clear(ev);
			q->fdoc = val_none();
		}
	}
}

/* np.vectorize(pyfunc=<no value>, otypes=None, doc=None, excluded=None,
 * cache=False, signature=None) */
static struct value *vf_vectorize(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	struct value *f = NULL, *ot = NULL, *doc = NULL, *ex = NULL, *cache = NULL, *sig = NULL;
	struct vectorize *q;
	if (args_parse(ev, "vectorize", argc, argv, kw, "|pyfunc,otypes,doc,excluded,cache,signature",
		       &f, &ot, &doc, &ex, &cache, &sig) < 0)
		return NULL;
	if (f && !is_callable(f))
		return err_set(ev, TY_TypeError, "When used as a decorator, only accepts keyword arguments.");
	if (!(q = calloc(1, sizeof *q)))
		return err_nomem(ev);
	q->be = arr_be(bi);
	struct value *self = val_object_new(&vectorize_type, q);
	if (!self) {
		free(q);
		return NULL;
	}
	if (args_bool(ev, cache, 0, &q->cache) < 0 || set_otypes(ev, q, ot) < 0)
		goto fail;
	if (doc && doc->type != VT_NONE)
		q->doc = val_incref(doc);
	q->fdoc = q->doc ? val_incref(q->doc) : val_none();
	q->excluded = ex && ex->type != VT_NONE ? val_iter_list(ev, ex) : val_list_new(0, NULL);
	if (!q->excluded)
		goto fail;
	if (sig && sig->type != VT_NONE) {
		if (sig->type != VT_STR) {
			err_set(ev, TY_TypeError, "signature must be a str");
			goto fail;
		}
		q->signature = val_incref(sig);
		if (parse_signature(ev, q, sig->u.str->s) < 0)
			goto fail;
	}
	if (f)
		vec_take_func(q, f, ev);
	return self;
fail:
	val_decref(self);
	return NULL;
}

/* is position i (name NULL) or keyword name excluded? */
static int is_excluded(struct eval *ev, struct vectorize *q, int i, const char *name)
{
	for (size_t k = 0; k < q->excluded->u.seq.n; k++) {
		struct value *e = q->excluded->u.seq.items[k];
		if (name ? (e->type == VT_STR && !strcmp(e->u.str->s, name))
			 : (e->type == VT_INT && e->u.i == i))
			return 1;
	}
	(void)ev;
	return 0;
}

/* The call with the vectorized arguments replaced by vals (in the order:
 * positions, then keywords). */
struct vcall {
	struct vectorize *q;
	int argc;
	struct value **argv;       /* the call's own, borrowed */
	const struct kwargs *kw;
	int nv;                    /* how many are vectorized */
	int pos[VEC_MAXARG];       /* index into argv, or -1 - index into kw */
};

static struct value *vcall_run(struct eval *ev, struct vcall *c, struct value **vals)
{
	struct value *args[VEC_MAXARG];
	const char *names[VEC_MAXARG];
	struct value *kvals[VEC_MAXARG];
	struct kwargs kw2 = {0, names, kvals};
	for (int i = 0; i < c->argc; i++)
		args[i] = c->argv[i];
	for (int i = 0; c->kw && i < c->kw->n; i++) {
		names[i] = c->kw->names[i];
		kvals[i] = c->kw->vals[i];
	}
	kw2.n = c->kw ? c->kw->n : 0;
	for (int k = 0; k < c->nv; k++) {
		if (c->pos[k] >= 0)
			args[c->pos[k]] = vals[k];
		else
			kvals[-1 - c->pos[k]] = vals[k];
	}
	return val_call(ev, c->q->pyfunc, c->argc, args, kw2.n ? &kw2 : NULL);
}

static void decref_n(struct value **v, int n)
{
	for (int i = 0; i < n; i++)
		val_decref(v[i]);
}

/* the dtype character of asarray(x) */
static int result_char(struct eval *ev, const struct backend *be, struct value *x, char *out)
{
	struct value *a = arr_ns_call(ev, be, "asarray", 1, &x, NULL);
	struct value *dt = a ? val_getattr(ev, a, "dtype") : NULL;
	val_decref(a);
	if (!dt)
		return -1;
	int rc = otype_char(ev, be, dt, out, NULL);
	val_decref(dt);
	return rc;
}

/* np.array(items, dtype=c).reshape(shape) */
static struct value *assemble(struct eval *ev, const struct backend *be, struct value *items, char c,
			      struct value *shape)
{
	char cs[2] = {c, 0};
	struct value *dt = val_cstr(cs);
	struct value *a = dt ? arr_ns_callk(ev, be, "array", 1, &items, "dtype", dt) : NULL;
	val_decref(dt);
	if (!a)
		return NULL;
	struct value *r = arr_method_call(ev, a, "reshape", 1, &shape, NULL);
	val_decref(a);
	return r;
}

/* the elementwise call: NumPy's frompyfunc over object arrays, the items
 * reaching pyfunc as Python scalars (tolist), and the results cast to the
 * otypes (from the first items' result, given as NumPy scalars, unless set) */
static struct value *vec_elementwise(struct eval *ev, struct vcall *c, struct value **arrs)
{
	struct vectorize *q = c->q;
	const struct backend *be = q->be;
	char otypes[VEC_MAXARG + 1];
	struct value *first = NULL, *bc = NULL, *shape = NULL, *lists[VEC_MAXARG] = {0};
	struct value *outs[VEC_MAXARG] = {0}, *res = NULL;
	int nout, nv = c->nv;
	int64_t size = 0;
	strcpy(otypes, q->otypes);
	if (!otypes[0]) {
		struct value *firsts[VEC_MAXARG];
		for (int k = 0; k < nv; k++) {
			struct ndarray *a = arr_borrow(arrs[k]);
			if (nd_size(a) == 0) {
				decref_n(firsts, k);
				return err_set(ev, TY_ValueError,
					       "cannot call `vectorize` on size 0 inputs unless `otypes` is set");
			}
			struct value *flat = arr_method_call(ev, arrs[k], "ravel", 0, NULL, NULL);
			firsts[k] = ex_item(ev, flat, val_int(0));
			if (!firsts[k]) {
				decref_n(firsts, k);
				return NULL;
			}
		}
		first = vcall_run(ev, c, firsts);
		decref_n(firsts, nv);
		if (!first)
			return NULL;
		if (first->type == VT_TUPLE) {
			nout = (int)first->u.seq.n;
			if (nout > VEC_MAXARG || nout == 0) {
				err_set(ev, TY_NotImplementedError, "vectorize: %d outputs", nout);
				goto done;
			}
			for (int k = 0; k < nout; k++)
				if (result_char(ev, be, first->u.seq.items[k], &otypes[k]) < 0)
					goto done;
		} else {
			nout = 1;
			if (result_char(ev, be, first, &otypes[0]) < 0)
				goto done;
		}
		otypes[nout] = 0;
		if (!q->cache) {
			val_decref(first);
			first = NULL;
		}
	}
	nout = (int)strlen(otypes);
	bc = arr_ns_call(ev, be, "broadcast_arrays", nv, arrs, NULL);
	if (!bc)
		goto done;
	for (int k = 0; k < nv; k++) {
		struct value *iv = val_int(k);
		struct value *b = val_getitem(ev, bc, iv);
		val_decref(iv);
		if (!b)
			goto done;
		if (k == 0) {
			shape = val_getattr(ev, b, "shape");
			size = nd_size(arr_borrow(b));
		}
		struct value *flat = arr_method_call(ev, b, "ravel", 0, NULL, NULL);
		val_decref(b);
		lists[k] = flat ? arr_method_call(ev, flat, "tolist", 0, NULL, NULL) : NULL;
		val_decref(flat);
		if (!lists[k] || !shape)
			goto done;
	}
	for (int k = 0; k < nout; k++)
		if (!(outs[k] = val_list_new(0, NULL)))
			goto done;
	for (int64_t i = 0; i < size; i++) {
		struct value *vals[VEC_MAXARG], *r;
		if (i == 0 && first) {
			r = first;
			first = NULL;
		} else {
			for (int k = 0; k < nv; k++)
				vals[k] = lists[k]->u.seq.items[i];
			if (!(r = vcall_run(ev, c, vals)))
				goto done;
		}
		if (nout == 1) {
			if (list_append(outs[0], r) < 0)
				goto done;
			continue;
		}
		if (r->type != VT_TUPLE || (int)r->u.seq.n != nout) {
			val_decref(r);
			err_set(ev, TY_ValueError, "function returned %s, but %d outputs were expected",
				r->type == VT_TUPLE ? "a tuple of another length" : "a non-tuple", nout);
			goto done;
		}
		for (int k = 0; k < nout; k++)
			if (list_append(outs[k], val_incref(r->u.seq.items[k])) < 0) {
				val_decref(r);
				goto done;
			}
		val_decref(r);
	}
	if (nout == 1) {
		res = assemble(ev, be, outs[0], otypes[0], shape);
	} else {
		struct value *items[VEC_MAXARG];
		for (int k = 0; k < nout; k++)
			if (!(items[k] = assemble(ev, be, outs[k], otypes[k], shape))) {
				decref_n(items, k);
				goto done;
			}
		res = val_tuple_new((size_t)nout, items);
	}
done:
	val_decref(first);
	val_decref(bc);
	val_decref(shape);
	for (int k = 0; k < VEC_MAXARG; k++) {
		val_decref(lists[k]);
		val_decref(outs[k]);
	}
	return res;
}

/* the sizes named in a signature, as NumPy's _parse_input_dimensions */
struct dimsizes {
	int n;
	char name[VEC_MAXARG * VEC_MAXCORE][16];
	int64_t size[VEC_MAXARG * VEC_MAXCORE];
};

static int dim_update(struct eval *ev, struct dimsizes *d, const char *name, int64_t size)
{
	for (int i = 0; i < d->n; i++)
		if (!strcmp(d->name[i], name)) {
			if (d->size[i] != size) {
				err_set(ev, TY_ValueError, "inconsistent size for core dimension '%s': %lld vs %lld",
					name, (long long)size, (long long)d->size[i]);
				return -1;
			}
			return 0;
		}
	if (d->n >= VEC_MAXARG * VEC_MAXCORE) {
		err_set(ev, TY_ValueError, "too many core dimensions");
		return -1;
	}
	strcpy(d->name[d->n], name);
	d->size[d->n++] = size;
	return 0;
}

static struct value *shape_tuple(int n, const int64_t *s)
{
	struct value *items[ND_MAXDIM * 2];
	for (int i = 0; i < n; i++)
		items[i] = val_int(s[i]);
	return val_tuple_new((size_t)n, items);
}

/* the call with a signature: each loop index's core subarrays to pyfunc */
static struct value *vec_signature(struct eval *ev, struct vcall *c, struct value **arrs)
{
	struct vectorize *q = c->q;
	const struct backend *be = q->be;
	struct dimsizes ds = {0};
	const struct ndarray *ap[VEC_MAXARG];
	struct value *bargs[VEC_MAXARG] = {0}, *outs[VEC_MAXARG] = {0}, *res = NULL;
	int64_t bshape[ND_MAXDIM];
	int bnd = 0, nout = q->nout;
	struct value *rshape[VEC_MAXARG] = {0};
	char rchar[VEC_MAXARG + 1] = {0};
	if (c->nv != q->nin)
		return err_set(ev, TY_TypeError, "wrong number of positional arguments: expected %d, got %d",
			       q->nin, c->nv);
	/* loop shape: the broadcast of each argument's leading dimensions */
	for (int k = 0; k < c->nv; k++) {
		const struct ndarray *a = arr_borrow(arrs[k]);
		int nc = q->in[k].n;
		if (a->ndim < nc)
			return err_set(ev, TY_ValueError,
				       "%d-dimensional argument does not have enough dimensions for all core dimensions",
				       a->ndim);
		for (int j = 0; j < nc; j++)
			if (dim_update(ev, &ds, q->in[k].name[j], a->shape[a->ndim - nc + j]) < 0)
				return NULL;
		ap[k] = a;
	}
	{
		struct ndarray loops[VEC_MAXARG];
		const struct ndarray *lp[VEC_MAXARG];
		for (int k = 0; k < c->nv; k++) {
			loops[k] = *ap[k];
			loops[k].ndim = ap[k]->ndim - q->in[k].n;
			lp[k] = &loops[k];
		}
		if (arr_broadcast_shapes(ev, c->nv, lp, &bnd, bshape) < 0)
			return NULL;
	}
	int64_t nloop = 1;
	for (int i = 0; i < bnd; i++)
		nloop *= bshape[i];
	for (int k = 0; k < c->nv; k++) {
		int64_t sh[ND_MAXDIM * 2];
		int nc = q->in[k].n;
		memcpy(sh, bshape, sizeof(int64_t) * (size_t)bnd);
		for (int j = 0; j < nc; j++)
			sh[bnd + j] = ap[k]->shape[ap[k]->ndim - nc + j];
		struct value *shv = shape_tuple(bnd + nc, sh);
		struct value *two[2] = {arrs[k], shv};
		bargs[k] = shv ? arr_ns_call(ev, be, "broadcast_to", 2, two, NULL) : NULL;
		val_decref(shv);
		if (!bargs[k])
			goto done;
	}
	if (nloop == 0) {
		err_set(ev, TY_NotImplementedError, "vectorize with a signature on size 0 inputs");
		goto done;
	}
	for (int k = 0; k < nout; k++)
		if (!(outs[k] = val_list_new(0, NULL)))
			goto done;
	for (int64_t i = 0; i < nloop; i++) {
		struct value *idx[ND_MAXDIM], *key, *vals[VEC_MAXARG], *r;
		int64_t rem = i;
		for (int d = bnd - 1; d >= 0; d--) {
			idx[d] = val_int(rem % bshape[d]);
			rem /= bshape[d];
		}
		if (!(key = val_tuple_new((size_t)bnd, idx)))
			goto done;
		for (int k = 0; k < c->nv; k++)
			if (!(vals[k] = val_getitem(ev, bargs[k], key))) {
				decref_n(vals, k);
				val_decref(key);
				goto done;
			}
		val_decref(key);
		r = vcall_run(ev, c, vals);
		decref_n(vals, c->nv);
		if (!r)
			goto done;
		int nres = r->type == VT_TUPLE ? (int)r->u.seq.n : 1;
		if (nres != nout) {
			val_decref(r);
			err_set(ev, TY_ValueError, "wrong number of outputs from pyfunc: expected %d, got %d",
				nout, nres);
			goto done;
		}
		for (int k = 0; k < nout; k++) {
			struct value *rk = nout == 1 ? r : r->u.seq.items[k];
			if (i == 0) {
				/* the output core sizes and dtypes come from the first result */
				struct value *a = arr_ns_call(ev, be, "asarray", 1, &rk, NULL);
				const struct ndarray *an = a ? arr_borrow(a) : NULL;
				int rc = an ? 0 : -1;
				if (an && an->ndim != q->out[k].n) {
					err_set(ev, TY_ValueError,
						"%d-dimensional argument does not have enough dimensions for all core dimensions",
						an->ndim);
					rc = -1;
				}
				for (int j = 0; rc == 0 && j < q->out[k].n; j++)
					rc = dim_update(ev, &ds, q->out[k].name[j], an->shape[j]);
				if (rc == 0) {
					int64_t sh[ND_MAXDIM * 2];
					memcpy(sh, bshape, sizeof(int64_t) * (size_t)bnd);
					memcpy(sh + bnd, an->shape, sizeof(int64_t) * (size_t)an->ndim);
					rshape[k] = shape_tuple(bnd + an->ndim, sh);
					rchar[k] = q->otypes[0] ? q->otypes[k] : 0;
					if (!rchar[k])
						rc = result_char(ev, be, a, &rchar[k]);
				}
				val_decref(a);
				if (rc < 0 || !rshape[k]) {
					val_decref(r);
					goto done;
				}
			}
			if (list_append(outs[k], val_incref(rk)) < 0) {
				val_decref(r);
				goto done;
			}
		}
		val_decref(r);
	}
	if (nout == 1) {
		res = assemble(ev, be, outs[0], rchar[0], rshape[0]);
	} else {
		struct value *items[VEC_MAXARG];
		for (int k = 0; k < nout; k++)
			if (!(items[k] = assemble(ev, be, outs[k], rchar[k], rshape[k]))) {
				decref_n(items, k);
				goto done;
			}
		res = val_tuple_new((size_t)nout, items);
	}
done:
	for (int k = 0; k < VEC_MAXARG; k++) {
		val_decref(bargs[k]);
		val_decref(outs[k]);
		val_decref(rshape[k]);
	}
	return res;
}

static struct value *vec_call(struct eval *ev, struct value *self, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	struct vectorize *q = V(self);
	struct vcall c = {q, argc, argv, kw, 0, {0}};
	struct value *arrs[VEC_MAXARG], *res;
	if (!q->pyfunc) {
		if (argc < 1)
			return err_set(ev, TY_TypeError,
				       "vectorize._init_stage_2() missing 1 required positional argument: 'pyfunc'");
		vec_take_func(q, argv[0], ev);
		return val_incref(self);
	}
	if (argc + (kw ? kw->n : 0) > VEC_MAXARG)
		return err_set(ev, TY_NotImplementedError, "vectorize: more than %d arguments", VEC_MAXARG);
	for (int i = 0; i < argc; i++)
		if (!is_excluded(ev, q, i, NULL))
			c.pos[c.nv++] = i;
	for (int i = 0; kw && i < kw->n; i++)
		if (!is_excluded(ev, q, -1, kw->names[i]))
			c.pos[c.nv++] = -1 - i;
	if (!q->signature && c.nv == 0)
		return vcall_run(ev, &c, NULL);
	for (int k = 0; k < c.nv; k++) {
		struct value *v = c.pos[k] >= 0 ? argv[c.pos[k]] : kw->vals[-1 - c.pos[k]];
		if (!(arrs[k] = arr_ns_call(ev, q->be, "asarray", 1, &v, NULL))) {
			decref_n(arrs, k);
			return NULL;
		}
	}
	res = q->signature ? vec_signature(ev, &c, arrs) : vec_elementwise(ev, &c, arrs);
	decref_n(arrs, c.nv);
	return res;
}

static struct value *vec_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct vectorize *q = V(self);
	(void)ev;
	if (!strcmp(name, "__doc__"))
		return val_incref(q->fdoc);
	if (!strcmp(name, "__name__") && q->name)
		return val_incref(q->name);
	if (!strcmp(name, "pyfunc"))
		return q->pyfunc ? val_incref(q->pyfunc) : val_none();
	if (!strcmp(name, "otypes"))
		return q->otypes_v ? val_incref(q->otypes_v) : val_none();
	if (!strcmp(name, "signature"))
		return q->signature ? val_incref(q->signature) : val_none();
	if (!strcmp(name, "cache"))
		return val_bool(q->cache);
	if (!strcmp(name, "excluded"))
		return val_incref(q->excluded);
	return NULL;
}

static char *vec_repr(struct eval *ev, struct value *self)
{
	char *s = malloc(64);
	if (!s)
		return err_nomem(ev);
	snprintf(s, 64, "<numpy.vectorize object at %p>", (void *)self);
	return s;
}

static const char *const vec_attrs[] = {
	"cache", "excluded", "otypes", "pyfunc", "signature", NULL,
};

static const struct objtype vectorize_type = {
	.name = "vectorize", .free = vec_free, .getattr = vec_getattr, .call = vec_call,
	.repr = vec_repr, .attrs = vec_attrs,
};

const struct arr_func arr_vectorize_funcs[] = {
	{"vectorize", vf_vectorize, "vectorize(pyfunc=np._NoValue, otypes=None, doc=None, excluded=None, cache=False, signature=None)",
	 "Returns an object that acts like pyfunc, but takes arrays as input."},
	{NULL, NULL, NULL, NULL}
};
