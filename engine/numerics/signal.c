/*
 * signal.c — scipy.signal's convolutions (convolve, correlate, fftconvolve,
 * convolve2d, correlate2d), written once above the backends: SciPy's
 * argument rules, result dtypes and 'full' / 'same' / 'valid' geometry,
 * each run as one ST_CORRELATE stencil (zero padding is ST_CONSTANT with
 * cval 0) on the inputs' backend, or, for fftconvolve and method='fft'
 * of up to 3-D float inputs, as a product of real transforms (the
 * backend's fft entry: FFTW on the host, cuFFT on the device) of the
 * zero-padded full size.  The last digits of transform results differ
 * from SciPy's pocketfft, as any two FFTs do.  Owns arr_signal_funcs.
 */
#include <stdlib.h>
#include <string.h>
#include "numerics/ndimage.h"
#include "lang/args.h"
#include "lang/error.h"
#include "numerics/fft.h"

enum sig_mode { SIG_FULL, SIG_SAME, SIG_VALID };

/* SciPy's message differs by path: 0 correlate / direct, 1 fftconvolve,
 * 2 convolve choosing its method */
static int parse_sig_mode(struct eval *ev, struct value *v, enum sig_mode *m, int path)
{
	const char *s = v ? val_as_cstr(v) : "full";
	*m = SIG_FULL;
	if (s && !strcmp(s, "full"))
		return 0;
	if (s && !strcmp(s, "same"))
		return *m = SIG_SAME, 0;
	if (s && !strcmp(s, "valid"))
		return *m = SIG_VALID, 0;
	if (path == 1)
		return err_set(ev, TY_ValueError, "acceptable mode flags are 'valid', 'same', or 'full'"), -1;
	if (path == 2) {
		char *rep = v ? val_str_of(ev, v) : NULL;
		err_set(ev, TY_ValueError, "Acceptable mode flags are 'valid', 'same', or 'full', not mode=%s",
			rep ? rep : "?");
		free(rep);
		return -1;
	}
	return err_set(ev, TY_ValueError, "Acceptable mode flags are 'valid', 'same', or 'full'."), -1;
}

/* SciPy's _inputs_swap_needed: 1 when 'valid' needs in2 as the volume */
static int swap_needed(struct eval *ev, enum sig_mode m, const struct ndarray *a,
		       const struct ndarray *b)
{
	int ok1 = 1, ok2 = 1;
	if (m != SIG_VALID || a->ndim == 0)
		return 0;
	for (int d = 0; d < a->ndim; d++) {
		ok1 &= a->shape[d] >= b->shape[d];
		ok2 &= b->shape[d] >= a->shape[d];
	}
	if (!ok1 && !ok2)
		return err_set(ev, TY_ValueError, "For 'valid' mode, one must be at least as large "
			       "as the other in every dimension"), -1;
	return !ok1;
}

/* out = correlation of vol with kern (flipped first when conv), SciPy's
 * geometry for mode, the volume extended by emode/cval; dtype odt. */
static struct ndarray *sig_run(struct eval *ev, const char *fname, const struct ndarray *vol,
			       const struct ndarray *kern, int conv, enum sig_mode m,
			       enum st_mode emode, double cval, int odt, int same_low)
{
	struct stencil s = {.op = ST_CORRELATE, .mode = emode, .cval = cval, .ndim = vol->ndim};
	struct ndarray *kh = NULL, *r = NULL;
	int64_t nk = nd_size(kern), *taps = NULL, oshape[ND_MAXDIM];
	double *w = NULL;
	if (!(kh = arr_to_backend(ev, kern, &backend_host)))
		return NULL;
	{
		struct ndarray *k64 = arr_astype(ev, kh, DT_FLOAT64);
		nd_decref(kh);
		if (!(kh = k64))
			return NULL;
	}
	taps = malloc(sizeof(int64_t) * (size_t)(nk * vol->ndim));
	w = malloc(sizeof(double) * (size_t)nk);
	if (!taps || !w) {
		err_nomem(ev);
		goto done;
	}
	for (int64_t k = 0; k < nk; k++) {
		int64_t rem = k;
		for (int d = vol->ndim - 1; d >= 0; d--) {
			taps[k * vol->ndim + d] = rem % kern->shape[d];
			rem /= kern->shape[d];
		}
		w[k] = ((double *)nd_data(kh))[conv ? nk - 1 - k : k];
	}
	for (int d = 0; d < vol->ndim; d++) {
		int64_t n = vol->shape[d], mk = kern->shape[d];
		s.box[d] = mk;
		switch (m) {
		case SIG_FULL:
			oshape[d] = n + mk - 1;
			s.start[d] = -(mk - 1);
			break;
		case SIG_SAME:
			oshape[d] = n;
			/* the centre of the full result; correlate2d's 'same'
			 * window sits one later on even axes */
			s.start[d] = same_low ? -((mk - 1) / 2) : -(mk - 1) + (mk - 1) / 2;
			break;
		default:
			oshape[d] = n - mk + 1;
			s.start[d] = 0;
			break;
		}
	}
	s.ntaps = nk;
	s.taps = taps;
	s.weights = w;
	r = ndi_run(ev, fname, &s, vol, odt, oshape);
done:
	free(taps);
	free(w);
	nd_decref(kh);
	return r;
}

/* a C-contiguous array of shape sh on be, zeros with a (cast to dt) in its
 * leading corner */
static struct ndarray *zero_padded(struct eval *ev, const struct backend *be, const struct ndarray *a,
				   int dt, const int64_t *sh)
{
	struct ndarray *p = nd_new(ev, be, dt, a->ndim, sh), *v;
	struct npscalar z;
	memset(&z, 0, sizeof z);
	z.dtype = DT_FLOAT64;
	if (!p)
		return NULL;
	if (be->fill(ev, p, &z) < 0 ||
	    !(v = nd_view(ev, p, dt, a->ndim, a->shape, p->strides, p->offset))) {
		nd_decref(p);
		return NULL;
	}
	if (be->copy(ev, v, a) < 0) {
		nd_decref(v);
		nd_decref(p);
		return NULL;
	}
	nd_decref(v);
	return p;
}

/* the smallest 2^a 3^b 5^c >= n (SciPy's next_fast_len for real
 * transforms): the transforms' sizes, as SciPy and CuPy pad them (a prime
 * length such as 2e6 - 1 went to cuFFT's slow Bluestein path) */
static int64_t fast_len(int64_t n)
{
	int64_t best = INT64_MAX;
	if (n <= 6)
		return n < 1 ? 1 : n;
	for (int64_t p5 = 1; p5 < best && p5 <= INT64_MAX / 5; p5 *= 5)
		for (int64_t p35 = p5; p35 < best && p35 <= INT64_MAX / 3; p35 *= 3) {
			int64_t x = p35;
			while (x < n)
				x *= 2;
			if (x < best)
				best = x;
			if (p35 >= n)
				break;
		}
	return best;
}

/* the full linear convolution of a and b (same ndim 1..3, real) through
 * real transforms of fast sizes (zero-padded), in dtype rdt (float32 or
 * float64), cropped to mode */
static struct ndarray *fft_convolve(struct eval *ev, const struct ndarray *a, const struct ndarray *b,
				    enum sig_mode m, int rdt)
{
	const struct backend *be = nd_backend(a);
	const struct backend_fft *fb = be->fft;
	int nd = a->ndim, prec = rdt == DT_FLOAT64, cdt = prec ? DT_COMPLEX128 : DT_COMPLEX64;
	int64_t sh[3], csh[3], full[3], total = 1, ctotal = 1, start[3], len[3];
	struct ndarray *pa = NULL, *pb = NULL, *fa = NULL, *fb2 = NULL, *r = NULL, *out = NULL;
	struct value *va = NULL, *vb = NULL, *prod = NULL, *scaled = NULL, *k = NULL;
	if (!fb || !fb->exec)
		return err_set(ev, TY_NotImplementedError, "fftconvolve is not supported on the %s backend",
			       be->name);
	for (int d = 0; d < nd; d++) {
		full[d] = a->shape[d] + b->shape[d] - 1;
		sh[d] = fast_len(full[d]);
		csh[d] = d == nd - 1 ? sh[d] / 2 + 1 : sh[d];
		total *= sh[d];
		ctotal *= csh[d];
	}
	if (!(pa = zero_padded(ev, be, a, rdt, sh)) || !(pb = zero_padded(ev, be, b, rdt, sh)) ||
	    !(fa = nd_new(ev, be, cdt, nd, csh)) || !(fb2 = nd_new(ev, be, cdt, nd, csh)) ||
	    fb->exec(ev, FFT_R2C, prec, nd, sh, 1, nd_data(pa), total, nd_data(fa), ctotal, -1) < 0 ||
	    fb->exec(ev, FFT_R2C, prec, nd, sh, 1, nd_data(pb), total, nd_data(fb2), ctotal, -1) < 0)
		goto done;
	va = arr_wrap(ev, fa);
	vb = arr_wrap(ev, fb2);
	fa = fb2 = NULL;
	if (!va || !vb)
		goto done;
	{
		struct value *pair[2] = {va, vb};
		if (!(prod = arr_ufunc_call(ev, be, "multiply", 2, pair, NULL)))
			goto done;
	}
	if (!(r = nd_new(ev, be, rdt, nd, sh)) ||
	    fb->exec(ev, FFT_C2R, prec, nd, sh, 1, nd_data(arr_borrow(prod)), ctotal, nd_data(r), total, 1) < 0)
		goto done;
	{
		struct value *vr = arr_wrap(ev, r), *pair[2];
		r = NULL;
		if (!vr || !(k = val_float(1.0 / (double)total))) {
			val_decref(vr);
			goto done;
		}
		pair[0] = vr;
		pair[1] = k;
		scaled = arr_ufunc_call(ev, be, "multiply", 2, pair, NULL);
		val_decref(vr);
		if (!scaled)
			goto done;
	}
	for (int d = 0; d < nd; d++) {
		switch (m) {
		case SIG_FULL: start[d] = 0; len[d] = full[d]; break;
		case SIG_SAME: len[d] = a->shape[d]; start[d] = (full[d] - len[d]) / 2; break;
		default: len[d] = a->shape[d] - b->shape[d] + 1; start[d] = b->shape[d] - 1; break;
		}
	}
	{
		struct ndarray *s = arr_borrow(scaled), *v;
		int64_t off = s->offset;
		for (int d = 0; d < nd; d++)
			off += start[d] * s->strides[d];
		if ((v = nd_view(ev, s, s->dtype, nd, len, s->strides, off))) {
			out = arr_contiguous(ev, v);
			nd_decref(v);
		}
	}
done:
	nd_decref(pa);
	nd_decref(pb);
	nd_decref(fa);
	nd_decref(fb2);
	nd_decref(r);
	val_decref(va);
	val_decref(vb);
	val_decref(prod);
	val_decref(scaled);
	val_decref(k);
	return out;
}

/* flips every axis of a (a view) */
static struct ndarray *flip_all(struct eval *ev, struct ndarray *a)
{
	int64_t strides[ND_MAXDIM], off = a->offset;
	for (int d = 0; d < a->ndim; d++) {
		strides[d] = -a->strides[d];
		if (a->shape[d] > 0)
			off += (a->shape[d] - 1) * a->strides[d];
	}
	return nd_view(ev, a, a->dtype, a->ndim, a->shape, strides, off);
}

/* A correlation computed with its inputs' roles swapped, reversed along
 * every axis into the one asked for (C-contiguous); r is stolen, NULL
 * passes through. */
static struct ndarray *reversed_result(struct eval *ev, struct ndarray *r)
{
	if (!r)
		return NULL;
	struct ndarray *f = flip_all(ev, r), *c = f ? arr_contiguous(ev, f) : NULL;
	nd_decref(f);
	nd_decref(r);
	return c;
}

static int real_inputs(struct eval *ev, const struct backend *be, struct value *v1,
		       struct value *v2, struct ndarray **a, struct ndarray **b)
{
	*a = arr_asarray(ev, be, v1, -1);
	*b = *a ? arr_asarray(ev, be, v2, -1) : NULL;
	if (!*b)
		return -1;
	if (dt_is_complex((*a)->dtype) || dt_is_complex((*b)->dtype))
		return err_set(ev, TY_NotImplementedError,
			       "complex inputs to scipy.signal are not supported by Lumen"), -1;
	return 0;
}

/* convolve / correlate / fftconvolve (nd) */
static struct value *sig_nd(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw, const char *fname,
			    int conv, int fft)
{
	struct value *v1, *v2, *vmode = NULL, *vmeth = NULL, *res = NULL;
	struct ndarray *a = NULL, *b = NULL, *r = NULL;
	enum sig_mode m;
	int odt, swap;
	if (args_parse(ev, fname, argc, argv, kw, fft ? "in1,in2|mode,axes" : "in1,in2|mode,method",
		       &v1, &v2, &vmode, &vmeth) < 0 || real_inputs(ev, arr_be(bi), v1, v2, &a, &b) < 0)
		goto done;
	if (fft && vmeth && vmeth->type != VT_NONE) {
		err_set(ev, TY_NotImplementedError, "fftconvolve: axes= is not supported by Lumen");
		goto done;
	}
	if (!fft && vmeth) {
		const char *s = val_as_cstr(vmeth);
		if (!s || (strcmp(s, "auto") && strcmp(s, "direct") && strcmp(s, "fft"))) {
			err_set(ev, TY_ValueError, "Acceptable method flags are 'auto', 'direct', or 'fft'.");
			goto done;
		}
	}
	odt = dt_promote(a->dtype, b->dtype);
	if (fft && !dt_is_inexact(odt))
		odt = DT_FLOAT64;
	if (odt == DT_FLOAT16)
		odt = DT_FLOAT32;
	if (a->ndim == 0 && b->ndim == 0) {
		struct value *pair[2] = {v1, v2};
		res = arr_ufunc_call(ev, arr_be(bi), "multiply", 2, pair, NULL);
		goto done;
	}
	if (a->ndim != b->ndim) {
		err_set(ev, TY_ValueError, fft ? "in1 and in2 should have the same dimensionality"
			: conv ? "volume and kernel should have the same dimensionality"
			: "in1 and in2 should have the same dimensionality");
		goto done;
	}
	{
		const char *meth = vmeth && !fft ? val_as_cstr(vmeth) : "auto";
		int path = fft ? 1 : !conv || !strcmp(meth, "direct") ? 0 : !strcmp(meth, "fft") ? 1 : 2;
		if (parse_sig_mode(ev, vmode, &m, path) < 0)
			goto done;
	}
	if (nd_size(a) == 0 || nd_size(b) == 0) {
		int64_t zero = 0;
		if (fft) {
			r = nd_new(ev, arr_be(bi), DT_FLOAT64, 1, &zero);
		} else {
			err_set(ev, TY_ValueError, "v cannot be empty");
			goto done;
		}
		res = arr_wrap(ev, r);
		goto done;
	}
	if ((swap = swap_needed(ev, m, a, b)) < 0)
		goto done;
	if (swap) {
		struct ndarray *t = a;
		a = b;
		b = t;
	}
	if (fft || (vmeth && val_as_cstr(vmeth) && !strcmp(val_as_cstr(vmeth), "fft"))) {
		if (a->ndim <= 3 && conv) {
			int rdt = dt_promote(a->dtype, b->dtype) == DT_FLOAT32 ? DT_FLOAT32 : DT_FLOAT64;
			r = fft_convolve(ev, a, b, m, rdt);
			if (r && !fft && r->dtype != odt) {
				/* convolve(method='fft') rounds integer results */
				struct value *vr = arr_wrap(ev, r), *rounded = NULL;
				r = NULL;
				if (vr) {
					rounded = dt_is_int(odt) ? arr_ufunc_call(ev, arr_be(bi), "rint", 1, &vr, NULL)
						: val_incref(vr);
					if (rounded)
						r = arr_astype(ev, arr_borrow(rounded), odt);
				}
				val_decref(vr);
				val_decref(rounded);
			}
			res = r ? arr_wrap(ev, r) : NULL;
			goto done;
		}
	}
	r = sig_run(ev, fname, a, b, conv, m, ST_CONSTANT, 0.0, odt, 0);
	if (swap && !conv)
		r = reversed_result(ev, r);
	res = r ? arr_wrap(ev, r) : NULL;
done:
	nd_decref(a);
	nd_decref(b);
	return res;
}

static struct value *fn_convolve(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	return sig_nd(ev, bi, argc, argv, kw, "convolve", 1, 0);
}

static struct value *fn_correlate(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	return sig_nd(ev, bi, argc, argv, kw, "correlate", 0, 0);
}

static struct value *fn_fftconvolve(struct eval *ev, const struct builtin *bi, int argc,
				    struct value **argv, const struct kwargs *kw)
{
	return sig_nd(ev, bi, argc, argv, kw, "fftconvolve", 1, 1);
}

/* convolve2d / correlate2d with boundary= and fillvalue= */
static struct value *sig_2d(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw, const char *fname, int conv)
{
	struct value *v1, *v2, *vmode = NULL, *vbound = NULL, *vfill = NULL, *res = NULL;
	struct ndarray *a = NULL, *b = NULL, *r = NULL;
	enum sig_mode m;
	enum st_mode em = ST_CONSTANT;
	double fill = 0.0;
	int swap;
	if (args_parse(ev, fname, argc, argv, kw, "in1,in2|mode,boundary,fillvalue",
		       &v1, &v2, &vmode, &vbound, &vfill) < 0 ||
	    real_inputs(ev, arr_be(bi), v1, v2, &a, &b) < 0)
		goto done;
	if (a->ndim != 2 || b->ndim != 2) {
		err_set(ev, TY_ValueError, "%s inputs must both be 2-D arrays", fname);
		goto done;
	}
	if (parse_sig_mode(ev, vmode, &m, 0) < 0)
		goto done;
	if (vbound) {
		const char *s = val_as_cstr(vbound);
		if (s && !strcmp(s, "fill"))
			em = ST_CONSTANT;
		else if (s && (!strcmp(s, "wrap") || !strcmp(s, "circular")))
			em = ST_WRAP;
		else if (s && (!strcmp(s, "symm") || !strcmp(s, "symmetric")))
			em = ST_REFLECT;
		else {
			err_set(ev, TY_ValueError, "Acceptable boundary flags are 'fill', 'circular' "
				"(or 'wrap'), and 'symmetric' (or 'symm').");
			goto done;
		}
	}
	if (args_double(ev, vfill, 0.0, &fill) < 0)
		goto done;
	if ((swap = swap_needed(ev, m, a, b)) < 0)
		goto done;
	if (swap) {
		struct ndarray *t = a;
		a = b;
		b = t;
	}
	if (nd_size(a) == 0 || nd_size(b) == 0) {
		err_set(ev, TY_ValueError, "%s inputs must not be empty", fname);
		goto done;
	}
	r = sig_run(ev, fname, a, b, conv, m, em, fill, dt_promote(a->dtype, b->dtype), !conv);
	if (swap && !conv)
		r = reversed_result(ev, r);
	res = r ? arr_wrap(ev, r) : NULL;
done:
	nd_decref(a);
	nd_decref(b);
	return res;
}

static struct value *fn_convolve2d(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	return sig_2d(ev, bi, argc, argv, kw, "convolve2d", 1);
}

static struct value *fn_correlate2d(struct eval *ev, const struct builtin *bi, int argc,
				    struct value **argv, const struct kwargs *kw)
{
	return sig_2d(ev, bi, argc, argv, kw, "correlate2d", 0);
}

const struct arr_func arr_signal_funcs[] = {
	{"convolve", fn_convolve, "convolve(in1, in2, mode='full', method='auto')",
	 "Convolve two N-dimensional arrays."},
	{"correlate", fn_correlate, "correlate(in1, in2, mode='full', method='auto')",
	 "Cross-correlate two N-dimensional arrays."},
	{"fftconvolve", fn_fftconvolve, "fftconvolve(in1, in2, mode='full', axes=None)",
	 "Convolve two N-dimensional arrays (Lumen sums directly in double precision)."},
	{"convolve2d", fn_convolve2d, "convolve2d(in1, in2, mode='full', boundary='fill', fillvalue=0)",
	 "Convolve two 2-dimensional arrays."},
	{"correlate2d", fn_correlate2d, "correlate2d(in1, in2, mode='full', boundary='fill', fillvalue=0)",
	 "Cross-correlate two 2-dimensional arrays."},
	{NULL, NULL, NULL, NULL},
};
