/*
 * stride.c — numpy.lib.stride_tricks (and cupy.lib.stride_tricks, the same
 * functions bound to cp): as_strided (a view of x's memory with
 * any shape and byte strides) and sliding_window_view (NumPy's
 * composition of as_strided).  NumPy lets as_strided reach any memory;
 * Lumen refuses a view whose items would lie outside the buffer x views
 * (a ValueError), so no view reads or writes past its memory.  Owns nothing.
 */
#include <stdio.h>
#include <string.h>
#include "array/arrapi.h"
#include "array/arrfuncs.h"
#include "lang/args.h"
#include "lang/error.h"

/* a tuple/list of at most ND_MAXDIM ints (shape or strides): its length */
static int int_seq(struct eval *ev, struct value *v, const char *what, int64_t *out)
{
	int n;
	if (arr_parse_shape(ev, v, &n, out) < 0)
		return -1;
	(void)what;
	return n;
}

/* the view of a's buffer; every item inside the buffer, else ValueError */
static struct ndarray *strided_view(struct eval *ev, struct ndarray *a, int nd, const int64_t *shape,
				    const int64_t *strides, int writeable)
{
	int64_t lo = a->offset, hi = a->offset, item = dt_size(a->dtype), size = 1;
	for (int i = 0; i < nd; i++) {
		if (shape[i] < 0)
			return err_set(ev, TY_ValueError, "negative dimensions are not allowed");
		if (__builtin_mul_overflow(size, shape[i], &size))
			return err_set(ev, TY_ValueError, "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.");
	}
	if (size) {
		for (int i = 0; i < nd; i++) {
			int64_t span;
			if (__builtin_mul_overflow(shape[i] - 1, strides[i], &span) ||
			    __builtin_add_overflow(span < 0 ? lo : hi, span, span < 0 ? &lo : &hi))
				return err_set(ev, TY_ValueError, "as_strided: the strides reach past any memory");
		}
		if (lo < 0 || hi > (int64_t)a->buf->nbytes - item)
			return err_set(ev, TY_ValueError,
				       "as_strided: the view would reach outside the array's memory (bytes %lld to %lld of %lld); "
				       "Lumen refuses what NumPy would read out of bounds",
				       (long long)lo, (long long)(hi + item), (long long)a->buf->nbytes);
	}
	struct ndarray *v = nd_view(ev, a, a->dtype, nd, shape, strides, a->offset);
	if (v && !writeable)
		v->flags &= ~ND_WRITEABLE;
	return v;
}

static struct value *f_as_strided(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				  const struct kwargs *kw)
{
	struct value *xv, *shv = NULL, *stv = NULL, *subok = NULL, *wv = NULL;
	int64_t shape[ND_MAXDIM], strides[ND_MAXDIM];
	int writeable = 1, nd, ns;
	if (args_parse(ev, "as_strided", argc, argv, kw, "x|shape,strides,subok,writeable", &xv, &shv, &stv, &subok,
		       &wv) < 0 || args_bool(ev, wv, 1, &writeable) < 0)
		return NULL;
	struct ndarray *a = arr_asarray(ev, arr_be(bi), xv, -1);
	if (!a)
		return NULL;
	if (shv && shv->type != VT_NONE) {
		if ((nd = int_seq(ev, shv, "shape", shape)) < 0)
			goto fail;
	} else {
		nd = a->ndim;
		memcpy(shape, a->shape, sizeof(int64_t) * nd);
	}
	if (stv && stv->type != VT_NONE) {
		if ((ns = int_seq(ev, stv, "strides", strides)) < 0)
			goto fail;
		if (ns != nd) {
			err_set(ev, TY_ValueError, "mismatch in length of strides and shape");
			goto fail;
		}
	} else if (shv && shv->type != VT_NONE && !nd_is_c_contiguous(a)) {
		/* x's array interface keeps x's strides */
		if (a->ndim != nd) {
			err_set(ev, TY_ValueError, "mismatch in length of strides and shape");
			goto fail;
		}
		memcpy(strides, a->strides, sizeof(int64_t) * nd);
	} else if (shv && shv->type != VT_NONE) {
		/* a C-contiguous x's array interface has no strides: C order for the shape */
		int64_t s = dt_size(a->dtype);
		for (int i = nd - 1; i >= 0; i--) {
			strides[i] = s;
			if (shape[i] && __builtin_mul_overflow(s, shape[i], &s)) {
				err_set(ev, TY_ValueError, "array is too big");
				goto fail;
			}
		}
	} else {
		memcpy(strides, a->strides, sizeof(int64_t) * nd);
	}
	struct ndarray *v = strided_view(ev, a, nd, shape, strides, writeable && (a->flags & ND_WRITEABLE));
	nd_decref(a);
	return v ? arr_wrap(ev, v) : NULL;
fail:
	nd_decref(a);
	return NULL;
}

static struct value *f_sliding_window_view(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
					   const struct kwargs *kw)
{
	struct value *xv, *wsv, *axv = NULL, *subok = NULL, *wv = NULL;
	int64_t win[ND_MAXDIM], strides[2 * ND_MAXDIM], oshape[2 * ND_MAXDIM];
	int axes[ND_MAXDIM], writeable = 0, nw, nax;
	if (args_parse(ev, "sliding_window_view", argc, argv, kw, "x,window_shape|axis,$subok,writeable", &xv, &wsv, &axv,
		       &subok, &wv) < 0 || args_bool(ev, wv, 0, &writeable) < 0)
		return NULL;
	if ((nw = int_seq(ev, wsv, "window_shape", win)) < 0)
		return NULL;
	struct ndarray *a = arr_asarray(ev, arr_be(bi), xv, -1);
	if (!a)
		return NULL;
	for (int i = 0; i < nw; i++)
		if (win[i] < 0) {
			err_set(ev, TY_ValueError, "`window_shape` cannot contain negative values");
			goto fail;
		}
	if (!axv || axv->type == VT_NONE) {
		nax = a->ndim;
		for (int i = 0; i < nax; i++)
			axes[i] = i;
		if (nw != nax) {
			err_set(ev, TY_ValueError, "Since axis is `None`, must provide window_shape for all dimensions of `x`; got %d window_shape elements and `x.ndim` is %d.",
				nw, a->ndim);
			goto fail;
		}
	} else {
		int64_t ax[ND_MAXDIM];
		if ((nax = int_seq(ev, axv, "axis", ax)) < 0)
			goto fail;
		for (int i = 0; i < nax; i++)
			if (arr_normalize_axis(ev, ax[i], a->ndim, &axes[i]) < 0)
				goto fail;
		if (nw != nax) {
			err_set(ev, TY_ValueError, "Must provide matching length window_shape and axis; got %d window_shape elements and %d axes elements.",
				nw, nax);
			goto fail;
		}
	}
	if (a->ndim + nw > ND_MAXDIM) {
		err_set(ev, TY_ValueError, "maximum supported dimension for an ndarray is currently %d, found %d", ND_MAXDIM,
			a->ndim + nw);
		goto fail;
	}
	for (int i = 0; i < a->ndim; i++) {
		oshape[i] = a->shape[i];
		strides[i] = a->strides[i];
	}
	for (int i = 0; i < nw; i++) {
		if (oshape[axes[i]] < win[i]) {
			err_set(ev, TY_ValueError, "window shape cannot be larger than input array shape");
			goto fail;
		}
		oshape[axes[i]] -= win[i] - 1;
		oshape[a->ndim + i] = win[i];
		strides[a->ndim + i] = a->strides[axes[i]];
	}
	struct ndarray *v = strided_view(ev, a, a->ndim + nw, oshape, strides, writeable && (a->flags & ND_WRITEABLE));
	nd_decref(a);
	return v ? arr_wrap(ev, v) : NULL;
fail:
	nd_decref(a);
	return NULL;
}

const struct arr_func arr_stride_funcs[] = {
	{"as_strided", f_as_strided, "as_strided(x, shape=None, strides=None, subok=False, writeable=True)",
	 "Create a view into the array with the given shape and strides."},
	{"sliding_window_view", f_sliding_window_view,
	 "sliding_window_view(x, window_shape, axis=None, *, subok=False, writeable=False)",
	 "Create a sliding window view into the array with the given window shape."},
	{NULL, NULL, NULL, NULL}
};
