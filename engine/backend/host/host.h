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

/* The threads FFTW gets for a host transform of 2^16 elements or more, read
 * from the environment now: LUMEN_FFT_THREADS, else OPENBLAS_NUM_THREADS,
 * else GOTO_NUM_THREADS, else OMP_NUM_THREADS, else the online CPUs (1..64).
 * host_fft.c reads it once, at its first large transform. */
int fft_host_threads(void);

/* NumPy's pairwise summation (add.reduce's order, loops_utils.h.src) of n
 * contiguous doubles / floats, accumulated in their own type: host_reduce.c */
double host_pairwise_sum_d(const double *a, int64_t n);
float host_pairwise_sum_f(const float *a, int64_t n);
/* reduction op of a over axes where mask (a bool host array of a's shape)
 * holds: host_reduce.c */
int red_host_reduce_masked(struct eval *ev, const struct ndarray *a, const struct ndarray *mask,
			   enum red_op op, uint64_t axes, struct ndarray *out);
/* ufunc ufname's reduction where mask holds (ufunc.reduce(where=)) */
int red_host_reduce_masked_uf(struct eval *ev, const struct ndarray *a, const struct ndarray *mask,
			      const char *ufname, struct ndarray *out);

#endif
