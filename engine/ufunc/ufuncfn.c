/*
 * ufuncfn.c — the ufuncs as np./cp. functions (arr_ufunc_funcs): np.add,
 * np.sin ... with out= and dtype=, and the ufunc-like functions NumPy
 * writes in Python: divmod, clip, around/round, fix, angle, real, imag,
 * real_if_close, isposinf, isneginf, nan_to_num; frexp, NumPy's ufunc of
 * two outputs, as its two elementwise halves.
 *
 * Owns nothing; every function is written once for both namespaces.
 */
#include <string.h>
#include <math.h>
#include <float.h>
#include "array/arrapi.h"
#include "array/nscall.h"
#include "lang/args.h"
#include "lang/error.h"
#include "ufunc/ufunc.h"
#include "ufunc/ufuncmeth.h"
#include "ufunc/fpe.h"
#include "ufunc/fuse.h"

static struct value *fn_ufunc(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw);

/* The ufunc call with a where= mask: out[mask] = op(x...)[mask]; where the
 * mask is False out keeps its values (a new output: zeros, where NumPy
 * leaves memory uninitialised).  The full result is computed into a copy of
 * out first, so shapes and the casting rule are checked as without where. */
static struct value *ufunc_where(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw,
				 struct value *where, struct value *out)
{
	const struct backend *be = arr_be(bi);
	const struct ufunc *u = &ufunc_table[uf_lookup(bi->name)];
	struct ndarray *m, *full = NULL, *mb = NULL, *tmp = NULL;
	struct value *r = NULL, *tv = NULL, *mv = NULL, *sel = NULL;
	struct value *args[EW_MAXARGS + 1];
	struct kwargs k2 = { 0, NULL, NULL };
	const char *names[8];
	struct value *vals[8];
	int nin = u->nin;
	m = arr_asarray(ev, be, where, -1);
	if (!m)
		return NULL;
	if (m->dtype != DT_BOOL) {
		err_set(ev, TY_TypeError, "Cannot cast array data from dtype('%s') to dtype('bool') according to the rule 'safe'",
			dtype_table[m->dtype].name);
		nd_decref(m);
		return NULL;
	}
	/* the result without the mask: into a copy of out, or a new array */
	for (int i = 0; i < nin; i++)
		args[i] = argv[i];
	for (int i = 0; kw && i < kw->n && k2.n < 8; i++)
		if (strcmp(kw->names[i], "where") && strcmp(kw->names[i], "out")) {
			names[k2.n] = kw->names[i];
			vals[k2.n++] = kw->vals[i];
		}
	k2.names = names;
	k2.vals = vals;
	if (out) {
		tmp = arr_contiguous(ev, arr_borrow(out));
		if (tmp && tmp->buf == arr_borrow(out)->buf) {
			struct ndarray *c = nd_new(ev, be, tmp->dtype, tmp->ndim, tmp->shape);
			if (c && nd_backend(c)->copy(ev, c, tmp) < 0) {
				nd_decref(c);
				c = NULL;
			}
			nd_decref(tmp);
			tmp = c;
		}
		tv = tmp ? arr_wrap(ev, tmp) : NULL;
		if (!tv)
			goto out;
		args[nin] = tv;
	}
	{
		int saved = fpe_ignore_begin();
		r = fn_ufunc(ev, bi, nin + (out ? 1 : 0), args, &k2);
		fpe_ignore_end(saved);
	}
	if (!r)
		goto out;
	{
		/* r, the mask and out broadcast together; out's shape must not grow */
		struct ndarray *ra = arr_asarray(ev, be, r, -1);
		const struct ndarray *ops[2] = { ra, m };
		int ndim;
		int64_t shape[ND_MAXDIM];
		if (!ra || arr_broadcast_shapes(ev, 2, ops, &ndim, shape) < 0) {
			nd_decref(ra);
			goto fail;
		}
		if (out) {
			struct ndarray *o = arr_borrow(out);
			if (o->ndim != ndim || memcmp(o->shape, shape, sizeof(int64_t) * (size_t)ndim)) {
				char a[256], b[256];
				arr_format_shape_compact(a, sizeof a, o->ndim, o->shape);
				arr_format_shape_compact(b, sizeof b, ndim, shape);
				err_set(ev, TY_ValueError, "non-broadcastable output operand with shape %s doesn't match the broadcast shape %s", a, b);
				nd_decref(ra);
				goto fail;
			}
		}
		full = arr_broadcast_to(ev, ra, ndim, shape);
		mb = full ? arr_broadcast_to(ev, m, ndim, shape) : NULL;
		nd_decref(ra);
		if (!mb)
			goto fail;
		val_decref(r);
		r = NULL;
		if (!out) {
			/* a new output: zeros where the mask is False */
			struct ndarray *z = nd_new(ev, be, full->dtype, ndim, shape);
			struct value *zero = val_int(0);
			if (!z || !zero) {
				nd_decref(z);
				val_decref(zero);
				goto fail;
			}
			out = r = arr_wrap(ev, z);
			struct value *ell = val_ellipsis();
			int rc = ell && r ? val_setitem(ev, r, ell, zero) : -1;
			val_decref(ell);
			val_decref(zero);
			if (rc < 0)
				goto fail;
		} else {
			r = val_incref(out);
		}
		mv = arr_wrap(ev, nd_incref(mb));
		struct value *fv = mv ? arr_wrap(ev, nd_incref(full)) : NULL;
		sel = fv ? val_getitem(ev, fv, mv) : NULL;
		val_decref(fv);
		if (!sel || val_setitem(ev, out, mv, sel) < 0)
			goto fail;
	}
	goto out;
fail:
	val_decref(r);
	r = NULL;
out:
	val_decref(sel);
	val_decref(mv);
	val_decref(tv);
	nd_decref(full);
	nd_decref(mb);
	nd_decref(m);
	return r;
}

/* np.<ufunc>(x1[, x2], /, out=None, *, where=True, casting=, dtype=None) */
static struct value *fn_ufunc(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	int uf = uf_lookup(bi->name), dtype = -1;
	const struct ufunc *u;
	struct value *out = NULL, *dt = NULL, *where = NULL;
	struct ndarray *o = NULL, *r;
	/* np.sqrt of one positive finite float64 (a loop over x[i]): sqrt is
	 * exact to the rounding, no condition can arise */
	if (argc == 1 && (!kw || !kw->n) && !arr_is_cupy(arr_be(bi)) && !strcmp(bi->name, "sqrt")
	    && ((argv[0]->type == VT_SCALAR && argv[0]->u.sc.dtype == DT_FLOAT64) || argv[0]->type == VT_FLOAT)) {
		double x = argv[0]->type == VT_FLOAT ? argv[0]->u.f : argv[0]->u.sc.v.f;
		if (x > 0 && isfinite(x)) {
			union scalar_data d = {.f = sqrt(x)};
			return val_scalar(DT_FLOAT64, d);
		}
	}
	if (uf < 0)
		return err_set(ev, TY_NotImplementedError, "ufunc '%s' is not implemented", bi->name);
	u = &ufunc_table[uf];
	if (argc < u->nin)
		return err_set(ev, TY_TypeError, "%s() takes from %d to %d positional arguments but %d were given",
			       u->name, u->nin, u->nin + u->nout, argc);
	if (argc > u->nin + u->nout)
		return err_set(ev, TY_TypeError, "%s() takes from %d to %d positional arguments but %d were given",
			       u->name, u->nin, u->nin + u->nout, argc);
	if (argc > u->nin)
		out = argv[u->nin];
	for (int i = 0; kw && i < kw->n; i++) {
		const char *k = kw->names[i];
		if (!strcmp(k, "out")) {
			if (out)
				return err_set(ev, TY_TypeError, "cannot specify 'out' as both a positional and keyword argument");
			out = kw->vals[i];
		} else if (!strcmp(k, "dtype")) {
			dt = kw->vals[i];
		} else if (!strcmp(k, "where")) {
			where = kw->vals[i];
		} else if (!strcmp(k, "casting") || !strcmp(k, "order") || !strcmp(k, "subok")) {
			/* accepted; same_kind is what we do */
		} else {
			return err_set(ev, TY_TypeError, "%s() got an unexpected keyword argument '%s'", u->name, k);
		}
	}
	if (where && where->type == VT_BOOL && where->u.i)
		where = NULL;   /* where=True: everywhere */
	if (dt && arr_parse_dtype(ev, dt, &dtype) < 0)
		return NULL;
	if (out && out->type != VT_NONE) {
		if (out->type == VT_TUPLE && out->u.seq.n == 1)
			out = out->u.seq.items[0];
		o = arr_borrow(out);
		if (!o)
			return err_set(ev, TY_TypeError, "return arrays must be of ArrayType");
	}
	if (where)
		return ufunc_where(ev, bi, argc, argv, kw, where, out && out->type != VT_NONE ? out : NULL);
	if (dtype >= 0) {
		/* computing in dtype: cast inputs first, as NumPy's dtype= does */
		struct value *in[EW_MAXARGS];
		int n = u->nin;
		const struct backend *be = arr_be(bi);
		for (int i = 0; i < n; i++) {
			struct ndarray *a = arr_asarray(ev, be, argv[i], -1);
			struct ndarray *c = a ? arr_astype(ev, a, dtype) : NULL;
			nd_decref(a);
			in[i] = c ? arr_wrap(ev, c) : NULL;
			if (!in[i]) {
				for (int j = 0; j < i; j++)
					val_decref(in[j]);
				return NULL;
			}
		}
		r = uf_apply_arrays(ev, be, uf, n, in, o);
		for (int i = 0; i < n; i++)
			val_decref(in[i]);
	} else {
		r = uf_apply_arrays(ev, arr_be(bi), uf, u->nin, argv, o);
	}
	if (!r)
		return NULL;
	if (o) {
		nd_decref(r);
		return val_incref(out);
	}
	return arr_result(ev, r);
}

static struct value *call2(struct eval *ev, const struct backend *be, const char *name,
			   struct value *a, struct value *b, struct value *out)
{
	struct value *in[2] = {a, b};
	return uf_apply(ev, be, uf_lookup(name), 2, in, out);
}

static struct value *call1(struct eval *ev, const struct backend *be, const char *name,
			   struct value *a, struct value *out)
{
	return uf_apply(ev, be, uf_lookup(name), 1, &a, out);
}

/* np.divmod(x1, x2) -> (x1 // x2, x1 % x2) */
static struct value *fn_divmod(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	struct value *a, *b, *items[2];
	if (args_parse(ev, "divmod", argc, argv, kw, "x1,x2", &a, &b) < 0)
		return NULL;
	items[0] = call2(ev, arr_be(bi), "floor_divide", a, b, NULL);
	items[1] = items[0] ? call2(ev, arr_be(bi), "remainder", a, b, NULL) : NULL;
	if (!items[1]) {
		val_decref(items[0]);
		return NULL;
	}
	return val_tuple_new(2, items);
}

/* np.frexp(x[, out1, out2], /, out=(m, e), *, casting=...): (mantissa,
 * int32 exponent), resolved by the frexp row's loops ('d->di'), each part
 * one elementwise ufunc (_frexp_mantissa / _frexp_exponent, uloops.c) so
 * that both backends and their code generators see single outputs.  Given
 * outputs are returned themselves; 0-d results are NumPy scalars. */
static struct value *two_outputs(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw, const char *name,
				 const char *part0, const char *part1, int int32_second)
{
	int uf, ufm, ufe;
	const struct backend *be = arr_be(bi);
	struct value *outs[2] = {NULL, NULL}, *items[2] = {NULL, NULL};
	struct ndarray *o[2] = {NULL, NULL}, *a, *r[2] = {NULL, NULL};
	struct uf_operand op = {0};
	int dts[1], loop;
	uf = uf_lookup(name);
	ufm = uf_lookup(part0);
	ufe = uf_lookup(part1);
	if (argc < 1 || argc > 3)
		return err_set(ev, TY_TypeError, "%s() takes from 1 to 3 positional arguments but %d were given", name, argc);
	for (int i = 1; i < argc; i++)
		outs[i - 1] = argv[i];
	for (int i = 0; kw && i < kw->n; i++) {
		const char *k = kw->names[i];
		struct value *v = kw->vals[i];
		if (!strcmp(k, "out")) {
			if (argc > 1)
				return err_set(ev, TY_TypeError, "cannot specify 'out' as both a positional and keyword argument");
			if (v->type == VT_TUPLE) {
				if (v->u.seq.n != 2)
					return err_set(ev, TY_ValueError, "The 'out' tuple must have exactly 2 entries: one per ufunc output");
				outs[0] = v->u.seq.items[0];
				outs[1] = v->u.seq.items[1];
			} else if (v->type != VT_NONE) {
				return err_set(ev, TY_TypeError, "'out' must be a tuple of arrays");
			}
		} else if (strcmp(k, "casting") && strcmp(k, "order") && strcmp(k, "subok")) {
			return err_set(ev, TY_TypeError, "%s() got an unexpected keyword argument '%s'", name, k);
		}
	}
	for (int i = 0; i < 2; i++)
		if (outs[i] && outs[i]->type != VT_NONE && !(o[i] = arr_borrow(outs[i])))
			return err_set(ev, TY_TypeError, "return arrays must be of ArrayType");
	/* NumPy's resolution and its messages, by the frexp row */
	a = arr_asarray(ev, be, argv[0], -1);
	if (!a)
		return NULL;
	op.dtype = a->dtype;
	nd_decref(a);
	loop = uf_resolve(ev, uf, 1, &op, dts);
	if (loop < 0)
		return NULL;
	for (int i = 0; i < 2; i++) {
		int odt = i && int32_second ? DT_INT32 : uf_loop_out(&ufunc_table[uf].loops[loop]);
		if (o[i] && !dt_can_cast(odt, o[i]->dtype, "same_kind"))
			return err_set(ev, TY_UFuncTypeError,
				       "Cannot cast ufunc '%s' output from dtype('%s') to dtype('%s') with casting rule 'same_kind'",
				       name, dtype_table[odt].name, dtype_table[o[i]->dtype].name);
	}
	/* the exponent first: out=(x, e) overwrites x with the mantissa */
	r[1] = uf_apply_arrays(ev, be, ufe, 1, argv, o[1]);
	r[0] = r[1] ? uf_apply_arrays(ev, be, ufm, 1, argv, o[0]) : NULL;
	if (!r[0]) {
		nd_decref(r[1]);
		return NULL;
	}
	for (int i = 0; i < 2; i++) {
		if (o[i]) {
			nd_decref(r[i]);
			items[i] = val_incref(outs[i]);
		} else {
			items[i] = arr_result(ev, r[i]);
		}
	}
	if (!items[0] || !items[1]) {
		val_decref(items[0]);
		val_decref(items[1]);
		return NULL;
	}
	return val_tuple_new(2, items);
}

static struct value *fn_frexp(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	return two_outputs(ev, bi, argc, argv, kw, "frexp", "_frexp_mantissa", "_frexp_exponent", 1);
}

/* np.modf(x[, out1, out2], /, out=(f, i)): the fractional and integral
 * parts (_modf_frac / _modf_int), as frexp's two parts */
static struct value *fn_modf(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	return two_outputs(ev, bi, argc, argv, kw, "modf", "_modf_frac", "_modf_int", 0);
}

/* np.clip(a, a_min, a_max, out=None) */
static struct value *fn_clip(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	struct value *a, *lo = NULL, *hi = NULL, *out = NULL, *min = NULL, *max = NULL;
	if (args_parse(ev, "clip", argc, argv, kw, "a|a_min,a_max,out,$min,max",
		       &a, &lo, &hi, &out, &min, &max) < 0)
		return NULL;
	if (!lo || lo->type == VT_NONE)
		lo = min;
	if (!hi || hi->type == VT_NONE)
		hi = max;
	if (lo && lo->type == VT_NONE)
		lo = NULL;
	if (hi && hi->type == VT_NONE)
		hi = NULL;
	if (!lo && !hi)
		return err_set(ev, TY_ValueError, "One of max or min must be given");
	if (!lo)
		return call2(ev, arr_be(bi), "minimum", a, hi, out);
	if (!hi)
		return call2(ev, arr_be(bi), "maximum", a, lo, out);
	{
		struct value *in[3] = {a, lo, hi};
		return uf_apply(ev, arr_be(bi), uf_lookup("clip"), 3, in, out);
	}
}

/* the clip method: a.clip(min=None, max=None, out=None) */
static struct value *m_clip(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	struct value *lo = NULL, *hi = NULL, *out = NULL;
	struct value *av[4];
	struct kwargs k2 = {0};
	if (args_parse(ev, "clip", argc, argv, kw, "|min,max,out", &lo, &hi, &out) < 0)
		return NULL;
	av[0] = bi->self;
	av[1] = lo ? lo : NULL;
	av[2] = hi ? hi : NULL;
	{
		struct value *none = val_none();
		if (!av[1]) av[1] = none;
		if (!av[2]) av[2] = none;
		av[3] = out ? out : none;
		struct builtin b2 = *bi;
		b2.data = (void *)nd_backend(bi->self->u.arr);
		struct value *r = fn_clip(ev, &b2, 4, av, &k2);
		val_decref(none);
		return r;
	}
}

static struct value *arr_round(struct eval *ev, const struct backend *be, struct value *a,
			int64_t dec, struct value *out);

/* complex x rounded to dec decimals as NumPy's PyArray_Round does it: a
 * copy (or out) whose real and imaginary parts are each part of x rounded
 * as a real array */
static struct value *round_complex(struct eval *ev, const struct backend *be, struct ndarray *x,
				   int64_t dec, struct value *out)
{
	struct ndarray *res;
	if (out && out->type != VT_NONE) {
		res = arr_borrow(out);
		if (!res)
			return err_set(ev, TY_TypeError, "output must be an array");
		if (!dt_is_complex(res->dtype))
			return err_set(ev, TY_TypeError, "round of complex arrays: out must be complex");
		nd_incref(res);
	} else if (!(res = nd_new(ev, be, x->dtype, x->ndim, x->shape))) {
		return NULL;
	}
	for (int part = 0; part < 2; part++) {
		struct ndarray *p = arr_real_imag(ev, x, part), *dst, *src = NULL;
		struct value *pv = p ? arr_wrap(ev, p) : NULL;
		struct value *rp = pv ? arr_round(ev, be, pv, dec, NULL) : NULL;
		int rc = -1;
		val_decref(pv);
		dst = rp ? arr_real_imag(ev, res, part) : NULL;
		src = dst ? arr_asarray(ev, be, rp, -1) : NULL;
		if (src)
			rc = nd_backend(dst)->copy(ev, dst, src);
		nd_decref(src);
		nd_decref(dst);
		val_decref(rp);
		if (rc < 0) {
			nd_decref(res);
			return NULL;
		}
	}
	if (out && out->type != VT_NONE) {
		nd_decref(res);
		return val_incref(out);
	}
	return arr_result(ev, res);
}

/* a real round with decimals != 0 as one kernel where the backend fuses
 * (the device): the three ufuncs of arr_round (multiply, rint, true_divide,
 * or divide first for negative decimals) as one pending tree, bit for bit
 * the same arithmetic.  1 with *r set, 0 when not fused (nothing done),
 * -1 with the error set. */
static int round_fused(struct eval *ev, const struct backend *be, struct value *xv, double p, int up,
		       struct value **r)
{
	static int mul = -2, div = -2, rnt = -2;
	struct fz in[2], a = {0}, b = {0};
	int rc;
	if (mul == -2) {
		mul = uf_lookup("multiply");
		div = uf_lookup("true_divide");
		rnt = uf_lookup("rint");
	}
	if (mul < 0 || div < 0 || rnt < 0)
		return 0;
	in[0].v = val_incref(xv);
	in[0].t = NULL;
	in[1].v = val_float(p);
	in[1].t = NULL;
	rc = in[1].v ? fz_apply(ev, be, up ? mul : div, 2, in, &a) : -1;
	fz_clear(&in[0]);
	fz_clear(&in[1]);
	if (rc == 1)
		rc = fz_apply(ev, be, rnt, 1, &a, &b);
	fz_clear(&a);
	if (rc == 1) {
		in[0] = b;             /* moved: b is not cleared again */
		in[1].v = val_float(p);
		in[1].t = NULL;
		rc = in[1].v ? fz_apply(ev, be, up ? div : mul, 2, in, &a) : -1;
		fz_clear(&in[0]);
		fz_clear(&in[1]);
	} else {
		fz_clear(&b);
	}
	if (rc == 1) {
		*r = fz_value(ev, &a);
		rc = *r ? 1 : -1;
	}
	fz_clear(&a);
	return rc;
}

/* np.around(a, decimals=0, out=None) / np.round: NumPy's rint(a * 10**d) / 10**d */
static struct value *arr_round(struct eval *ev, const struct backend *be, struct value *a,
			int64_t dec, struct value *out)
{
	struct ndarray *x = arr_asarray(ev, be, a, -1);
	struct value *xv, *r = NULL;
	if (!x)
		return NULL;
	if (!dt_is_inexact(x->dtype)) {
		if (dec >= 0) {
			if (out && out->type != VT_NONE) {
				struct value *z = val_int(0);
				xv = arr_wrap(ev, x);
				r = xv ? call2(ev, be, "add", xv, z, out) : NULL;
				val_decref(xv);
				val_decref(z);
				return r;
			}
			struct ndarray *c = arr_contiguous(ev, x);
			nd_decref(x);
			return arr_result(ev, c);
		}
		/* negative decimals on integers: round half to even on the multiple */
		{
			int64_t p = 1;
			for (int64_t i = 0; i < -dec && p < INT64_MAX / 10; i++)
				p *= 10;
			struct value *f = val_float((double)p), *t1, *t2, *t3;
			xv = arr_wrap(ev, x);
			struct ndarray *xd = xv ? arr_astype(ev, x, DT_FLOAT64) : NULL;
			struct value *xdv = xd ? arr_wrap(ev, xd) : NULL;
			t1 = xdv ? call2(ev, be, "true_divide", xdv, f, NULL) : NULL;
			t2 = t1 ? call1(ev, be, "rint", t1, NULL) : NULL;
			t3 = t2 ? call2(ev, be, "multiply", t2, f, NULL) : NULL;
			if (t3) {
				struct ndarray *ta = arr_asarray(ev, be, t3, -1);
				struct ndarray *ti = ta ? arr_astype(ev, ta, x->dtype) : NULL;
				nd_decref(ta);
				r = ti ? arr_result(ev, ti) : NULL;
			}
			val_decref(f); val_decref(t1); val_decref(t2); val_decref(t3);
			val_decref(xdv); val_decref(xv);
			return r;
		}
	}
	xv = arr_wrap(ev, x);
	if (!xv)
		return NULL;
	if (dec == 0) {
		r = call1(ev, be, "rint", xv, out);
	} else if (dt_is_complex(x->dtype)) {
		r = round_complex(ev, be, x, dec, out);
	} else {
		double p = pow(10.0, (double)(dec < 0 ? -dec : dec));
		struct value *f, *t1, *t2;
		if (x->ndim > 0 && (!out || out->type == VT_NONE)) {
			int rc = round_fused(ev, be, xv, p, dec > 0, &r);
			if (rc != 0) {
				val_decref(xv);
				return rc < 0 ? NULL : r;
			}
		}
		f = val_float(p);
		if (dec > 0) {
			t1 = call2(ev, be, "multiply", xv, f, NULL);
			t2 = t1 ? call1(ev, be, "rint", t1, NULL) : NULL;
			r = t2 ? call2(ev, be, "true_divide", t2, f, out) : NULL;
		} else {
			t1 = call2(ev, be, "true_divide", xv, f, NULL);
			t2 = t1 ? call1(ev, be, "rint", t1, NULL) : NULL;
			r = t2 ? call2(ev, be, "multiply", t2, f, out) : NULL;
		}
		val_decref(f);
		val_decref(t1);
		val_decref(t2);
	}
	val_decref(xv);
	return r;
}

static struct value *fn_around(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	struct value *a, *d = NULL, *out = NULL;
	int64_t dec;
	if (args_parse(ev, bi->name, argc, argv, kw, "a|decimals,out", &a, &d, &out) < 0 ||
	    args_int(ev, d, 0, &dec) < 0)
		return NULL;
	return arr_round(ev, arr_be(bi), a, dec, out);
}

static struct value *m_round(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	struct value *d = NULL, *out = NULL;
	int64_t dec;
	if (args_parse(ev, "round", argc, argv, kw, "|decimals,out", &d, &out) < 0 ||
	    args_int(ev, d, 0, &dec) < 0)
		return NULL;
	return arr_round(ev, nd_backend(bi->self->u.arr), bi->self, dec, out);
}

/* np.fix: round toward zero; for floats exactly trunc (-0.5 -> -0.0) */
static struct value *fn_fix(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	struct value *x, *out = NULL;
	if (args_parse(ev, "fix", argc, argv, kw, "x|out", &x, &out) < 0)
		return NULL;
	return call1(ev, arr_be(bi), "trunc", x, out);
}

/* np.real_if_close(a, tol=100): a.real when every imaginary part is below
 * tol (tol > 1: tol machine epsilons of a's dtype, as a float32 product for
 * complex64), else a; a itself when not complex.  Always an array. */
static struct value *fn_real_if_close(struct eval *ev, const struct builtin *bi, int argc,
				      struct value **argv, const struct kwargs *kw)
{
	struct value *x, *tolv = NULL;
	struct value *c;
	struct ndarray *a, *im;
	double tol = 100;
	int close, single;
	if (args_parse(ev, "real_if_close", argc, argv, kw, "a|tol", &x, &tolv) < 0 ||
	    (tolv && val_as_double(ev, tolv, &tol) < 0))
		return NULL;
	a = arr_asarray(ev, arr_be(bi), x, -1);
	if (!a)
		return NULL;
	if (!dt_is_complex(a->dtype)) {
		if (x->type == VT_NDARRAY && a == x->u.arr) {
			nd_decref(a);
			return val_incref(x);
		}
		return arr_wrap(ev, a);
	}
	single = a->dtype == DT_COMPLEX64;
	if (tol > 1)
		tol = single ? (double)((float)FLT_EPSILON * (float)tol) : DBL_EPSILON * tol;
	else if (single)
		tol = (float)tol;   /* compared in float32 (a weak Python float) */
	/* all(absolute(a.imag) < tol), where a lives (one bool read back) */
	im = arr_real_imag(ev, a, 1);
	c = ex_fn1(ev, nd_backend(a), "all",
		   ex_bin(ev, OP_LT, ex_fn1(ev, nd_backend(a), "absolute", im ? arr_wrap(ev, im) : NULL),
			  val_float(tol)));
	close = c ? val_truth(ev, c) : -1;
	val_decref(c);
	if (close < 0) {
		nd_decref(a);
		return NULL;
	}
	if (close) {
		struct ndarray *re = arr_real_imag(ev, a, 0);
		nd_decref(a);
		return arr_wrap(ev, re);
	}
	return arr_wrap(ev, a);
}

static struct value *fn_realimag(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	struct value *x;
	struct ndarray *a, *r;
	int imag = !strcmp(bi->name, "imag");
	if (args_parse(ev, bi->name, argc, argv, kw, "val", &x) < 0)
		return NULL;
	if (x->type == VT_INT || x->type == VT_FLOAT || x->type == VT_COMPLEX || x->type == VT_BOOL)
		return val_getattr(ev, x, bi->name);   /* NumPy: val.real of a Python number */
	if (x->type != VT_NDARRAY) {
		a = arr_asarray(ev, arr_be(bi), x, -1);
		r = a ? arr_real_imag(ev, a, imag) : NULL;
		nd_decref(a);
		if (r && r->ndim == 0)
			return arr_result(ev, r);
		return arr_wrap(ev, r);
	}
	return arr_wrap(ev, arr_real_imag(ev, x->u.arr, imag));
}

/* np.angle(z, deg=False) */
static struct value *fn_angle(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	struct value *z, *deg = NULL, *re, *im, *r;
	struct ndarray *a;
	int d;
	if (args_parse(ev, "angle", argc, argv, kw, "z|deg", &z, &deg) < 0 ||
	    args_bool(ev, deg, 0, &d) < 0)
		return NULL;
	a = arr_asarray(ev, arr_be(bi), z, -1);
	if (!a)
		return NULL;
	re = arr_wrap(ev, arr_real_imag(ev, a, 0));
	im = re ? arr_wrap(ev, arr_real_imag(ev, a, 1)) : NULL;
	nd_decref(a);
	r = im ? call2(ev, arr_be(bi), "arctan2", im, re, NULL) : NULL;
	val_decref(re);
	val_decref(im);
	if (r && d) {
		struct value *r2 = call1(ev, arr_be(bi), "rad2deg", r, NULL);
		val_decref(r);
		r = r2;
	}
	return r;
}

struct value *arr_ufunc_entry(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	return fn_ufunc(ev, bi, argc, argv, kw);
}

int arr_ufunc_is_builtin(const struct builtin *bi)
{
	return bi->fn == fn_ufunc || bi->fn == arr_ufunc_entry || bi->fn == fn_frexp || bi->fn == fn_modf;
}

/* ---- isposinf, isneginf, nan_to_num (NumPy's ufunclike / type_check) ---- */

/* isinf(x) & (signbit(x) == neg) into out (NULL: a new array); complex
 * input is NumPy's TypeError. */
static struct value *signed_inf(struct eval *ev, const struct backend *be, struct value *xv, int neg,
				struct value *outv)
{
	struct value *inf, *sgn, *r = NULL;
	struct ndarray *a = arr_asarray(ev, be, xv, -1);
	if (!a)
		return NULL;
	int dt = a->dtype;
	nd_decref(a);
	if (dt_is_complex(dt))
		return err_set(ev, TY_TypeError, "This operation is not supported for %s values because it would be ambiguous.",
			       dtype_table[dt].name);
	if (!(inf = arr_ufunc_call(ev, be, "isinf", 1, &xv, NULL)))
		return NULL;
	if ((sgn = arr_ufunc_call(ev, be, "signbit", 1, &xv, NULL)) && !neg) {
		struct value *t = arr_ufunc_call(ev, be, "logical_not", 1, &sgn, NULL);
		val_decref(sgn);
		sgn = t;
	}
	if (sgn) {
		struct value *in[2] = {inf, sgn};
		r = arr_ufunc_call(ev, be, "logical_and", 2, in, outv);
		val_decref(sgn);
	}
	val_decref(inf);
	return r;
}

/* isposinf / isneginf(x, out=None) */
static struct value *fn_isxinf(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	struct value *xv, *outv = NULL;
	if (args_parse(ev, bi->name, argc, argv, kw, "x|out", &xv, &outv) < 0)
		return NULL;
	return signed_inf(ev, arr_be(bi), xv, !strcmp(bi->name, "isneginf"),
			  outv && outv->type != VT_NONE ? outv : NULL);
}

/* part[pred(part)] = v, on either backend */
static int replace_where(struct eval *ev, const struct backend *be, struct value *part, const char *pred,
			 struct value *v)
{
	struct value *m = strcmp(pred, "isnan") ? signed_inf(ev, be, part, !strcmp(pred, "isneginf"), NULL)
						 : arr_ufunc_call(ev, be, "isnan", 1, &part, NULL);
	int rc;
	if (!m)
		return -1;
	if (arr_borrow(v) || v->type == VT_LIST || v->type == VT_TUPLE) {
		/* an array of values broadcasts to x's shape, as copyto(d, v, where=m) */
		struct ndarray *pa = arr_borrow(part), *va = arr_asarray(ev, be, v, -1);
		struct ndarray *bv = pa && va ? arr_broadcast_to(ev, va, pa->ndim, pa->shape) : NULL;
		struct value *bvv = arr_wrap(ev, bv);
		struct value *pick = bvv ? val_getitem(ev, bvv, m) : NULL;
		rc = pick ? val_setitem(ev, part, m, pick) : -1;
		nd_decref(va);
		val_decref(bvv);
		val_decref(pick);
		val_decref(m);
		return rc;
	}
	rc = val_setitem(ev, part, m, v);
	val_decref(m);
	return rc;
}

/* nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None) */
static struct value *fn_nan_to_num(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				   const struct kwargs *kw)
{
	const struct backend *be = arr_be(bi);
	struct value *xv, *copyv = NULL, *nanv = NULL, *posv = NULL, *negv = NULL, *rv, *parts[2] = {0};
	struct value *zero = NULL, *big = NULL, *small = NULL;
	int copy, np = 1, rc = 0;
	if (args_parse(ev, "nan_to_num", argc, argv, kw, "x|copy,nan,posinf,neginf", &xv, &copyv, &nanv, &posv,
		       &negv) < 0 || args_bool(ev, copyv, 1, &copy) < 0)
		return NULL;
	struct ndarray *a = arr_asarray(ev, be, xv, -1), *c;
	if (!a)
		return NULL;
	if (copy && a == arr_borrow(xv)) {
		c = arr_copy_order(ev, a, a->dtype, 'K');
		nd_decref(a);
		if (!(a = c))
			return NULL;
	}
	/* copy=False on an ndarray of an inexact dtype: x itself, fixed in place */
	if (a == arr_borrow(xv)) {
		nd_decref(a);
		rv = val_incref(xv);
	} else if (!(rv = arr_wrap(ev, a))) {
		return NULL;
	}
	if (!dt_is_inexact(a->dtype))
		goto done;
	if (dt_is_complex(a->dtype)) {
		np = 2;
		parts[0] = val_getattr(ev, rv, "real");
		parts[1] = parts[0] ? val_getattr(ev, rv, "imag") : NULL;
	} else {
		parts[0] = val_incref(rv);
	}
	/* finfo(x.real.dtype).max / .min */
	int rdt = dt_is_complex(a->dtype) ? (a->dtype == DT_COMPLEX64 ? DT_FLOAT32 : DT_FLOAT64) : a->dtype;
	double maxf = rdt == DT_FLOAT16 ? 65504.0 : rdt == DT_FLOAT32 ? FLT_MAX : DBL_MAX;
	zero = nanv && nanv->type != VT_NONE ? val_incref(nanv) : val_float(0.0);
	big = posv && posv->type != VT_NONE ? val_incref(posv) : val_float(maxf);
	small = negv && negv->type != VT_NONE ? val_incref(negv) : val_float(-maxf);
	for (int k = 0; k < np && rc == 0; k++)
		rc = !parts[k] ? -1 : replace_where(ev, be, parts[k], "isnan", zero) < 0 ||
			replace_where(ev, be, parts[k], "isposinf", big) < 0 ||
			replace_where(ev, be, parts[k], "isneginf", small) < 0 ? -1 : 0;
	for (int k = 0; k < np; k++)
		if (parts[k])
			val_decref(parts[k]);
	val_decref(zero);
	val_decref(big);
	val_decref(small);
	if (rc < 0) {
		val_decref(rv);
		return NULL;
	}
done:
	if (a->ndim == 0) {
		struct value *s = arr_result(ev, nd_incref(a));
		val_decref(rv);
		return s;
	}
	return rv;
}

#define U1(n) {n, fn_ufunc, n "(x, /, out=None, *, where=True, casting='same_kind', dtype=None)", \
	"Elementwise " n " (a NumPy ufunc)."}
#define U2(n) {n, fn_ufunc, n "(x1, x2, /, out=None, *, where=True, casting='same_kind', dtype=None)", \
	"Elementwise " n " (a NumPy ufunc)."}

const struct arr_func arr_ufunc_funcs[] = {
	U2("add"), U2("subtract"), U2("multiply"), U2("divide"), U2("true_divide"),
	U2("floor_divide"), U2("power"), U2("pow"), U2("float_power"), U2("remainder"), U2("mod"),
	U2("fmod"), U1("negative"), U1("positive"), U1("absolute"), U1("abs"), U1("sign"),
	U1("reciprocal"), U1("square"), U1("sqrt"), U1("cbrt"), U1("exp"), U1("exp2"),
	U1("expm1"), U1("log"), U1("log2"), U1("log10"), U1("log1p"), U1("sin"), U1("cos"),
	U1("tan"), U1("arcsin"), U1("arccos"), U1("arctan"), U1("asin"), U1("acos"), U1("atan"),
	U2("arctan2"), U2("atan2"), U2("hypot"), U1("sinh"), U1("cosh"), U1("tanh"),
	U1("arcsinh"), U1("arccosh"), U1("arctanh"), U1("asinh"), U1("acosh"), U1("atanh"),
	U1("deg2rad"), U1("rad2deg"), U1("degrees"), U1("radians"), U1("floor"), U1("ceil"),
	U1("trunc"), U1("rint"), U2("maximum"), U2("minimum"), U2("fmax"), U2("fmin"),
	U1("conjugate"), U1("conj"), U1("isnan"), U1("isinf"), U1("isfinite"), U1("signbit"),
	U2("copysign"), U2("gcd"), U2("lcm"), U1("fabs"), U1("bitwise_count"), U2("nextafter"), U1("spacing"), U2("logaddexp"), U2("logaddexp2"), U2("heaviside"), U2("ldexp"),
	U2("less"), U2("less_equal"), U2("equal"), U2("not_equal"), U2("greater"),
	U2("greater_equal"), U2("logical_and"), U2("logical_or"), U2("logical_xor"),
	U1("logical_not"), U2("bitwise_and"), U2("bitwise_or"), U2("bitwise_xor"),
	U1("invert"), U1("bitwise_not"), U1("bitwise_invert"), U2("left_shift"), U2("right_shift"),
	U2("bitwise_left_shift"), U2("bitwise_right_shift"),
	{"divmod", fn_divmod, "divmod(x1, x2, /)", "Element-wise (x1 // x2, x1 % x2)."},
	{"modf", fn_modf, "modf(x[, out1, out2], / [, out=(None, None)], *, casting='same_kind')",
	 "Return the fractional and integral parts of an array, element-wise."},
	{"frexp", fn_frexp, "frexp(x[, out1, out2], / [, out=(None, None)], *, casting='same_kind')",
	 "Decompose the elements of x into mantissa and twos exponent (a NumPy ufunc)."},
	{"real_if_close", fn_real_if_close, "real_if_close(a, tol=100)",
	 "If input is complex with all imaginary parts close to zero, return real parts."},
	{"clip", fn_clip, "clip(a, a_min=<no value>, a_max=<no value>, out=None, *, min=<no value>, max=<no value>)",
	 "Clip (limit) the values in an array."},
	{"around", fn_around, "around(a, decimals=0, out=None)", "Round an array to the given number of decimals."},
	{"round", fn_around, "round(a, decimals=0, out=None)", "Round an array to the given number of decimals."},
	{"fix", fn_fix, "fix(x, out=None)", "Round to nearest integer towards zero."},
	{"real", fn_realimag, "real(val)", "Return the real part of the complex argument."},
	{"imag", fn_realimag, "imag(val)", "Return the imaginary part of the complex argument."},
	{"angle", fn_angle, "angle(z, deg=False)", "Return the angle of the complex argument."},
	{"isposinf", fn_isxinf, "isposinf(x, out=None)", "Test element-wise for positive infinity, return result as bool array."},
	{"isneginf", fn_isxinf, "isneginf(x, out=None)", "Test element-wise for negative infinity, return result as bool array."},
	{"nan_to_num", fn_nan_to_num, "nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None)",
	 "Replace NaN with zero and infinity with large finite numbers (default) or the numbers given."},
	{NULL, NULL, NULL, NULL},
};

/* methods that are ufuncs underneath (arrattr.c lists them with its own) */
const struct arr_func arr_ufunc_methods[] = {
	{"clip", m_clip, "clip(min=None, max=None, out=None)", "Return an array whose values are limited to [min, max]."},
	{"round", m_round, "round(decimals=0, out=None)", "Return a with each element rounded to the given number of decimals."},
	{NULL, NULL, NULL, NULL},
};
