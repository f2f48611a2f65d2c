/*
 * backend_lib.h — the library tables of a backend (struct backend's fft,
 * linalg and random): the entries numpy.fft, numpy.linalg and cp.random
 * call below their front ends (numerics/fft.c, numerics/linalg*.c,
 * random/random*.c).  The host's are in backend/host/ (FFTW, LAPACKE), the
 * CUDA backend's in backend/cuda/ (cuFFT, cuSOLVER, cuRAND).
 */
#ifndef LUMEN_BACKEND_LIB_H
#define LUMEN_BACKEND_LIB_H

#include <stdint.h>

struct eval;

/* ---- fft: one batch of unnormalised transforms (the front end does
 * NumPy's n=, axes, norm= and dtype rules). */
enum fft_kind {
	FFT_C2C,   /* complex -> complex, same shape */
	FFT_R2C,   /* real n -> complex n/2+1 along the last transformed axis */
	FFT_C2R    /* complex n/2+1 -> real n (the input may be overwritten) */
};

/*
 * One batch of multi-dimensional transforms of rank `rank` (1..3) with
 * logical sizes n[0..rank) (the real sizes for R2C/C2R), over `howmany`
 * contiguous C-order blocks back to back: block b of the input starts at
 * in + b * idist elements (of the input's type) and likewise for the output
 * (odist).  Inside a block the transformed axes are the innermost, C order
 * (the front end moves axes with copies before calling).
 *
 * prec: 0 single (float / complex64 interleaved), 1 double.  sign: -1
 * forward, +1 backward (C2C only).  Unnormalised, as FFTW/cuFFT compute.
 * in and out may be the same pointer only for C2C.  Pointers are in the
 * backend's memory.  Returns 0, or -1 with the error set.
 */
struct backend_fft {
	int (*exec)(struct eval *ev, enum fft_kind kind, int prec, int rank,
		    const int64_t *n, int64_t howmany, void *in, int64_t idist,
		    void *out, int64_t odist, int sign);
	/* 1: the front end always hands exec a private copy transformed in
	 * place (FFTW's in-place plans give NumPy's bits); 0: input that
	 * already has the transform's dtype and sizes is read where it lies */
	int private_copy;
	/* 1: a C2C transform over 2 or more axes runs one axis at a time
	 * (FFTW ESTIMATE plans of a whole power-of-two grid walk the columns
	 * across the cache) */
	int axis_by_axis;
};

/* ---- linalg */
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
struct backend_linalg {
	/* 1: single-precision inputs are computed in double and the result
	 * cast back (NumPy's LAPACK wrappers); 0: in the result's own
	 * precision (CuPy) */
	int double_work;
	/* 1: the results for inputs with inf or NaN are LAPACK's (NumPy's);
	 * 0: such inputs run on the host (numerics/linalg.c lin_dispatch) */
	int lapack_nonfinite;
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
	/* Helpers that keep a device's results on the device (NULL: the
	 * front end does the step on a host copy, as NumPy's bits need).
	 * trizero: in each column-major m×n matrix of a, the items (i, j)
	 * with j > i (upper) or i > j zeroed; conj: the kept items
	 * conjugated, a zero imaginary part (and the diagonal's) +0. */
	int (*trizero)(struct eval *ev, int dt, int64_t batch, int m, int n, void *a,
		       int upper, int conj);
	/* From getrf's LU (n×n) and ipiv: NumPy's slogdet of each matrix,
	 * sign (batch items of dt) and logdet (batch items of real(dt)), and
	 * det = sign * exp(logdet) (dt) when det is not NULL; all three in
	 * the backend's memory. */
	int (*lu_slogdet)(struct eval *ev, int dt, int64_t batch, int n, const void *lu,
			  const int32_t *ipiv, void *sign, void *logdet, void *det);
	/* slow2 (a device shortcut, NULL on the host): geev's output in
	 * CuPy's complex form where it lies.  cw (n items of complex(dt) per
	 * matrix) = wr + i wi (real dt) or w (complex dt); when v and cv are
	 * not NULL, cv (n×n complex(dt) per matrix, C order: item (i, j) at
	 * i * n + j) = the eigenvector columns, LAPACK's real conjugate pairs
	 * (wi[j] > 0: columns j, j+1 hold re, im) unpacked. */
	int (*geev_unpack)(struct eval *ev, int dt, int64_t batch, int n, const void *w, const void *v,
			   void *cw, void *cv);
	/* slow2 (a device shortcut, NULL on the host): solve op(A) X = B in
	 * place for a triangular A, real dt; unlike the entries above a (n×n)
	 * and b (n×nrhs, overwritten by X) are C-contiguous (row-major) as
	 * the user's arrays are.  lower: A's triangle; trans 0: A, 1 or 2:
	 * A^T; unit: a diagonal of ones, not read.  No singularity check (the
	 * front end raises SciPy's LinAlgError first). */
	int (*trsm)(struct eval *ev, int dt, int n, int nrhs, const void *a, void *b, int lower, int trans,
		    int unit);
};

/* ---- random */
#define RAND_SAMPLE_MAX 1024   /* slow2: the most items struct backend_random's sample takes */
enum rand_dist {
	RAND_UNIFORM,   /* [0, 1) then p0 + (p1 - p0) * x: p0 = low, p1 = high */
	RAND_NORMAL,    /* p0 = mean, p1 = stddev */
	RAND_BITS32,    /* raw uint32 (for integers: the front end reduces) */
	RAND_BITS64     /* raw uint64 */
};

/*
 * A backend's generator (cuRAND on the device).  gen NULL is the
 * namespace's own (created on first use, one per process; seed() re-seeds);
 * gen_new makes one for a RandomState object (its own stream: the same seed
 * gives the stream the namespace's gives after seed(seed)), gen_free frees it.
 * fill: n values of dtype dt (DT_FLOAT32/DT_FLOAT64 for UNIFORM/NORMAL,
 * DT_UINT32/DT_UINT64 for BITS) written to out, in the backend's memory:
 * UNIFORM p0 + p1 * u with u in [0, 1) (low and high - low, as the host
 * draws it), NORMAL mean p0 and standard deviation p1.
 * Returns 0 (gen_new: the generator), or -1 (NULL) with the error set.
 */
struct backend_random {
	int (*seed)(struct eval *ev, void *gen, uint64_t seed);
	int (*fill)(struct eval *ev, void *gen, enum rand_dist dist, int dt, int64_t n,
		    double p0, double p1, void *out);
	void *(*gen_new)(struct eval *ev, uint64_t seed);
	void (*gen_free)(void *gen);
	/* slow2: integers and samples drawn where the result lives.
	 * integers: n items of the integer (or bool) dtype dt written to out,
	 * each off + a draw uniform in [0, rng] (rng = high - low inclusive;
	 * the sum wraps to the dtype's width).  sample: k distinct items of
	 * [0, pop) in random order (choice without replacement), int64, to out,
	 * for k <= RAND_SAMPLE_MAX.  Either may be NULL (the front end takes
	 * another way). */
	int (*integers)(struct eval *ev, void *gen, int dt, int64_t n, uint64_t off, uint64_t rng,
			void *out);
	int (*sample)(struct eval *ev, void *gen, int64_t pop, int64_t k, int64_t *out);
};

#endif
