/*
 * fft.h — numpy.fft above the backends (fft.c) and the per-backend transform
 * entry (struct fft_backend: FFTW on the host in fft.c, cuFFT in the CUDA
 * backend).
 *
 * The front end does NumPy's work (n= padding/cropping, axes, norm=, dtype
 * rules, Hermitian lengths); a backend only runs unnormalised transforms
 * over contiguous data in its own memory.
 */
#ifndef LUMEN_FFT_H
#define LUMEN_FFT_H

#include <stdint.h>

struct eval;

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
struct fft_backend {
	int (*exec)(struct eval *ev, enum fft_kind kind, int prec, int rank,
		    const int64_t *n, int64_t howmany, void *in, int64_t idist,
		    void *out, int64_t odist, int sign);
};

/* The host's: FFTW (fftw3/fftw3f, FFTW_ESTIMATE, threads, plans cached). */
extern const struct fft_backend fft_host;

/* The threads FFTW gets for a host transform of 2^16 elements or more, read
 * from the environment now: LUMEN_FFT_THREADS, else OPENBLAS_NUM_THREADS,
 * else GOTO_NUM_THREADS, else OMP_NUM_THREADS, else the online CPUs (1..64).
 * The host backend reads it once, at its first large transform. */
int fft_host_threads(void);

#endif
