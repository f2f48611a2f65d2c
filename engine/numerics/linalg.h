/*
 * linalg.h — linear algebra: matmul/dot/einsum and numpy.linalg, written
 * once above the backends (linalg.c), and the per-backend library entries
 * (struct backend_linalg in backend/backend_lib.h: LAPACKE on the host in
 * backend/host/host_linalg.c, cuSOLVER in the CUDA backend).
 *
 * The front end (linalg.c) never calls LAPACK itself: it lays matrices out
 * column-major (Fortran order), contiguous, `batch` matrices back to back, in
 * the backend's own memory, and calls the entries below.
 */
#ifndef LUMEN_LINALG_H
#define LUMEN_LINALG_H

#include "lang/value.h"
#include "array/ndarray.h"
#include "backend/backend_lib.h"

struct eval;

/* a @ b with NumPy's matmul rules (1-d promotion, batch broadcasting, the
 * gufunc's core-dimension message).  arr_binop calls it for OP_MATMUL.  a and
 * b are borrowed (ndarrays, NumPy scalars, lists ...); new reference or NULL
 * with the error set. */
struct value *linalg_matmul(struct eval *ev, struct value *a, struct value *b);

/* Copies the host array a (not C-contiguous: a transposed or strided view)
 * into the C-contiguous host array r of the same shape, dtype a's or the
 * float32 <-> float64 / complex64 <-> complex128 casts, in cache-sized
 * tiles of the last two axes.  1 when done; 0 when the arrays are not such
 * a pair (the caller copies another way).  Never fails. */
int linalg_host_copy(const struct ndarray *a, struct ndarray *r);

/* Runs builtin fn on host copies of its array arguments and moves the
 * results (arrays, NumPy scalars, tuples of them) to backend be: how a
 * library family a device backend lacks (linalg, fft) still answers. */
struct value *linalg_via_host(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw, builtin_fn fn,
			      const struct backend *be);

#endif
