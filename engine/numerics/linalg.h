/*
 * linalg.h — linear algebra: matmul/dot/einsum and numpy.linalg, written
 * once above the backends (linalg.c), and the per-backend library entries
 * (struct linalg_backend: LAPACKE on the host in host_linalg.c, cuSOLVER in
 * the CUDA backend).
 *
 * The front end (linalg.c) never calls LAPACK itself: it lays matrices out
 * column-major (Fortran order), contiguous, `batch` matrices back to back, in
 * the backend's own memory, and calls the entries below.
 */
#ifndef LUMEN_LINALG_H
#define LUMEN_LINALG_H

#include "lang/value.h"
#include "array/ndarray.h"

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

/*
 * Library entries of one backend.  Conventions for every entry:
 *  - dt is DT_FLOAT32, DT_FLOAT64, DT_COMPLEX64 or DT_COMPLEX128 (the front
 *    end casts other dtypes first); "real(dt)" is float32 for complex64 and
 *    float64 for complex128.
 *  - every matrix pointer is in the backend's memory (nd_data of an array
 *    made with nd_new on that backend), column-major, leading dimension =
 *    its row count, and holds `batch` matrices back to back.
 *  - ipiv: int32 in the backend's memory, n per matrix (1-based, LAPACK's).
 *  - info: a HOST array of `batch` ints that the entry fills with LAPACK's
 *    info of each matrix (0 ok; >0 singular / not positive definite / no
 *    convergence).  The front end turns it into LinAlgError.
 *  - return 0, or -1 with the error set (out of memory, library failure).
 *  - any entry may be NULL: the front end raises NotImplementedError.
 */
struct linalg_backend {
	/* LU with partial pivoting in place (a: n×n) */
	int (*getrf)(struct eval *ev, int dt, int64_t batch, int n, void *a,
		     int32_t *ipiv, int *info);
	/* solve A X = B given getrf's output; b: n×nrhs, overwritten by X */
	int (*getrs)(struct eval *ev, int dt, int64_t batch, int n, int nrhs,
		     const void *a, const int32_t *ipiv, void *b, int *info);
	/* Cholesky in place, lower (A = L L^H); the strict upper triangle is
	 * left as it was (the front end zeroes it) */
	int (*potrf)(struct eval *ev, int dt, int64_t batch, int n, void *a, int *info);
	/* QR: a m×n in place (R in the upper triangle, reflectors below),
	 * tau: min(m,n) per matrix (dt) */
	int (*geqrf)(struct eval *ev, int dt, int64_t batch, int m, int n, void *a,
		     void *tau, int *info);
	/* Q from geqrf: a is m×ncol (ncol = the first ncol columns of Q wanted,
	 * ncol <= m; the first k reflectors used), overwritten by Q (orgqr/ungqr) */
	int (*orgqr)(struct eval *ev, int dt, int64_t batch, int m, int ncol, int k,
		     void *a, const void *tau, int *info);
	/* SVD as NumPy's (the host uses gesdd, as NumPy does).  a: m×n,
	 * destroyed.  s: min(m,n) real(dt) per matrix, descending.  job 'A':
	 * u m×m, vt n×n; 'S': u m×k, vt k×n (k = min(m,n)); 'N': u, vt unused
	 * (may be NULL). */
	int (*gesdd)(struct eval *ev, int dt, int64_t batch, int m, int n, void *a,
		     void *s, void *u, void *vt, char job, int *info);
	/* Hermitian/symmetric eigen (syevd/heevd), the lower triangle is read
	 * (UPLO 'L' as NumPy's default).  w: n real(dt) ascending; jobz 'V':
	 * a overwritten by the eigenvectors (columns), 'N': values only. */
	int (*syevd)(struct eval *ev, int dt, int64_t batch, int n, void *a, void *w,
		     char jobz, int *info);
	/* General eigen (geev, right vectors), a destroyed.  Real dt: w holds
	 * 2n real(dt) per matrix (wr[0..n) then wi[0..n)) and v the n×n real
	 * vectors packed as LAPACK does (conjugate pairs in two columns).
	 * Complex dt: w n values of dt, v n×n of dt.  v may be NULL (values only). */
	int (*geev)(struct eval *ev, int dt, int64_t batch, int n, void *a, void *w,
		    void *v, int *info);
	/* Least squares by SVD (gelsd), one matrix: a m×n (destroyed), b
	 * max(m,n)×nrhs (first n rows become the solution), s min(m,n)
	 * real(dt), rcond as NumPy passes it; *rank out. */
	int (*gelsd)(struct eval *ev, int dt, int m, int n, int nrhs, void *a,
		     void *b, void *s, double rcond, int *rank, int *info);
};

/* What the front end guarantees to struct backend's `matmul` entry: a, b
 * and out have one dtype (any of DT_*; the front end casts first); out is
 * C-contiguous with shape (..., m, n); a is (..., m, k) and b (..., k, n)
 * with out's batch dims (stride 0 where broadcast), any strides.  k may be
 * 0 (out is zeros). */

/* The host's entries (LAPACKE over OpenBLAS): host_linalg.c. */
extern const struct linalg_backend linalg_host;
/* The host backend's `matmul` entry (struct backend): OpenBLAS gemm per
 * matrix of the batch; integer/bool dtypes by C loops. */
int linalg_host_matmul(struct eval *ev, const struct ndarray *a,
		       const struct ndarray *b, struct ndarray *out);
/* Call first in main() (lumen CLI, kernel): re-executes the program with
 * OPENBLAS_CORETYPE set when the distribution's OpenBLAS fell back to its
 * pre-AVX2 kernels on an AVX2/AVX-512 CPU (5x slower gemm on the H200
 * host).  Returns when nothing needs doing. */
void linalg_host_tune_blas(char **argv);

/* Runs builtin fn on host copies of its array arguments and moves the
 * results (arrays, NumPy scalars, tuples of them) to backend be: how a
 * library family a device backend lacks (linalg, fft) still answers. */
struct value *linalg_via_host(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw, builtin_fn fn,
			      const struct backend *be);

/* x . y of n host float/complex values (strides in elements) by BLAS dot
 * (np.dot of two vectors); writes one value of dt to out. */
void linalg_host_dot(int dt, int64_t n, const void *x, int64_t incx, const void *y, int64_t incy,
		     void *out);
/* conj(x) . y (np.vdot), the same way */
void linalg_host_dotc(int dt, int64_t n, const void *x, int64_t incx, const void *y, int64_t incy,
		      void *out);
/* x.dot(x) of n host values at stride inc (elements), by BLAS as NumPy's
 * norm does it. */
double linalg_host_ddot(const void *x, int64_t n, int64_t inc);
float linalg_host_sdot(const void *x, int64_t n, int64_t inc);

#endif
