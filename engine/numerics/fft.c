/*
 * fft.c — numpy.fft written once above the backends (n= padding and
 * cropping, axes, norm=, NumPy 2's dtype rules: float32 stays single
 * precision).  The transforms themselves are the backend's fft table
 * (struct backend_fft: FFTW in backend/host/host_fft.c, cuFFT in the CUDA
 * backend); this file never calls a library.
 */
#include <complex.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "array/arrapi.h"
#include "lang/args.h"
#include "lang/error.h"
#include "numerics/fft.h"
#include "numerics/linalg.h"
#include "array/nscall.h"
#include "lib/devsearch.h"

/* ---- the front end ---- */

enum { NORM_BACKWARD, NORM_ORTHO, NORM_FORWARD };

static int parse_norm(struct eval *ev, struct value *v, int *norm)
{
	const char *s;
	*norm = NORM_BACKWARD;
	if (!v || v->type == VT_NONE)
		return 0;
	s = val_as_cstr(v);
	if (s && !strcmp(s, "backward"))
		*norm = NORM_BACKWARD;
	else if (s && !strcmp(s, "ortho"))
		*norm = NORM_ORTHO;
	else if (s && !strcmp(s, "forward"))
		*norm = NORM_FORWARD;
	else {
		char *r = val_str_of(ev, v);
		err_set(ev, TY_ValueError, "Invalid norm value %s; should be \"backward\",\"ortho\" or \"forward\".",
			r ? r : "?");
		free(r);
		return -1;
	}
	return 0;
}

static const struct backend_fft *fft_be(struct eval *ev, const struct backend *be)
{
	const struct backend_fft *fb = be->fft;
	if (!fb || !fb->exec)
		err_set(ev, TY_NotImplementedError, "fft is not supported on the %s backend", be->name);
	return fb;
}

/* the complex dtype of a transform of dt (NumPy 2: single stays single) */
static int fft_cdt(int dt)
{
	return dt == DT_FLOAT32 || dt == DT_COMPLEX64 || dt == DT_FLOAT16 ? DT_COMPLEX64 : DT_COMPLEX128;
}

static int fft_rdt(int dt)
{
	return fft_cdt(dt) == DT_COMPLEX64 ? DT_FLOAT32 : DT_FLOAT64;
}

/* A fresh C-contiguous array of dtype dt with shape `shape` holding a's
 * data cropped or zero-padded (from index 0) on every axis; with `share`,
 * a itself (a new reference) when it already has that dtype and shape. */
static struct ndarray *fft_resize(struct eval *ev, const struct ndarray *a, int dt, const int64_t *shape,
				  int share)
{
	const struct backend *be = nd_backend(a);
	struct ndarray *r, *src = NULL, *dst = NULL;
	int64_t sh[ND_MAXDIM], pad = 0;
	for (int i = 0; i < a->ndim; i++) {
		sh[i] = a->shape[i] < shape[i] ? a->shape[i] : shape[i];
		pad |= shape[i] != a->shape[i];
	}
	if (share && !pad && a->dtype == dt)
		return nd_incref((struct ndarray *)a);
	if (!(r = nd_new(ev, be, dt, a->ndim, shape)))
		return NULL;
	if (pad) {
		struct npscalar z = {.dtype = dt};
		if (nd_size(r) && be->fill(ev, r, &z) < 0)
			goto fail;
	}
	src = nd_view(ev, a, a->dtype, a->ndim, sh, a->strides, a->offset);
	dst = src ? nd_view(ev, r, dt, r->ndim, sh, r->strides, r->offset) : NULL;
	if (!dst)
		goto fail;
	if (nd_size(dst) && !linalg_host_copy(src, dst) && be->copy(ev, dst, src) < 0)
		goto fail;
	nd_decref(src);
	nd_decref(dst);
	return r;
fail:
	nd_decref(src);
	nd_decref(dst);
	nd_decref(r);
	return NULL;
}

/* A C-contiguous copy of t on its backend: host transposes in cache tiles
 * (linalg_host_copy), else the backend's copy. */
static struct ndarray *fft_contig(struct eval *ev, const struct ndarray *t)
{
	struct ndarray *r = nd_new(ev, nd_backend(t), t->dtype, t->ndim, t->shape);
	if (r && nd_size(t) && !linalg_host_copy(t, r) && nd_backend(t)->copy(ev, r, t) < 0) {
		nd_decref(r);
		r = NULL;
	}
	return r;
}

/* A C-contiguous copy of a with the axes ax[0..na) moved last (in order). */
static struct ndarray *fft_moved(struct eval *ev, const struct ndarray *a, const int *ax, int na,
				 int *perm)
{
	int np = 0;
	for (int i = 0; i < a->ndim; i++) {
		int m = 0;
		for (int j = 0; j < na; j++)
			m |= ax[j] == i;
		if (!m)
			perm[np++] = i;
	}
	for (int j = 0; j < na; j++)
		perm[np++] = ax[j];
	struct ndarray *t = arr_transpose(ev, a, perm), *r;
	if (!t)
		return NULL;
	if (nd_is_c_contiguous(t))
		return t;   /* the axes are already last: no copy */
	r = fft_contig(ev, t);
	nd_decref(t);
	return r;
}

/* The inverse of fft_moved's permutation applied to a (C-contig), copied
 * unless that is a itself. */
static struct ndarray *fft_unmove(struct eval *ev, struct ndarray *a, const int *perm)
{
	int inv[ND_MAXDIM];
	for (int i = 0; i < a->ndim; i++)
		inv[perm[i]] = i;
	struct ndarray *t = arr_transpose(ev, a, inv), *r;
	if (!t)
		return NULL;
	if (nd_is_c_contiguous(t))
		return t;
	r = fft_contig(ev, t);
	nd_decref(t);
	return r;
}

/* Multiplies every element of a (C-contig, complex or real) by f. */
static int fft_scale(struct eval *ev, struct ndarray *a, double f)
{
	if (f == 1.0 || !nd_size(a))
		return 0;
	struct value *x = arr_wrap(ev, nd_incref(a)), *s = x ? val_float(f) : NULL, *in[2] = {x, s};
	struct value *r = s ? arr_ufunc_call(ev, nd_backend(a), "multiply", 2, in, x) : NULL;
	val_decref(x);
	val_decref(s);
	if (!r)
		return -1;
	val_decref(r);
	return 0;
}

static double norm_factor(int norm, int inverse, double n)
{
	if (norm == NORM_ORTHO)
		return 1.0 / sqrt(n);
	if ((norm == NORM_BACKWARD) == inverse)
		return 1.0 / n;
	return 1.0;
}

/* Runs transforms of kind over the trailing `na` axes of a C-contiguous
 * array x (already the right dtype and input sizes); lens = the logical
 * (real) sizes.  C2C runs in place in x unless x is `shared` (the caller's
 * data): then into a new array.  Returns the output array (C-contig) or NULL. */
static struct ndarray *fft_run(struct eval *ev, const struct backend_fft *fb, struct ndarray *x,
			       enum fft_kind kind, int na, const int64_t *lens, int sign, int shared);

/* The C2C transform (sign) of x over the na - 1 axes before its last (sizes
 * s), the last axis moved first for it and back after: a new C-contiguous
 * array, or NULL with the error set; x is borrowed. */
static struct ndarray *c2c_leading(struct eval *ev, const struct backend_fft *fb, struct ndarray *x,
				   int na, const int64_t *s, int sign)
{
	int nd = x->ndim, p[ND_MAXDIM], inv[ND_MAXDIM];
	p[0] = nd - 1;
	for (int i = 0; i < nd - 1; i++)
		p[i + 1] = i;
	for (int i = 0; i < nd; i++)
		inv[i] = i == nd - 1 ? 0 : i + 1;
	struct ndarray *t = arr_transpose(ev, x, p), *c, *h;
	if (!t)
		return NULL;
	c = fft_contig(ev, t);
	nd_decref(t);
	if (!c)
		return NULL;
	h = fft_run(ev, fb, c, FFT_C2C, na - 1, s, sign, 0);
	nd_decref(c);
	if (!h)
		return NULL;
	t = arr_transpose(ev, h, inv);
	nd_decref(h);
	if (!t)
		return NULL;
	h = fft_contig(ev, t);
	nd_decref(t);
	return h;
}

static struct ndarray *fft_run(struct eval *ev, const struct backend_fft *fb, struct ndarray *x,
			       enum fft_kind kind, int na, const int64_t *lens, int sign, int shared)
{
	const struct backend *be = nd_backend(x);
	int nd = x->ndim, prec = x->dtype == DT_COMPLEX128 || x->dtype == DT_FLOAT64;
	int64_t osh[ND_MAXDIM], howmany = 1, ilen = 1, olen = 1;
	memcpy(osh, x->shape, sizeof(int64_t) * nd);
	if (kind == FFT_R2C)
		osh[nd - 1] = lens[na - 1] / 2 + 1;
	else if (kind == FFT_C2R)
		osh[nd - 1] = lens[na - 1];
	for (int i = 0; i < nd - na; i++)
		howmany *= x->shape[i];
	for (int i = nd - na; i < nd; i++) {
		ilen *= x->shape[i];
		olen *= osh[i];
	}
	int odt = kind == FFT_C2R ? (prec ? DT_FLOAT64 : DT_FLOAT32) : (prec ? DT_COMPLEX128 : DT_COMPLEX64);
	struct ndarray *out = kind == FFT_C2C && !shared ? nd_incref(x) : nd_new(ev, be, odt, nd, osh);
	if (!out)
		return NULL;
	/* ranks above 3: transform the leading axes one at a time */
	int done = 0;
	while (done < na) {
		int r = na - done > 3 ? 3 : na - done;
		if (na > 3 && kind != FFT_C2C) {
			nd_decref(out);
			return err_set(ev, TY_NotImplementedError, "real FFTs over more than 3 axes");
		}
		int64_t hm = howmany, inner = 1;
		for (int i = 0; i < done; i++)
			hm *= x->shape[nd - na + i];
		for (int i = done + r; i < na; i++)
			inner *= x->shape[nd - na + i];
		if (inner != 1) {
			/* the transformed axes are not innermost: handled below by
			 * transposition (only for na > 3, C2C) */
			nd_decref(out);
			return err_set(ev, TY_NotImplementedError, "FFTs over more than 3 axes");
		}
		int64_t il = 1, ol = 1;
		for (int i = 0; i < r; i++) {
			il *= x->shape[nd - na + done + i];
			ol *= osh[nd - na + done + i];
		}
		/* later passes (ranks above 3, C2C) run in place on out */
		if (fb->exec(ev, kind, prec, r, lens + done, hm, nd_data(done ? out : x), il, nd_data(out), ol,
			     sign) < 0) {
			nd_decref(out);
			return NULL;
		}
		done += r;
	}
	(void)ilen;
	(void)olen;
	return out;
}

/*
 * The general transform: axes ax[0..na) (distinct, normalised), s[i] the
 * wanted length along ax[i] (the real length for R2C / C2R), norm.
 *   C2C: complex -> complex; R2C: real input -> half spectrum on the last
 *   axis then C2C on the others; C2R: C2C inverse on all but the last, then
 *   half spectrum -> real on the last.
 */
static struct ndarray *fft_axes(struct eval *ev, const struct backend *be, const struct ndarray *a,
				const int *ax, int na, const int64_t *s, int norm, int inverse,
				enum fft_kind kind, int own)
{
	const struct backend_fft *fb = fft_be(ev, be);
	int perm[ND_MAXDIM], cdt = fft_cdt(a->dtype), share, shared;
	int64_t shape[ND_MAXDIM];
	struct ndarray *x = NULL, *m = NULL, *y = NULL, *r = NULL;
	double nprod = 1;
	if (!fb)
		return NULL;
	if (kind == FFT_R2C && dt_is_complex(a->dtype))
		return err_set(ev, TY_TypeError, "ufunc 'rfft_n_even' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''");
	for (int i = 0; i < na; i++) {
		if (s[i] < 1)
			return err_set(ev, TY_ValueError, "Invalid number of FFT data points (%lld) specified.", (long long)s[i]);
		nprod *= (double)s[i];
	}
	/* input sizes along the axes */
	memcpy(shape, a->shape, sizeof(int64_t) * a->ndim);
	for (int i = 0; i < na; i++)
		shape[ax[i]] = (kind == FFT_C2R && i == na - 1) ? s[i] / 2 + 1 : s[i];
	/* On a device the input is read where it lies when it already has the
	 * transform's dtype and sizes (C2C then runs out of place, R2C reads
	 * without writing); the host keeps its private copy (FFTW's in-place
	 * plans, byte for byte NumPy's results).  C2R destroys its input. */
	share = (own || !be->fft->private_copy) && kind != FFT_C2R;
	int xdt = kind == FFT_R2C ? fft_rdt(a->dtype) : cdt, pad = 0;
	for (int i = 0; i < a->ndim; i++)
		pad |= shape[i] != a->shape[i];
	if (be->fft->private_copy && !pad && a->dtype == xdt) {
		/* when the axes are not innermost, fft_moved's transposing copy
		 * is the private copy: no second one first */
		m = fft_moved(ev, a, ax, na, perm);
		if (!m)
			goto out;
		if (m->buf == a->buf && !share) {
			nd_decref(m);
			m = NULL;
		}
	}
	if (!m) {
		x = fft_resize(ev, a, xdt, shape, share);
		m = x ? fft_moved(ev, x, ax, na, perm) : NULL;
	}
	if (!m)
		goto out;
	shared = m->buf == a->buf && !own;
	if (kind == FFT_C2C) {
		y = fft_run(ev, fb, m, FFT_C2C, na, s, inverse ? +1 : -1, shared);
	} else if (kind == FFT_R2C && fb->multi_real && na <= 3) {
		/* one transform over every axis (the backend's multi-rank R2C) */
		y = fft_run(ev, fb, m, FFT_R2C, na, s, 0, shared);
	} else if (kind == FFT_R2C) {
		struct ndarray *h = fft_run(ev, fb, m, FFT_R2C, 1, s + na - 1, 0, shared);
		if (!h)
			goto out;
		if (na > 1) {
			/* C2C over the other axes */
			struct ndarray *c = c2c_leading(ev, fb, h, na, s, -1);
			nd_decref(h);
			if (!(h = c))
				goto out;
		}
		y = h;
	} else {
		/* C2R: C2C inverse over the leading axes, then C2R on the last */
		if (na > 1) {
			struct ndarray *c = c2c_leading(ev, fb, m, na, s, +1);
			nd_decref(m);
			if (!(m = c))
				goto out;
		}
		y = fft_run(ev, fb, m, FFT_C2R, 1, s + na - 1, 0, 0);
	}
	if (!y)
		goto out;
	if (fft_scale(ev, y, norm_factor(norm, inverse, nprod)) < 0)
		goto out;
	r = fft_unmove(ev, y, perm);
out:
	nd_decref(x);
	nd_decref(m);
	nd_decref(y);
	return r;
}

/*
 * The transform over axes ax[0..na) (see fft_axes).  The host runs a
 * complex transform over several axes as NumPy's pocketfft does: one axis
 * at a time from the last, each scaled by its own norm factor.  A row is
 * contiguous for FFTW after fft_moved's tiled transpose, where FFTW's
 * ESTIMATE plans over a whole 2-D or 3-D grid of powers of two walk the
 * columns across the cache (fft2 of 1024x1024 took twice NumPy's time).
 * Intermediate results are this function's own, transformed in place.
 */
static struct ndarray *fft_nd(struct eval *ev, const struct backend *be, const struct ndarray *a,
			      const int *ax, int na, const int64_t *s, int norm, int inverse,
			      enum fft_kind kind)
{
	struct ndarray *cur = NULL, *next;
	if (!be->fft || !be->fft->axis_by_axis || kind != FFT_C2C || na < 2)
		return fft_axes(ev, be, a, ax, na, s, norm, inverse, kind, 0);
	for (int i = na - 1; i >= 0; i--) {
		next = fft_axes(ev, be, cur ? cur : a, &ax[i], 1, &s[i], norm, inverse, kind, cur != NULL);
		nd_decref(cur);
		if (!(cur = next))
			return NULL;
	}
	return cur;
}

/* ---- argument handling ---- */

/* fft(a, n=None, axis=-1, norm=None, out=None) and its 1-d relatives */
enum fft1 { F_FFT, F_IFFT, F_RFFT, F_IRFFT, F_HFFT, F_IHFFT };

static struct value *fft_1d(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw, enum fft1 which,
			    const char *name)
{
	struct value *av, *nv = NULL, *axv = NULL, *normv = NULL, *outv = NULL;
	int64_t n = -1, axis = -1;
	int norm, ax;
	struct ndarray *a, *r = NULL;
	if (args_parse(ev, name, argc, argv, kw, "a|n,axis,norm,out", &av, &nv, &axv, &normv, &outv) < 0)
		return NULL;
	if (outv && outv->type != VT_NONE)
		return err_set(ev, TY_NotImplementedError, "%s: out= is not supported", name);
	if (nv && nv->type != VT_NONE) {
		if (nv->type == VT_FLOAT)
			return err_set(ev, TY_TypeError, "'float' object cannot be interpreted as an integer");
		if (val_as_int64(ev, nv, &n) < 0)
			return NULL;
	}
	if (args_int(ev, axv, -1, &axis) < 0 || parse_norm(ev, normv, &norm) < 0)
		return NULL;
	const struct backend *be = arr_borrow(av) ? nd_backend(arr_borrow(av)) : arr_be(bi);
	if (!(a = arr_asarray(ev, be, av, -1)))
		return NULL;
	if (axis < -a->ndim || axis >= a->ndim) {
		err_set(ev, TY_IndexError, "tuple index out of range");
		goto out;
	}
	ax = (int)(axis < 0 ? axis + a->ndim : axis);
	switch (which) {
	case F_FFT:
	case F_IFFT:
		if (n < 0)
			n = a->shape[ax];
		r = fft_nd(ev, be, a, &ax, 1, &n, norm, which == F_IFFT, FFT_C2C);
		break;
	case F_RFFT:
		if (n < 0)
			n = a->shape[ax];
		r = fft_nd(ev, be, a, &ax, 1, &n, norm, 0, FFT_R2C);
		break;
	case F_IRFFT:
		if (n < 0)
			n = 2 * (a->shape[ax] - 1);
		r = fft_nd(ev, be, a, &ax, 1, &n, norm, 1, FFT_C2R);
		break;
	case F_HFFT: {
		/* irfft(conj(a), n, norm=swapped) */
		int sw = norm == NORM_BACKWARD ? NORM_FORWARD : norm == NORM_FORWARD ? NORM_BACKWARD : norm;
		struct value *in[1] = {arr_wrap(ev, nd_incref(a))};
		struct value *cj = in[0] ? arr_ufunc_call(ev, be, "conjugate", 1, in, NULL) : NULL;
		val_decref(in[0]);
		if (!cj)
			goto out;
		if (n < 0)
			n = 2 * (a->shape[ax] - 1);
		struct ndarray *c = arr_borrow(cj);
		if (!dt_is_complex(c->dtype)) {
			struct ndarray *cc = nd_new(ev, be, fft_cdt(c->dtype), c->ndim, c->shape);
			if (cc && nd_size(c) && be->copy(ev, cc, c) < 0) {
				nd_decref(cc);
				cc = NULL;
			}
			if (cc)
				r = fft_nd(ev, be, cc, &ax, 1, &n, sw, 1, FFT_C2R);
			nd_decref(cc);
		} else
			r = fft_nd(ev, be, c, &ax, 1, &n, sw, 1, FFT_C2R);
		val_decref(cj);
		break;
	}
	case F_IHFFT: {
		int sw = norm == NORM_BACKWARD ? NORM_FORWARD : norm == NORM_FORWARD ? NORM_BACKWARD : norm;
		if (n < 0)
			n = a->shape[ax];
		struct ndarray *f = fft_nd(ev, be, a, &ax, 1, &n, sw, 0, FFT_R2C);
		if (!f)
			goto out;
		struct value *in[1] = {arr_wrap(ev, f)};
		struct value *cj = in[0] ? arr_ufunc_call(ev, be, "conjugate", 1, in, NULL) : NULL;
		val_decref(in[0]);
		nd_decref(a);
		return cj;
	}
	}
out:
	nd_decref(a);
	return r ? arr_wrap(ev, r) : NULL;
}

#define FFT1(fname, which)                                                               \
	static struct value *f_##fname(struct eval *ev, const struct builtin *bi, int argc, \
				       struct value **argv, const struct kwargs *kw)         \
	{                                                                                \
		return fft_1d(ev, bi, argc, argv, kw, which, #fname);                   \
	}
FFT1(fft, F_FFT)
FFT1(ifft, F_IFFT)
FFT1(rfft, F_RFFT)
FFT1(irfft, F_IRFFT)
FFT1(hfft, F_HFFT)
FFT1(ihfft, F_IHFFT)

/* fftn(a, s=None, axes=None, norm=None, out=None) and relatives;
 * two = 1: the fft2 family's default axes (-2, -1). */
static struct value *fft_multi(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw, int inverse,
			       enum fft_kind kind, int two, const char *name)
{
	struct value *av, *sv = NULL, *axv = NULL, *normv = NULL, *outv = NULL;
	int norm, ax[ND_MAXDIM], na = 0, ns = -1;
	int64_t s[ND_MAXDIM];
	struct ndarray *a, *r = NULL;
	if (args_parse(ev, name, argc, argv, kw, "a|s,axes,norm,out", &av, &sv, &axv, &normv, &outv) < 0 ||
	    parse_norm(ev, normv, &norm) < 0)
		return NULL;
	if (outv && outv->type != VT_NONE)
		return err_set(ev, TY_NotImplementedError, "%s: out= is not supported", name);
	const struct backend *be = arr_borrow(av) ? nd_backend(arr_borrow(av)) : arr_be(bi);
	if (!(a = arr_asarray(ev, be, av, -1)))
		return NULL;
	if (sv && sv->type != VT_NONE) {
		if (sv->type != VT_TUPLE && sv->type != VT_LIST) {
			err_set(ev, TY_TypeError, "s must be a sequence of integers");
			goto out;
		}
		ns = (int)sv->u.seq.n;
		for (int i = 0; i < ns; i++)
			if (val_as_int64(ev, sv->u.seq.items[i], &s[i]) < 0)
				goto out;
	}
	if (axv && axv->type != VT_NONE) {
		struct value *seq = axv;
		if (seq->type != VT_TUPLE && seq->type != VT_LIST) {
			int64_t x;
			if (val_as_int64(ev, seq, &x) < 0 || arr_normalize_axis(ev, x, a->ndim, &ax[0]) < 0)
				goto out;
			na = 1;
		} else {
			na = (int)seq->u.seq.n;
			for (int i = 0; i < na; i++) {
				int64_t x;
				if (val_as_int64(ev, seq->u.seq.items[i], &x) < 0 ||
				    arr_normalize_axis(ev, x, a->ndim, &ax[i]) < 0)
					goto out;
			}
		}
		if (ns >= 0 && ns != na) {
			err_set(ev, TY_ValueError, "Shape and axes have different lengths.");
			goto out;
		}
	} else if (two) {
		if (a->ndim < 2) {
			err_set(ev, TY_IndexError, "index -2 is out of bounds for axis 0 with size %d", a->ndim);
			goto out;
		}
		ax[0] = a->ndim - 2;
		ax[1] = a->ndim - 1;
		na = 2;
		if (ns >= 0 && ns != 2) {
			err_set(ev, TY_ValueError, "Shape and axes have different lengths.");
			goto out;
		}
	} else if (ns >= 0) {
		na = ns;
		if (na > a->ndim) {
			err_set(ev, TY_ValueError, "Shape and axes have different lengths.");
			goto out;
		}
		for (int i = 0; i < na; i++)
			ax[i] = a->ndim - na + i;
	} else {
		na = a->ndim;
		for (int i = 0; i < na; i++)
			ax[i] = i;
	}
	for (int i = 0; i < na; i++)
		for (int j = i + 1; j < na; j++)
			if (ax[i] == ax[j]) {
				err_set(ev, TY_ValueError, "%s: repeated axes are not supported", name);
				goto out;
			}
	if (ns < 0)
		for (int i = 0; i < na; i++)
			s[i] = (kind == FFT_C2R && i == na - 1) ? 2 * (a->shape[ax[i]] - 1) : a->shape[ax[i]];
	if (na == 0) {
		r = nd_new(ev, be, kind == FFT_C2R ? fft_rdt(a->dtype) : fft_cdt(a->dtype), a->ndim, a->shape);
		if (r && nd_size(a) && be->copy(ev, r, a) < 0) {
			nd_decref(r);
			r = NULL;
		}
		goto out;
	}
	r = fft_nd(ev, be, a, ax, na, s, norm, inverse, kind);
out:
	nd_decref(a);
	return r ? arr_wrap(ev, r) : NULL;
}

#define FFTN(fname, inv, kind, two)                                                      \
	static struct value *f_##fname(struct eval *ev, const struct builtin *bi, int argc, \
				       struct value **argv, const struct kwargs *kw)         \
	{                                                                                \
		return fft_multi(ev, bi, argc, argv, kw, inv, kind, two, #fname);        \
	}
FFTN(fft2, 0, FFT_C2C, 1)
FFTN(ifft2, 1, FFT_C2C, 1)
FFTN(fftn, 0, FFT_C2C, 0)
FFTN(ifftn, 1, FFT_C2C, 0)
FFTN(rfft2, 0, FFT_R2C, 1)
FFTN(irfft2, 1, FFT_C2R, 1)
FFTN(rfftn, 0, FFT_R2C, 0)
FFTN(irfftn, 1, FFT_C2R, 0)

/* fftfreq(n, d=1.0) / rfftfreq: k * (1 / (n * d)) as NumPy multiplies */
static struct value *freq_common(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw, int real)
{
	struct value *nv, *dv = NULL, *devv = NULL;
	int64_t n, m;
	double d = 1.0;
	if (args_parse(ev, real ? "rfftfreq" : "fftfreq", argc, argv, kw, "n|d,$device", &nv, &dv, &devv) < 0)
		return NULL;
	if (nv->type != VT_INT && nv->type != VT_BOOL && nv->type != VT_SCALAR)
		return err_set(ev, TY_ValueError, "n should be an integer");
	if (val_as_int64(ev, nv, &n) < 0 || args_double(ev, dv, 1.0, &d) < 0)
		return NULL;
	m = real ? n / 2 + 1 : n;
	if (m < 0)
		return err_set(ev, TY_ValueError, "negative dimensions are not allowed");
	if ((double)n * d == 0.0)   /* NumPy's val = 1.0 / (n * d) in Python */
		return err_set(ev, TY_ZeroDivisionError, "float division by zero");
	double val = 1.0 / ((double)n * d);
	int64_t N = (n - 1) / 2 + 1;
	const struct backend *be = arr_be(bi);
	if (ds_wanted(be)) {
		/* where the array lives, as NumPy's formula: k = arange(m), the
		 * upper half shifted down by n, times val (no host copy) */
		struct value *mv = val_int(m), *i64 = val_dtype(DT_INT64, 1);
		struct value *k = arr_ns_callk(ev, be, "arange", 1, &mv, "dtype", i64);
		val_decref(mv);
		val_decref(i64);
		if (k && !real)
			k = ex_bin(ev, OP_SUB, k, ex_bin(ev, OP_MUL, ex_bin(ev, OP_GE, val_incref(k), val_int(N)),
							 val_int(n)));
		return ex_bin(ev, OP_MUL, k, val_float(val));
	}
	struct ndarray *h = nd_new(ev, &backend_host, DT_FLOAT64, 1, &m);
	if (!h)
		return NULL;
	for (int64_t i = 0; i < m; i++) {
		int64_t k = real || i < N ? i : i - n;
		((double *)nd_data(h))[i] = (double)k * val;
	}
	if (nd_backend(h) != be) {
		struct ndarray *r = arr_to_backend(ev, h, be);
		nd_decref(h);
		h = r;
	}
	return h ? arr_wrap(ev, h) : NULL;
}

static struct value *f_fftfreq(struct eval *ev, const struct builtin *bi, int argc,
			       struct value **argv, const struct kwargs *kw)
{
	return freq_common(ev, bi, argc, argv, kw, 0);
}

static struct value *f_rfftfreq(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	return freq_common(ev, bi, argc, argv, kw, 1);
}

/* dst = src (same shape and dtype, host) when both have contiguous rows:
 * one memcpy per row.  1 when done, 0 when not such a pair. */
static int host_rows_copy(struct ndarray *dst, const struct ndarray *src)
{
	int nd = src->ndim, item = dt_size(src->dtype);
	int64_t idx[ND_MAXDIM] = {0}, rows = 1;
	if (nd < 1 || !nd_host_memory(src) || !nd_host_memory(dst) || dst->dtype != src->dtype ||
	    src->strides[nd - 1] != item || dst->strides[nd - 1] != item)
		return 0;
	for (int i = 0; i < nd - 1; i++)
		rows *= src->shape[i];
	size_t len = (size_t)src->shape[nd - 1] * item;
	for (int64_t r = 0; r < rows; r++) {
		const char *s = nd_data(src);
		char *d = nd_data(dst);
		for (int i = 0; i < nd - 1; i++) {
			s += idx[i] * src->strides[i];
			d += idx[i] * dst->strides[i];
		}
		memcpy(d, s, len);
		for (int i = nd - 2; i >= 0; i--) {
			if (++idx[i] < src->shape[i])
				break;
			idx[i] = 0;
		}
	}
	return 1;
}

/* roll by shift[k] along axes ax[k] (k < nax) in one pass, as np.roll
 * with a tuple of axes: 2^nax block copies into a fresh array (the
 * blocks r[shift:] = a[:n-shift] and r[:shift] = a[n-shift:] of every axis) */
static struct ndarray *roll_axes(struct eval *ev, const struct ndarray *a, int nax, const int *ax,
				 const int64_t *shift)
{
	const struct backend *be = nd_backend(a);
	int64_t sft[ND_MAXDIM];
	struct ndarray *r = nd_new(ev, be, a->dtype, a->ndim, a->shape);
	if (!r)
		return NULL;
	if (!nd_size(a))
		return r;
	for (int k = 0; k < nax; k++) {
		int64_t n = a->shape[ax[k]];
		sft[k] = shift[k] % n;
		if (sft[k] < 0)
			sft[k] += n;
	}
	for (int combo = 0; combo < (1 << nax); combo++) {
		int64_t sh[ND_MAXDIM], so = 0, dof = 0;
		int empty = 0;
		memcpy(sh, a->shape, sizeof(int64_t) * a->ndim);
		for (int k = 0; k < nax; k++) {
			int part = combo >> k & 1, i = ax[k];
			int64_t n = a->shape[i], len = part ? sft[k] : n - sft[k];
			sh[i] = len;
			empty |= len == 0;
			so += part ? (n - sft[k]) * a->strides[i] : 0;
			dof += part ? 0 : sft[k] * r->strides[i];
		}
		if (empty)
			continue;
		struct ndarray *src = nd_view(ev, a, a->dtype, a->ndim, sh, a->strides, a->offset + so);
		struct ndarray *dst = src ? nd_view(ev, r, r->dtype, r->ndim, sh, r->strides, r->offset + dof) : NULL;
		int rc = !dst ? -1 : host_rows_copy(dst, src) ? 0 : be->copy(ev, dst, src);
		nd_decref(src);
		nd_decref(dst);
		if (rc < 0) {
			nd_decref(r);
			return NULL;
		}
	}
	return r;
}

static struct value *shift_common(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw, int inverse)
{
	struct value *xv, *axv = NULL;
	uint64_t mask = 0;
	struct ndarray *a, *cur;
	if (args_parse(ev, inverse ? "ifftshift" : "fftshift", argc, argv, kw, "x|axes", &xv, &axv) < 0)
		return NULL;
	const struct backend *be = arr_borrow(xv) ? nd_backend(arr_borrow(xv)) : arr_be(bi);
	if (!(a = arr_asarray(ev, be, xv, -1)))
		return NULL;
	struct value *none = axv ? NULL : val_none();
	int rc = arr_parse_axes(ev, axv ? axv : none, a->ndim, &mask);
	val_decref(none);
	if (rc < 0) {
		nd_decref(a);
		return NULL;
	}
	int ax[ND_MAXDIM], nax = 0;
	int64_t sft[ND_MAXDIM];
	for (int i = 0; i < a->ndim; i++)
		if (mask >> i & 1) {
			int64_t n = a->shape[i];
			ax[nax] = i;
			sft[nax++] = inverse ? -(n / 2) : n / 2;
		}
	/* no axes: NumPy still returns a new array (one block) */
	cur = roll_axes(ev, a, nax, ax, sft);
	nd_decref(a);
	return cur ? arr_wrap(ev, cur) : NULL;
}

static struct value *f_fftshift(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	return shift_common(ev, bi, argc, argv, kw, 0);
}

static struct value *f_ifftshift(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	return shift_common(ev, bi, argc, argv, kw, 1);
}

const struct arr_func arr_fft_funcs[] = {
	{"fft", f_fft, "fft(a, n=None, axis=-1, norm=None, out=None)", "1-D discrete Fourier transform."},
	{"ifft", f_ifft, "ifft(a, n=None, axis=-1, norm=None, out=None)", "1-D inverse discrete Fourier transform."},
	{"rfft", f_rfft, "rfft(a, n=None, axis=-1, norm=None, out=None)", "1-D DFT of real input (half spectrum)."},
	{"irfft", f_irfft, "irfft(a, n=None, axis=-1, norm=None, out=None)", "Inverse of rfft."},
	{"hfft", f_hfft, "hfft(a, n=None, axis=-1, norm=None, out=None)", "DFT of a Hermitian-symmetric signal."},
	{"ihfft", f_ihfft, "ihfft(a, n=None, axis=-1, norm=None, out=None)", "Inverse of hfft."},
	{"fft2", f_fft2, "fft2(a, s=None, axes=(-2, -1), norm=None, out=None)", "2-D discrete Fourier transform."},
	{"ifft2", f_ifft2, "ifft2(a, s=None, axes=(-2, -1), norm=None, out=None)", "2-D inverse DFT."},
	{"fftn", f_fftn, "fftn(a, s=None, axes=None, norm=None, out=None)", "N-D discrete Fourier transform."},
	{"ifftn", f_ifftn, "ifftn(a, s=None, axes=None, norm=None, out=None)", "N-D inverse DFT."},
	{"rfft2", f_rfft2, "rfft2(a, s=None, axes=(-2, -1), norm=None, out=None)", "2-D DFT of real input."},
	{"irfft2", f_irfft2, "irfft2(a, s=None, axes=(-2, -1), norm=None, out=None)", "Inverse of rfft2."},
	{"rfftn", f_rfftn, "rfftn(a, s=None, axes=None, norm=None, out=None)", "N-D DFT of real input."},
	{"irfftn", f_irfftn, "irfftn(a, s=None, axes=None, norm=None, out=None)", "Inverse of rfftn."},
	{"fftfreq", f_fftfreq, "fftfreq(n, d=1.0, device=None)", "Sample frequencies of an FFT of length n."},
	{"rfftfreq", f_rfftfreq, "rfftfreq(n, d=1.0, device=None)", "Sample frequencies of an rfft of length n."},
	{"fftshift", f_fftshift, "fftshift(x, axes=None)", "Moves the zero-frequency term to the centre."},
	{"ifftshift", f_ifftshift, "ifftshift(x, axes=None)", "Inverse of fftshift."},
	{NULL, NULL, NULL, NULL}
};
