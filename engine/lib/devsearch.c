/*
 * devsearch.c — array functions composed from device-resident steps
 * (issue 17: no host round trip for device data): nonzero, argwhere and
 * flatnonzero as arange(n)[a != 0] and its coordinates; isin as a sort of
 * the test values and the backend's searchsorted; unique (axis None) as a
 * sort (a stable argsort when the indices are wanted), the adjacent
 * difference, a compaction, cumsum and diff; isclose / allclose by NumPy's
 * formula; triu / tril as a where() with the triangle's mask.  Every step is a namespace
 * call (nscall.h) on the array's own backend, so the data stays where it
 * is.  sortsearch.c, stats.c, creation.c call these for backends of device
 * memory (device_memory), and for the host too under LUMEN_DEVSEARCH=1 (the switch
 * that lets the corpus check these compositions on a machine without a
 * GPU).  Owns nothing beyond the call.
 */
#include <stdlib.h>
#include <string.h>
#include "lib/devsearch.h"
#include "array/nscall.h"
#include "lang/error.h"
#include "ufunc/fpe.h"
#include "ufunc/ufunc.h"
#include "ufunc/fuse.h"

int ds_wanted(const struct backend *be)
{
	static int force = -1;
	if (be->device_memory)
		return 1;
	if (force < 0) {
		const char *s = getenv("LUMEN_DEVSEARCH");
		force = s && *s && strcmp(s, "0") != 0;
	}
	return force;
}

static struct value *wrapr(struct eval *ev, struct ndarray *a)
{
	return a ? arr_wrap(ev, nd_incref(a)) : NULL;
}

/* np.<name>(a, <kw>=<kv>) of be, stealing a and kv */
static struct value *fnk(struct eval *ev, const struct backend *be, const char *name, struct value *a,
			 const char *kwname, struct value *kv)
{
	struct value *x = a && kv ? arr_ns_callk(ev, be, name, 1, &a, kwname, kv) : NULL;
	if (a)
		val_decref(a);
	if (kv)
		val_decref(kv);
	return x;
}

/* arange(n) of be (int64) */
static struct value *arange_n(struct eval *ev, const struct backend *be, int64_t n)
{
	return fnk(ev, be, "arange", val_int(n), "dtype", val_dtype(DT_INT64, 1));
}

/* the flat indices (int64, 1-d) of a's non-zero items */
static struct value *flat_nz(struct eval *ev, const struct ndarray *a)
{
	const struct backend *be = nd_backend(a);
	struct value *m = ex_fn1(ev, be, "ravel", wrapr(ev, (struct ndarray *)a));
	/* a bool array is its own mask (no != 0 pass over it) */
	if (a->dtype != DT_BOOL)
		m = ex_bin(ev, OP_NE, m, val_int(0));
	return ex_item(ev, arange_n(ev, be, nd_size(a)), m);
}

struct value *ds_flatnonzero(struct eval *ev, const struct ndarray *a)
{
	return flat_nz(ev, a);
}

struct value *ds_nonzero(struct eval *ev, const struct ndarray *a, int argwhere)
{
	const struct backend *be = nd_backend(a);
	struct value *f = flat_nz(ev, a), *items[ND_MAXDIM], *r;
	int nd = a->ndim, k, ok = 1;
	int64_t stride = 1;
	if (!f)
		return NULL;
	/* coordinate k = (f // stride_k) % shape_k, stride_k the product of the
	 * later extents */
	for (k = nd - 1; k >= 0; k--) {
		struct value *c = val_incref(f);
		if (stride != 1)
			c = ex_bin(ev, OP_FLOORDIV, c, val_int(stride));
		if (k > 0)
			c = ex_bin(ev, OP_MOD, c, val_int(a->shape[k]));
		items[k] = c;
		ok &= c != NULL;
		stride *= a->shape[k] ? a->shape[k] : 1;
	}
	val_decref(f);
	if (!ok) {
		for (k = 0; k < nd; k++)
			if (items[k])
				val_decref(items[k]);
		return NULL;
	}
	r = val_tuple_new(nd, items);
	if (!r || !argwhere)
		return r ? r : err_nomem(ev);
	/* argwhere: the coordinates as the columns of an (n, ndim) array */
	{
		struct value *args[1] = {r}, *kv = val_int(1);
		const char *kn[1] = {"axis"};
		struct kwargs kw = {1, kn, &kv};
		struct value *s = arr_ns_call(ev, be, "stack", 1, args, &kw);
		val_decref(kv);
		val_decref(r);
		return s;
	}
}

struct value *ds_isin(struct eval *ev, const struct ndarray *e, const struct ndarray *t, int kd,
		      int invert)
{
	const struct backend *be = nd_backend(e);
	struct ndarray *ec = NULL, *tc = NULL, *pos = NULL, *ts;
	struct value *tsv = NULL, *res = NULL;
	int64_t nt = nd_size(t);
	ec = e->dtype == kd && nd_is_c_contiguous(e) ? nd_incref((struct ndarray *)e)
						     : arr_astype_quiet(ev, e, kd);
	if (!ec)
		return NULL;
	if (nt == 0) {
		res = fnk(ev, be, invert ? "ones_like" : "zeros_like", wrapr(ev, ec), "dtype",
			  val_dtype(DT_BOOL, 1));
		nd_decref(ec);
		return res;
	}
	tc = arr_astype_quiet(ev, t, kd);   /* a new contiguous copy: sorted below */
	tsv = tc ? ex_fn1(ev, be, "sort", ex_fn1(ev, be, "ravel", arr_wrap(ev, tc))) : NULL;
	ts = tsv ? arr_borrow(tsv) : NULL;
	if (!ts || !nd_is_c_contiguous(ts))
		goto out;
	pos = nd_new(ev, be, DT_INT64, ec->ndim, ec->shape);
	if (!pos || be->searchsorted(ev, ts, ec, 0, pos) < 0)
		goto out;
	/* found where the item at the insertion point equals the element */
	{
		struct value *idx = ex_fn2(ev, be, "minimum", wrapr(ev, pos), val_int(nt - 1));
		struct value *got = ex_fn2(ev, be, "take", val_incref(tsv), idx);
		res = ex_bin(ev, invert ? OP_NE : OP_EQ, got, wrapr(ev, ec));
	}
out:
	if (tsv)
		val_decref(tsv);
	nd_decref(ec);
	nd_decref(pos);
	return res;
}

/* v[1:] != v[:-1], NaNs equal to each other (NumPy 2's equal_nan) */
static struct value *neighbours_differ(struct eval *ev, const struct backend *be, struct value *s,
				       int flt)
{
	struct value *hi = ex_item(ev, val_incref(s), ex_slice(1, NS_NONE));
	struct value *lo = ex_item(ev, val_incref(s), ex_slice(0, -1));
	struct value *ne;
	if (!hi || !lo) {
		if (hi)
			val_decref(hi);
		if (lo)
			val_decref(lo);
		return NULL;
	}
	ne = ex_bin(ev, OP_NE, val_incref(hi), val_incref(lo));
	if (flt) {
		struct value *both = ex_bin(ev, OP_AND, ex_fn1(ev, be, "isnan", val_incref(hi)),
					    ex_fn1(ev, be, "isnan", val_incref(lo)));
		ne = ex_bin(ev, OP_AND, ne, ex_fn1(ev, be, "logical_not", both));
	}
	val_decref(hi);
	val_decref(lo);
	return ne;
}

struct value *ds_unique(struct eval *ev, const struct ndarray *a, int want_idx, int want_inv,
			int want_cnt)
{
	const struct backend *be = nd_backend(a);
	int64_t n = nd_size(a);
	int flt = dt_is_float(a->dtype);
	struct value *f, *perm = NULL, *s = NULL, *mask = NULL, *items[4] = {NULL};
	int k = 0, ok = 0;
	f = ex_fn1(ev, be, "ravel", wrapr(ev, (struct ndarray *)a));
	if (!f)
		return NULL;
	if (want_idx || want_inv) {
		perm = fnk(ev, be, "argsort", val_incref(f), "kind", val_cstr("stable"));
		s = perm ? ex_fn2(ev, be, "take", val_incref(f), val_incref(perm)) : NULL;
	} else {
		s = ex_fn1(ev, be, "sort", val_incref(f));
	}
	val_decref(f);
	if (!s)
		goto out;
	/* mask: the first item of every run of equal items */
	{
		struct value *one = fnk(ev, be, "ones", val_int(n > 0 ? 1 : 0), "dtype", val_dtype(DT_BOOL, 1));
		struct value *ne = n > 0 ? neighbours_differ(ev, be, s, flt)
					 : fnk(ev, be, "zeros", val_int(0), "dtype", val_dtype(DT_BOOL, 1));
		struct value *parts[2] = {one, ne};
		struct value *lst = one && ne ? val_list_new(2, parts) : NULL;
		if (!lst) {
			if (one)
				val_decref(one);
			if (ne)
				val_decref(ne);
			goto out;
		}
		mask = ex_fn1(ev, be, "concatenate", lst);
	}
	if (!mask || !(items[k++] = ex_item(ev, val_incref(s), val_incref(mask))))
		goto out;
	if (want_idx && !(items[k++] = ex_item(ev, val_incref(perm), val_incref(mask))))
		goto out;
	if (want_inv) {
		/* the group of sorted item i is cumsum(mask)[i] - 1, scattered back
		 * to where the item came from: inv[perm[i]] = g[i] (the backend's
		 * put_index; perm is a permutation, so no index check) */
		struct value *g = ex_bin(ev, OP_SUB, ex_fn1(ev, be, "cumsum", val_incref(mask)), val_int(1));
		struct ndarray *ga = g ? arr_borrow(g) : NULL, *pa = arr_borrow(perm), *ia = NULL, *r = NULL;
		if (ga && pa && ga->dtype == DT_INT64 && pa->dtype == DT_INT64 && nd_is_c_contiguous(ga)
		    && nd_is_c_contiguous(pa) && (ia = nd_new(ev, be, DT_INT64, 1, &n))
		    && be->put_index(ev, ia, pa, ga, 1) == 0)
			r = arr_reshape(ev, ia, a->ndim, a->shape);
		else if (ga && pa && !err_occurred(ev))
			err_set(ev, TY_RuntimeError, "unique: the inverse's indices are not C-contiguous int64");
		nd_decref(ia);
		if (g)
			val_decref(g);
		if (!r || !(items[k++] = arr_wrap(ev, r)))
			goto out;
	}
	if (want_cnt) {
		struct value *b = flat_nz(ev, arr_borrow(mask));
		struct value *end = fnk(ev, be, "full", val_int(1), "fill_value", val_int(n));
		struct value *parts[2] = {b, end};
		struct value *lst = b && end ? val_list_new(2, parts) : NULL;
		if (!lst) {
			if (b)
				val_decref(b);
			if (end)
				val_decref(end);
			goto out;
		}
		if (!(items[k++] = ex_fn1(ev, be, "diff", ex_fn1(ev, be, "concatenate", lst))))
			goto out;
	}
	ok = 1;
out:
	if (perm)
		val_decref(perm);
	if (s)
		val_decref(s);
	if (mask)
		val_decref(mask);
	if (!ok) {
		for (int i = 0; i < k; i++)
			if (items[i])
				val_decref(items[i]);
		return NULL;
	}
	if (k == 1)
		return items[0];
	return val_tuple_new(k, items);
}

/* ---- isclose / allclose: NumPy's formula, elementwise where the arrays lie ---- */

/* ---- one kernel for an elementwise composition: the statement fuser's
 * pending trees (ufunc/fuse.h) built from C.  Where the backend fuses (the
 * device; any under LUMEN_FUSE=all) a chain of fx() calls becomes one
 * elementwise or reduction kernel; elsewhere each ufunc is the plain
 * np.<name> call, so host results are the unfused ones.  An operand is a
 * struct fz holding a value (fv) or a pending tree; both NULL is an error
 * already set, passed through. */
static struct fz fv(struct value *v)
{
	struct fz f = {v, NULL};
	return f;
}

/* ufunc `name` of be over in[0..nin-1], all consumed */
static struct fz fx(struct eval *ev, const struct backend *be, const char *name, int nin, struct fz *in)
{
	struct fz out = {0};
	int uf = uf_lookup(name), r = 0, bad = 0;
	for (int i = 0; i < nin; i++)
		bad |= !in[i].v && !in[i].t;
	if (!bad && uf >= 0 && (fz_array_like(&in[0]) || (nin > 1 && fz_array_like(&in[1]))))
		r = fz_apply(ev, be, uf, nin, in, &out);
	if (!bad && r == 0) {
		struct value *vals[EW_MAXARGS];
		for (int i = 0; i < nin && r == 0; i++)
			if (in[i].t && !(in[i].v = fz_value(ev, &in[i])))
				r = -1;
		for (int i = 0; i < nin; i++)
			vals[i] = in[i].v;
		if (r == 0)
			out.v = arr_ns_call(ev, be, name, nin, vals, NULL);
	}
	for (int i = 0; i < nin; i++)
		fz_clear(&in[i]);
	return out;
}
#define FX1(name, a) fx(ev, be, name, 1, (struct fz[]){a})
#define FX2(name, a, b) fx(ev, be, name, 2, (struct fz[]){a, b})

/* all() of f, one reduction kernel where f is pending; f consumed */
static struct value *fx_all(struct eval *ev, const struct backend *be, struct fz f)
{
	if (f.t) {
		int nd = fz_ndim(&f);
		return fz_reduce(ev, &f, RED_ALL, nd ? (nd >= 64 ? ~0ull : (1ull << nd) - 1) : 0, 0, -1);
	}
	return f.v ? ex_fn1(ev, be, "all", f.v) : NULL;
}

struct value *ds_isclose(struct eval *ev, const struct ndarray *a, const struct ndarray *b, double rtol,
			 double atol, int equal_nan, int all)
{
	const struct backend *be = nd_backend(a);
	struct value *x = wrapr(ev, (struct ndarray *)a), *y, *v;
	struct fz r;
	/* y as an inexact dtype (NumPy: result_type(y, 1.)) */
	if (dt_is_inexact(b->dtype)) {
		y = wrapr(ev, (struct ndarray *)b);
	} else {
		struct ndarray *yc = arr_astype_quiet(ev, b, DT_FLOAT64);
		y = yc ? arr_wrap(ev, yc) : NULL;
	}
	if (!x || !y) {
		if (x)
			val_decref(x);
		if (y)
			val_decref(y);
		return NULL;
	}
	/* (|x - y| <= atol + rtol |y|) & isfinite(y) | (x == y), under NumPy's
	 * errstate(invalid='ignore'): one kernel on the device */
	int saved = fpe_ignore_begin();
	r = FX2("less_equal", FX1("absolute", FX2("subtract", fv(val_incref(x)), fv(val_incref(y)))),
		FX2("add", fv(val_float(atol)), FX2("multiply", fv(val_float(rtol)), FX1("absolute", fv(val_incref(y))))));
	r = FX2("bitwise_and", r, FX1("isfinite", fv(val_incref(y))));
	r = FX2("bitwise_or", r, FX2("equal", fv(val_incref(x)), fv(val_incref(y))));
	if (equal_nan)
		r = FX2("bitwise_or", r, FX2("bitwise_and", FX1("isnan", fv(val_incref(x))), FX1("isnan", fv(val_incref(y)))));
	v = all ? fx_all(ev, be, r) : fz_value(ev, &r);
	fpe_ignore_end(saved);
	val_decref(x);
	val_decref(y);
	return v;
}

struct value *ds_all_equal(struct eval *ev, const struct ndarray *a, const struct ndarray *b, int equal_nan)
{
	const struct backend *be = nd_backend(a);
	struct value *x = wrapr(ev, (struct ndarray *)a), *y = wrapr(ev, (struct ndarray *)b), *v;
	struct fz r;
	if (!x || !y) {
		if (x)
			val_decref(x);
		if (y)
			val_decref(y);
		return NULL;
	}
	int saved = fpe_ignore_begin();
	r = FX2("equal", fv(val_incref(x)), fv(val_incref(y)));
	if (equal_nan && (dt_is_inexact(a->dtype) || dt_is_inexact(b->dtype)))
		r = FX2("bitwise_or", r, FX2("bitwise_and", FX1("isnan", fv(val_incref(x))), FX1("isnan", fv(val_incref(y)))));
	v = fx_all(ev, be, r);
	fpe_ignore_end(saved);
	val_decref(x);
	val_decref(y);
	return v;
}

/* ---- triu / tril: where(j - i >= k (triu) or j - i <= k (tril), m, 0) ---- */

struct value *ds_trilu(struct eval *ev, const struct ndarray *m, int64_t k, int upper)
{
	const struct backend *be = nd_backend(m);
	int64_t rows = m->ndim == 1 ? m->shape[0] : m->shape[m->ndim - 2];
	int64_t cols = m->shape[m->ndim - 1];
	struct value *i = arange_n(ev, be, rows), *j = arange_n(ev, be, cols), *d, *mask, *args[3], *r;
	/* i as a column: i[:, None] */
	if (i) {
		struct value *key[2] = {val_slice_new(val_none(), val_none(), val_none()), val_none()};
		i = ex_item(ev, i, val_tuple_new(2, key));
	}
	/* j - i >= k (triu) / <= k (tril) as j >= i + k: the offset added to
	 * the column of rows, not an (n, m) int64 difference first; k clamped
	 * to [-rows - 1, cols + 1] (j - i lies in [-rows + 1, cols - 1]: the
	 * same masks, and i + k cannot wrap) */
	if (k > cols)
		k = cols + 1;
	else if (k < -rows)
		k = -rows - 1;
	d = ex_bin(ev, OP_ADD, i, val_int(k));
	mask = ex_bin(ev, upper ? OP_GE : OP_LE, j, d);
	if (!mask)
		return NULL;
	args[0] = mask;
	args[1] = wrapr(ev, (struct ndarray *)m);
	args[2] = fnk(ev, be, "zeros_like", wrapr(ev, (struct ndarray *)m), "shape", val_tuple_new(0, NULL));
	r = args[1] && args[2] ? arr_ns_call(ev, be, "where", 3, args, NULL) : NULL;
	for (int t = 0; t < 3; t++)
		if (args[t])
			val_decref(args[t]);
	return r;
}

/* ---- convolve / correlate (1-d) by FFT where the arrays lie ---- */

/* the smallest 2^a 3^b 5^c >= n (a length cuFFT and FFTW do fast) */
static int64_t fast_len(int64_t n)
{
	int64_t best = INT64_MAX;
	for (int64_t p5 = 1; p5 < 2 * n; p5 *= 5)
		for (int64_t p35 = p5; p35 < 2 * n; p35 *= 3) {
			int64_t v = p35;
			while (v < n)
				v *= 2;
			if (v < best)
				best = v;
		}
	return best < 1 ? 1 : best;
}

struct value *ds_convolve(struct eval *ev, const struct ndarray *a, const struct ndarray *v, int dt,
			  int64_t lo, int64_t len)
{
	const struct backend *be = nd_backend(a);
	int64_t n = nd_size(a), m = nd_size(v), l = n + m - 1, nf = fast_len(l);
	int work = dt == DT_FLOAT32 ? DT_FLOAT32 : DT_FLOAT64;
	struct ndarray *ac = arr_astype_quiet(ev, a, work), *vc = ac ? arr_astype_quiet(ev, v, work) : NULL;
	struct value *A, *W, *full, *args[2];
	if (!vc) {
		nd_decref(ac);
		return NULL;
	}
	/* full[j] = sum_i a[j - i] w[i], w = v (v reversed by the caller for a
	 * correlation), as irfft(rfft(a) * rfft(w)) of a length >= n + m - 1 */
	args[0] = arr_wrap(ev, ac);
	args[1] = val_int(nf);
	A = args[0] && args[1] ? arr_ns_call(ev, be, "fft.rfft", 2, args, NULL) : NULL;
	val_decref(args[0]);
	val_decref(args[1]);
	args[0] = arr_wrap(ev, vc);
	args[1] = val_int(nf);
	W = args[0] && args[1] ? arr_ns_call(ev, be, "fft.rfft", 2, args, NULL) : NULL;
	val_decref(args[0]);
	val_decref(args[1]);
	args[0] = ex_bin(ev, OP_MUL, A, W);
	args[1] = val_int(nf);
	full = args[0] && args[1] ? arr_ns_call(ev, be, "fft.irfft", 2, args, NULL) : NULL;
	if (args[0])
		val_decref(args[0]);
	val_decref(args[1]);
	full = ex_item(ev, full, ex_slice(lo, lo + len));
	if (full && !dt_is_inexact(dt))
		full = ex_fn1(ev, be, "rint", full);
	if (full && arr_borrow(full) && arr_borrow(full)->dtype != dt) {
		struct ndarray *c = arr_astype_quiet(ev, arr_borrow(full), dt);
		val_decref(full);
		full = c ? arr_wrap(ev, c) : NULL;
	}
	return full;
}

/* the direct sums (short kernels): one correlation stencil on the backend,
 * out[q] = sum_t w[t] a[q + lo - (m - 1) + t] from 0.0 in tap order in
 * double precision (the host loop's order), zeros outside a; w = v
 * reversed for a convolution.  v's m weights are read on the host. */
struct value *ds_conv_direct(struct eval *ev, const struct ndarray *a, const struct ndarray *v, int conv,
			     int dt, int64_t lo, int64_t len)
{
	const struct backend *be = nd_backend(a);
	int64_t m = nd_size(v), *taps = malloc(sizeof(int64_t) * (size_t)m);
	double *w = malloc(sizeof(double) * (size_t)m);
	struct ndarray *vh = NULL, *out = NULL;
	struct stencil s;
	if (!taps || !w) {
		err_nomem(ev);
		goto fail;
	}
	if (!(vh = arr_host_c(ev, v, DT_FLOAT64)))
		goto fail;
	for (int64_t t = 0; t < m; t++) {
		taps[t] = t;
		w[t] = ((const double *)nd_data(vh))[conv ? m - 1 - t : t];
	}
	memset(&s, 0, sizeof s);
	s.op = ST_CORRELATE;
	s.mode = ST_CONSTANT;
	s.ndim = 1;
	s.start[0] = lo - (m - 1);
	s.box[0] = m;
	s.ntaps = m;
	s.taps = taps;
	s.weights = w;
	s.sum1d = ST_SUM_TAPS;
	out = nd_new(ev, be, dt, 1, &len);
	if (!out || (len > 0 && be->stencil(ev, &s, a, out) < 0))
		goto fail;
	free(taps);
	free(w);
	nd_decref(vh);
	return arr_wrap(ev, out);
fail:
	free(taps);
	free(w);
	nd_decref(vh);
	nd_decref(out);
	return NULL;
}
