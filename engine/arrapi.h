/*
 * arrapi.h — the array runtime's internal toolkit, shared by its areas
 * (creation, ufunc, reduce, manip, index, sortsearch, stats, linalg, fft,
 * random, npyio, format, the CUDA backend).  Implemented in arrvalue.c.
 *
 * Same rules as everywhere: new references unless *_borrow; NULL or -1 with
 * the error set.
 */
#ifndef LUMEN_ARRAPI_H
#define LUMEN_ARRAPI_H

#include "value.h"
#include "ndarray.h"
#include "backend.h"
#include "arrfuncs.h"

/* The array inside a VT_NDARRAY value, or NULL for anything else. */
struct ndarray *arr_borrow(struct value *v);

/* np.asarray(v, dtype) on backend be: v may be an ndarray (on be: returned
 * as is when the dtype already matches; on another device: TypeError as in
 * CuPy), a NumPy or Python scalar, or nested lists/tuples.  dtype -1 infers
 * NumPy's way. */
struct ndarray *arr_asarray(struct eval *ev, const struct backend *be,
			    struct value *v, int dtype);

/* Wraps an array as a value (steals a). */
struct value *arr_wrap(struct eval *ev, struct ndarray *a);
/* What a function returns for a computed result: on the host a 0-d result
 * becomes a NumPy scalar (np.sum -> np.float64(3.0)); on the device it stays
 * a 0-d array, as in CuPy.  Steals a. */
struct value *arr_result(struct eval *ev, struct ndarray *a);

/* Element 0 of a 0-d (or any) host array as a NumPy scalar. */
struct value *arr_scalar_at(struct eval *ev, const struct ndarray *a, const char *ptr);

/* Argument parsing for the common parameters. */
int arr_parse_dtype(struct eval *ev, struct value *v, int *dtype); /* None -> leaves *dtype */
int arr_parse_shape(struct eval *ev, struct value *v, int *ndim, int64_t *shape);
/* axis=None (-> all axes, *mask all ones), int or tuple; negative counted
 * from the end; AxisError "axis 3 is out of bounds for array of dimension 2". */
int arr_parse_axes(struct eval *ev, struct value *v, int ndim, uint64_t *mask);
int arr_normalize_axis(struct eval *ev, int64_t axis, int ndim, int *out);

/* Copies: a C-contiguous copy (same backend) / a cast / one on the host. */
struct ndarray *arr_contiguous(struct eval *ev, const struct ndarray *a);
struct ndarray *arr_astype(struct eval *ev, const struct ndarray *a, int dtype);
struct ndarray *arr_to_host(struct eval *ev, const struct ndarray *a);
struct ndarray *arr_to_backend(struct eval *ev, const struct ndarray *a,
			       const struct backend *be);

/* Shapes. */
int arr_broadcast_shapes(struct eval *ev, int n, const struct ndarray *const *a,
			 int *ndim, int64_t *shape);
/* A view of a broadcast to (ndim, shape): stride 0 on new/size-1 axes. */
struct ndarray *arr_broadcast_to(struct eval *ev, const struct ndarray *a,
				 int ndim, const int64_t *shape);
struct ndarray *arr_reshape(struct eval *ev, const struct ndarray *a, int ndim,
			    const int64_t *shape); /* view when possible, -1 allowed once */
struct ndarray *arr_transpose(struct eval *ev, const struct ndarray *a, const int *perm);

/* Applies ufunc `name` ("add", "sin" ...) to values, NumPy's rules
 * (broadcasting, NEP 50, out=). */
struct value *arr_ufunc_call(struct eval *ev, const struct backend *be, const char *name,
			     int nin, struct value **in, struct value *out);

/* Host iteration helper: calls fn for every element of a (any layout) in C
 * order with a pointer to it.  For simple host loops outside the ufunc
 * machinery.  Returns -1 if fn does. */
int arr_foreach(struct eval *ev, const struct ndarray *a,
		int (*fn)(void *ctx, char *item, int64_t flat), void *ctx);

/* The backend of the namespace a builtin belongs to. */
static inline const struct backend *arr_be(const struct builtin *bi)
{
	return bi->data ? (const struct backend *)bi->data : &backend_host;
}

#endif
