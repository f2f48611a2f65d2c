/*
 * host.h — what the host backend's files share: its library tables and the
 * entries that live outside host_backend.c.  Only backend/host/ and the
 * host backend's own tests include it; every other file reaches the host
 * through backend_host (backend.h).
 */
#ifndef LUMEN_HOST_H
#define LUMEN_HOST_H

#include "backend/backend.h"

/* FFTW (fftw3/fftw3f, FFTW_ESTIMATE, threads, plans cached): host_fft.c */
extern const struct backend_fft host_fft;
/* LAPACKE over OpenBLAS: host_linalg.c */
extern const struct backend_linalg host_linalg;

/* A zero-filled host buffer owned by be (calloc: fresh pages cost nothing):
 * host_backend.c */
struct buffer *host_alloc_zeroed(struct eval *ev, size_t nbytes, const struct backend *be);

/* struct backend's arange_fill: host_fill.c */
int host_arange_fill(struct eval *ev, struct ndarray *dst, const void *first2, const double *step);

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

#endif
