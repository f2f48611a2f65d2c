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

#include "lang/value.h"
#include "array/ndarray.h"
#include "backend/backend.h"
#include "array/arrfuncs.h"

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
/* the same cast without NumPy's ComplexWarning: for results a function computed
 * in complex that NumPy gives as real (no user cast took place) */
struct ndarray *arr_astype_quiet(struct eval *ev, const struct ndarray *a, int dtype);
/* A C-contiguous host copy of a as dtype (a itself when it already is one,
 * as a new reference): what host-side algorithms read device arrays by. */
struct ndarray *arr_host_c(struct eval *ev, const struct ndarray *a, int dtype);
/* A copy of a as dtype laid out as NumPy lays out order ('C', 'F', 'A',
 * 'K': PyArray_NewLikeArray's strides); order= parsed from v (None: def,
 * either case, else NumPy's TypeError / ValueError).  arrattr.c. */
struct ndarray *arr_copy_order(struct eval *ev, const struct ndarray *a, int dtype, char order);
int arr_parse_order(struct eval *ev, struct value *v, char def, char *out);
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

/* ---- added by arrays-core (arrvalue.c unless said) ---- */

/* In host mode `cp` arrays live on backend_host_cupy: host memory, the host
 * functions, but a distinct namespace (cupy.ndarray, 0-d results stay
 * arrays, mixing with np arrays is a TypeError).  host_backend.c. */
extern struct backend backend_host_cupy;  /* as backend_host (backend.h) */
/* Non-zero for the `cp` namespace's backends (CUDA or host-cupy). */
int arr_is_cupy(const struct backend *be);

/* NumPy scalars: load from / store to memory of a dtype (storing converts
 * with C casts, as astype does), convert to another dtype. */
void arr_scalar_load(int dtype, const void *p, struct npscalar *s);
void arr_scalar_store(int dtype, void *p, const struct npscalar *s);
void arr_scalar_cast(const struct npscalar *s, int dtype, struct npscalar *out);
/* A Python or NumPy scalar value as an npscalar of its natural dtype
 * (Python: bool, int64, float64, complex128); *pyclass = VT_BOOL/INT/FLOAT/
 * COMPLEX for Python scalars (NEP 50 weak), 0 for NumPy scalars.
 * 0, or 1 when v is not a scalar (nothing set). */
int arr_value_scalar(struct value *v, struct npscalar *s, int *pyclass);
/* OverflowError "Python integer 300 out of bounds for int8" unless the
 * Python int v fits integer dtype dt. 0 or -1. */
int arr_check_pyint(struct eval *ev, int64_t v, int dt);
/* "(2, 3)", "(2,)", "()" */
void arr_format_shape(char *buf, size_t n, int ndim, const int64_t *shape);
/* "(2,3)", "(3,)", "()": the form of NumPy's broadcasting messages */
void arr_format_shape_compact(char *buf, size_t n, int ndim, const int64_t *shape);

/* Reductions for other areas (reduce.c): op over axes (mask) of a, with
 * keepdims; dtype -1: NumPy's default accumulator.  Returns an array (0-d
 * when every axis is reduced and keepdims is 0). */
struct ndarray *arr_reduce(struct eval *ev, const struct ndarray *a, enum red_op op,
			   uint64_t axes, int keepdims, int dtype);


/* ---- the operations behind the language's type slots (lang/value.h) ----
 * Registered for VT_NDARRAY / VT_SCALAR / VT_DTYPE by each layer's
 * *_register_slots (engine_init_layers); callable directly as well. */
struct value *arr_binop(struct eval *ev, enum binop op, struct value *l, struct value *r, int inplace);
struct value *arr_unop(struct eval *ev, enum unop op, struct value *v);
int arr_truth(struct eval *ev, struct value *v);
char *arr_repr(struct eval *ev, struct value *v);   /* NumPy repr */
char *arr_str(struct eval *ev, struct value *v);    /* NumPy str */
struct value *arr_getattr(struct eval *ev, struct value *v, const char *name);
/* a.flat (a numpy.flatiter over the array value arr) and a.flat = x (flatiter.c) */
struct value *arr_flat_get(struct eval *ev, struct value *arr);
int arr_flat_set(struct eval *ev, struct value *arr, struct value *x);
int arr_setattr(struct eval *ev, struct value *v, const char *name, struct value *x);
struct value *arr_getitem(struct eval *ev, struct value *v, struct value *key);
int arr_setitem(struct eval *ev, struct value *v, struct value *key, struct value *x);
int64_t arr_len(struct eval *ev, struct value *v);
struct value *arr_iter_list(struct eval *ev, struct value *v);
int arr_hash(struct eval *ev, struct value *v, uint64_t *out);    /* scalars only */
/* int(x), float(x), complex(x) of a scalar or size-1 array */
int arr_as_int64(struct eval *ev, struct value *v, int64_t *out);
/* int() of an integer/bool scalar or one-element array: a Python int of any size */
struct value *arr_to_pyint(struct eval *ev, struct value *v);
int arr_as_double(struct eval *ev, struct value *v, double *out);
int arr_as_complex(struct eval *ev, struct value *v, double _Complex *out);
/* dtype value call: np.float32(3) / dtype attributes (.name, .itemsize ...) */
struct value *arr_dtype_call(struct eval *ev, struct value *dt, int argc,
			     struct value **argv, const struct kwargs *kw);
struct value *arr_dtype_getattr(struct eval *ev, struct value *dt, const char *name);
char *arr_dtype_repr(struct eval *ev, struct value *dt);
/* The modules: `import numpy` / `import cupy` / submodules ("numpy.linalg").
 * NULL with no error set: not an array module. */
struct value *arr_import(struct eval *ev, const char *fullname);
/* Fills the slots the array layer owns (arrslots.c); idempotent. */
void arr_register_slots(void);
/* Fills the indexing slots (lib/index.c); idempotent. */
void idx_register_slots(void);

/* NumPy's ComplexWarning ("Casting complex values to real discards the
 * imaginary part") when a cast goes from a complex dtype to a real one
 * other than bool (arrvalue.c; ufunc/fpe.h's fpe_complex_cast) */
void arr_complex_cast_warn(struct eval *ev, int from, int to);
/* A NumPy scalar as the Python number it holds (arrattr.c). */
struct value *arr_scalar_to_py(struct eval *ev, const struct npscalar *s);
/* a.real (imag 0) / a.imag (imag 1): a view, or a new array (arrattr.c). */
struct ndarray *arr_real_imag(struct eval *ev, const struct ndarray *a, int imag);
/* a.fill(x) / a[...] = x of one value (arrattr.c): 0, or -1 with the error set */
int arr_fill_value(struct eval *ev, struct ndarray *a, struct value *x);

/* np.memmap (memmap.c): a memmap's attributes filename/offset/mode (NULL with
 * no error for another name or a plain array); 1 when name is one of them or
 * flush, which plain arrays lack */
struct value *arr_memmap_getattr(struct eval *ev, const struct ndarray *a, const char *name);
int arr_memmap_name(const char *name);

/* np.matrix (matrix.c): 1 for a matrix value; NumPy's __array_finalize__ of
 * an array result r (stolen; 1-D becomes 1 x n, n x 1 when column; anything
 * else passes through); matrix.__getitem__'s shapes for what indexing gave;
 * m * x and m ** n; a matrix's own attributes and methods (NULL with no
 * error: the ndarray's) */
int arr_is_matrix(const struct value *v);
int arr_is_matrix_type(const struct value *v);   /* np.matrix itself */
struct value *arr_matrix_wrap(struct eval *ev, struct value *r, int column);
struct value *arr_matrix_item(struct eval *ev, struct value *key, struct value *r);
struct value *arr_matrix_binop(struct eval *ev, enum binop op, struct value *l, struct value *r, int inplace);
struct value *arr_matrix_getattr(struct eval *ev, struct value *m, const char *name);

#endif
