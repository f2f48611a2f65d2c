/*
 * host.h — what the host backend's files share (its library tables, the
 * entries that live outside host_backend.c) and the few host entry points
 * other rooms still call directly rather than through struct backend
 * (backend.h): NumPy's pairwise sums and the masked reductions.
 */
#ifndef LUMEN_HOST_H
#define LUMEN_HOST_H

#include <stddef.h>
#include <stdint.h>
#include "backend/backend.h"

/* FFTW (fftw3/fftw3f, FFTW_ESTIMATE, threads, plans cached): host_fft.c */
extern const struct backend_fft host_fft;
/* LAPACKE over OpenBLAS: host_linalg.c */
extern const struct backend_linalg host_linalg;

/* Fills backend_host and backend_host_cupy (backend.h, arrapi.h), the
 * array layer's objects, with this backend's entries: engine_init_layers
 * calls it first. */
void host_register(void);
/* Registers the cp namespaces' hooks (array/arrfuncs.h's arr_hooks: cp's
 * backend and its cupy.cuda tables, the plugin's or host mode's):
 * host_cudaobj.c, called by host_register. */
void host_cudaobj_register(void);

/* A zero-filled host buffer owned by be (calloc: fresh pages cost nothing):
 * host_backend.c */
struct buffer *host_alloc_zeroed(struct eval *ev, size_t nbytes, const struct backend *be);

/* n contiguous copies of the isz-byte item at v, from d on: the first few
 * one by one, then memcpy doubling what is written (libc's vector stores):
 * host_ew.c */
void host_fill_run(char *d, const void *v, int64_t n, int isz);

/* struct backend's arange_fill: host_fill.c */
int host_arange_fill(struct eval *ev, struct ndarray *dst, const void *first2, const double *step);
int host_vander(struct eval *ev, const struct ndarray *x, int inc, struct ndarray *v);

/* struct backend's indexing entries: host_index.c */
int host_gather(struct eval *ev, const struct ndarray *src, const int64_t *off, int64_t nb, int pos,
		struct ndarray *out);
int host_scatter(struct eval *ev, struct ndarray *dst, const int64_t *off, int64_t nb, int pos,
		 const struct ndarray *vals);
int host_mask_count(struct eval *ev, const struct ndarray *mask, int64_t *count);
int host_mask_take(struct eval *ev, const struct ndarray *a, const struct ndarray *mask,
		   struct ndarray **out);
int host_mask_put(struct eval *ev, struct ndarray *a, const struct ndarray *mask,
		  const struct ndarray *vals);
int host_put_index(struct eval *ev, struct ndarray *a, const struct ndarray *idx,
		   const struct ndarray *vals, int mode);
int host_take_index(struct eval *ev, const struct ndarray *view, int nidx,
		    const struct ndarray *const *idx, const int64_t *size, const int64_t *stride,
		    const int *axis, int pos, struct ndarray *out);

/* struct backend's counting entries: host_count.c */
int host_bounds(struct eval *ev, const struct ndarray *x, double *lo, double *hi, int *nan);
int host_bin_count(struct eval *ev, const struct ndarray *x, const double *edges, int64_t nb,
		   int uniform, struct ndarray *counts);

/* The threads FFTW gets for a host transform of 2^16 elements or more, read
 * from the environment now: LUMEN_FFT_THREADS, else OPENBLAS_NUM_THREADS,
 * else GOTO_NUM_THREADS, else OMP_NUM_THREADS, else the online CPUs (1..64).
 * host_fft.c reads it once, at its first large transform. */
int fft_host_threads(void);

/* OpenBLAS and C loops: host_linalg.c.  What the front end guarantees to
 * struct backend's `matmul` entry: a, b and out have one dtype (any of
 * DT_*; the front end casts first); out is C-contiguous with shape
 * (..., m, n); a is (..., m, k) and b (..., k, n) with out's batch dims
 * (stride 0 where broadcast), any strides.  k may be 0 (out is zeros).
 * The host's: OpenBLAS gemm per matrix of the batch; integer/bool dtypes
 * by C loops. */
int linalg_host_matmul(struct eval *ev, const struct ndarray *a,
		       const struct ndarray *b, struct ndarray *out);
/* Call first in main() (lumen CLI, kernel): re-executes the program with
 * OPENBLAS_CORETYPE set when the distribution's OpenBLAS fell back to its
 * pre-AVX2 kernels on an AVX2/AVX-512 CPU (5x slower gemm on the H200
 * host).  Returns when nothing needs doing. */
void linalg_host_tune_blas(char **argv);
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

/* scipy.ndimage on the host (host_ndimage.c): the `stencil` entry
 * (double-precision loops over a float64 copy of the input) and the spline
 * entries; ndi_store stores double v into item p of dtype dt with a C
 * cast, as SciPy's CASE_FILTER_OUT does (unsigned targets wrap through
 * int64). */
int ndi_host_stencil(struct eval *ev, const struct stencil *s, const struct ndarray *in,
		     struct ndarray *out);
int ndi_host_prefilter(struct eval *ev, struct ndarray *c, int axis, int order, enum im_mode mode);
int ndi_host_interpolate(struct eval *ev, const struct interp *x, const struct ndarray *c,
			 struct ndarray *out);
void ndi_store(int dt, void *p, double v);

/* NumPy's pairwise summation (add.reduce's order, loops_utils.h.src) of n
 * contiguous doubles / floats, accumulated in their own type: host_reduce.c */
double host_pairwise_sum_d(const double *a, int64_t n);
float host_pairwise_sum_f(const float *a, int64_t n);
/* struct backend's reduce_masked (where=): host_reduce.c */
int red_host_reduce_masked(struct eval *ev, const struct ndarray *a, const struct ndarray *mask,
			   enum red_op op, const char *ufname, struct ndarray *out);

#endif
