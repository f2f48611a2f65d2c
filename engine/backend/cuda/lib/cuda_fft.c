/*
 * cuda_fft.c — cuFFT behind struct backend_fft, with a plan cache whose work
 * areas come from the pool.
 *
 * Owns the FFT plans.  Never does NumPy's front-end work (numerics/fft.c).
 */
#include "config.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "array/arrapi.h"
#include "backend/backend.h"
#include "lang/error.h"
#include "numerics/fft.h"
#include "backend/cuda/cuda_int.h"

#ifdef HAVE_CUDA
#include <cufft.h>

/* ---- cuFFT ---- */

/* A plan per geometry (kind, precision, sizes, batch and distances: what
 * cufftMakePlanMany64 takes); no work area of its own: exec lends it one
 * from the pool for the call (stream-ordered), so cached plans hold no
 * device memory. */
struct fplan {
	int dev;                     /* the device it was made on (plans are per device) */
	int kind, prec, rank;
	int64_t n[3], howmany, idist, odist;
	cufftHandle h;
	size_t work;
};
#define NPLANS 16
static struct fplan plans[NPLANS];
static int nplans, plan_next;

static int fft_fail(struct eval *ev, cufftResult r, const char *what)
{
	if (cuda_check_async(ev) < 0)
		return -1;
	if (r == CUFFT_ALLOC_FAILED)
		return err_set(ev, TY_OutOfMemoryError, "Out of memory in %s (allocated so far: %zu bytes).",
			       what, pool_used_bytes()), -1;
	return err_set(ev, TY_RuntimeError, "cuFFT error %d in %s", (int)r, what), -1;
}

static int fft_exec(struct eval *ev, enum fft_kind kind, int prec, int rank, const int64_t *n,
		    int64_t howmany, void *in, int64_t idist, void *out, int64_t odist, int sign)
{
	struct fplan *p = NULL;
	cufftResult r;
	void *work = NULL;
	if (cuda_cur->dead)
		return cuda_check_async(ev);
	if (cuda_ndev > 1) {   /* an array of another device (the caller's own data) */
		int d = cuda_ptr_device(in);
		if (d >= 0 && d != cuda_cur->id && cuda_check_peer_dev(ev, d) < 0)
			return -1;
	}
	for (int i = 0; i < nplans; i++) {
		struct fplan *q = &plans[i];
		if (q->dev == cuda_cur->id && q->kind == (int)kind && q->prec == prec && q->rank == rank && q->howmany == howmany
		    && q->idist == idist && q->odist == odist && !memcmp(q->n, n, rank * sizeof(int64_t))) {
			p = q;
			break;
		}
	}
	if (!p) {
		long long nn[3], ine[3], one[3];
		cufftType t = kind == FFT_C2C ? (prec ? CUFFT_Z2Z : CUFFT_C2C)
			: kind == FFT_R2C ? (prec ? CUFFT_D2Z : CUFFT_R2C) : (prec ? CUFFT_Z2D : CUFFT_C2R);
		cufftHandle h;
		size_t wsize = 0;
		for (int i = 0; i < rank; i++)
			nn[i] = ine[i] = one[i] = n[i];
		if (kind == FFT_R2C)
			one[rank - 1] = n[rank - 1] / 2 + 1;
		if (kind == FFT_C2R)
			ine[rank - 1] = n[rank - 1] / 2 + 1;
		if ((r = cufftCreate(&h)) != CUFFT_SUCCESS)
			return fft_fail(ev, r, "cufftCreate");
		r = cufftSetAutoAllocation(h, 0);
		if (r == CUFFT_SUCCESS)
			r = cufftMakePlanMany64(h, rank, nn, ine, 1, idist, one, 1, odist, t, howmany, &wsize);
		if (r == CUFFT_ALLOC_FAILED) {
			pool_free_all_blocks();
			r = cufftMakePlanMany64(h, rank, nn, ine, 1, idist, one, 1, odist, t, howmany, &wsize);
		}
		cuda_meminfo_forget();
		if (r != CUFFT_SUCCESS) {
			cufftDestroy(h);
			return fft_fail(ev, r, "cufftMakePlanMany64");
		}
		if (nplans < NPLANS) {
			p = &plans[nplans++];
		} else {
			p = &plans[plan_next];
			plan_next = (plan_next + 1) % NPLANS;
			if (p->dev != cuda_cur->id)
				cudaSetDevice(p->dev);
			cufftDestroy(p->h);
			if (p->dev != cuda_cur->id)
				cudaSetDevice(cuda_cur->id);
		}
		p->dev = cuda_cur->id;
		p->kind = kind;
		p->prec = prec;
		p->rank = rank;
		memset(p->n, 0, sizeof p->n);
		memcpy(p->n, n, rank * sizeof(int64_t));
		p->howmany = howmany;
		p->idist = idist;
		p->odist = odist;
		p->h = h;
		p->work = wsize;
	}
	if (p->work) {
		if (!(work = pool_alloc(ev, p->work)))
			return -1;
		if ((r = cufftSetWorkArea(p->h, work)) != CUFFT_SUCCESS) {
			pool_free(work, p->work);
			return fft_fail(ev, r, "cufftSetWorkArea");
		}
	}
	cufftSetStream(p->h, cuda_cur->stream);
	switch (kind) {
	case FFT_C2C:
		r = prec ? cufftExecZ2Z(p->h, in, out, sign < 0 ? CUFFT_FORWARD : CUFFT_INVERSE)
			: cufftExecC2C(p->h, in, out, sign < 0 ? CUFFT_FORWARD : CUFFT_INVERSE);
		break;
	case FFT_R2C:
		r = prec ? cufftExecD2Z(p->h, in, out) : cufftExecR2C(p->h, in, out);
		break;
	default:
		r = prec ? cufftExecZ2D(p->h, in, out) : cufftExecC2R(p->h, in, out);
		break;
	}
	if (work)
		pool_free(work, p->work);   /* stream-ordered: the exec still owns it */
	return r == CUFFT_SUCCESS ? 0 : fft_fail(ev, r, "cufftExec");
}

static const struct backend_fft fft_cuda = {.exec = fft_exec};

const struct backend_fft *const cuda_fft_backend = &fft_cuda;

#endif /* HAVE_CUDA */
