/*
 * linalg_int.h — what the linalg front-end files share (linalg.c: helpers,
 * matmul and the dot family; linalg_einsum.c; linalg_decomp.c: numpy.linalg;
 * linalg_norm.c): layout helpers (column-major copies for LAPACK), NumPy's
 * linalg dtype rule, LinAlgError checks.  Internal to those files.
 */
#ifndef LUMEN_LINALG_INT_H
#define LUMEN_LINALG_INT_H

#include "array/arrapi.h"
#include "numerics/linalg.h"

typedef int (*matmul_fn)(struct eval *, const struct ndarray *, const struct ndarray *,
			 struct ndarray *);

const struct backend *lin_be(const struct builtin *bi, struct value *a, struct value *b);
struct ndarray *lin_copy(struct eval *ev, const struct ndarray *a, int dt);
struct ndarray *lin_swap(struct eval *ev, const struct ndarray *a);
struct ndarray *lin_fortran(struct eval *ev, const struct ndarray *a, int dt);
struct ndarray *lin_unfortran(struct eval *ev, struct ndarray *f, int dt);
struct ndarray *lin_reshape(struct eval *ev, const struct ndarray *a, int nd,
				   const int64_t *shape);
struct ndarray *lin_grouped(struct eval *ev, const struct ndarray *a, int dt, int ng,
			    const int *counts);
struct ndarray *lin_host(struct eval *ev, struct ndarray *a);
struct ndarray *lin_on(struct eval *ev, struct ndarray *h, const struct backend *be);
int lin_real_dt(int dt);
int lin_complex_dt(int dt);
const struct backend_linalg *lin_lb(struct eval *ev, const struct backend *be,
					   const char *fname);
/* the struct backend_linalg entries a function uses (lin_dispatch) */
enum { LN_GETRF = 1, LN_POTRF = 2, LN_GEQRF = 4, LN_GESDD = 8, LN_SYEVD = 16,
       LN_GEEV = 32, LN_GELSD = 64 };
/* Calls fn, or runs it on host copies when the array's device backend
 * lacks an entry in `need` (a mask of LN_*) or, on a library that is not
 * LAPACK, when an input holds inf or NaN (a flag read back); need 0 (no
 * library call): fn where the data lies, no look. */
struct value *lin_dispatch(struct eval *ev, const struct builtin *bi, int argc,
			   struct value **argv, const struct kwargs *kw, builtin_fn fn, unsigned need);
int lin_types(struct eval *ev, const struct backend *be, int n,
		     const struct ndarray *const *a, int *work, int *result);
int lin_assert_2d(struct eval *ev, const struct ndarray *a);
int lin_assert_square(struct eval *ev, const struct ndarray *a);
int64_t lin_batch(const struct ndarray *a, int core);
int lin_check_info(struct eval *ev, const int *info, int64_t n, const char *msg);
char *lin_shape_str(const struct ndarray *a, char *buf, size_t n);
struct ndarray *lin_matmul_nd(struct eval *ev, const struct ndarray *a,
				     const struct ndarray *b, int dt);
struct ndarray *lin_tensordot(struct eval *ev, const struct ndarray *a,
				     const struct ndarray *b, int n, const int *ax, const int *bx);
struct ndarray *lin_ravel(struct eval *ev, const struct ndarray *a);
struct ndarray *lin_sum_last(struct eval *ev, const struct ndarray *a, int naxes, int dt);
struct ndarray *lin_diagonal(struct eval *ev, const struct ndarray *a, int64_t offset,
				    int ax1, int ax2);
struct ndarray *lin_inv_nd(struct eval *ev, const struct backend *be, struct ndarray *a);
struct ndarray *lin_host_new(struct eval *ev, int dt, int nd, const int64_t *sh);
int lin_svd_nd(struct eval *ev, const struct backend *be, const struct ndarray *a,
		      char job, struct ndarray **u, struct ndarray **s, struct ndarray **vt);
struct ndarray *lin_host_as(struct eval *ev, const struct ndarray *a, int dt);
double lin_eps(int dt);

/* table entries defined in one file, listed in another */
struct value *lin_f_matmul(struct eval *ev, const struct builtin *bi, int argc,
			   struct value **argv, const struct kwargs *kw);
struct value *lin_f_einsum(struct eval *ev, const struct builtin *bi, int argc,
			   struct value **argv, const struct kwargs *kw);
struct value *lin_f_norm(struct eval *ev, const struct builtin *bi, int argc,
			 struct value **argv, const struct kwargs *kw);
struct value *lin_f_cond(struct eval *ev, const struct builtin *bi, int argc,
			 struct value **argv, const struct kwargs *kw);

/* A table entry that runs fn on host copies when the array's backend has no
 * struct backend_linalg. */
#define VIA_HOST(fn, need)                                                              \
	static struct value *fn##_d(struct eval *ev, const struct builtin *bi, int argc,  \
				    struct value **argv, const struct kwargs *kw)          \
	{                                                                               \
		return lin_dispatch(ev, bi, argc, argv, kw, fn, need);                  \
	}

#endif
