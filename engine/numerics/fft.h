/*
 * fft.h — numpy.fft above the backends (fft.c); the per-backend transform
 * entry is struct backend_fft (backend/backend_lib.h: FFTW on the host in
 * backend/host/host_fft.c, cuFFT in the CUDA backend).
 *
 * The front end does NumPy's work (n= padding/cropping, axes, norm=, dtype
 * rules, Hermitian lengths); a backend only runs unnormalised transforms
 * over contiguous data in its own memory.
 */
#ifndef LUMEN_FFT_H
#define LUMEN_FFT_H

#include "backend/backend_lib.h"

#endif
