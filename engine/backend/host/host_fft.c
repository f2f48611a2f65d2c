/*
 * host_fft.c — the host backend's fft table (struct backend_fft): FFTW
 * (fftw3 + fftw3f), FFTW_ESTIMATE plans cached by geometry, threads for
 * large transforms.  Owns the plan cache.  Never does NumPy's front-end
 * work (numerics/fft.c does).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fftw3.h>
#include "backend/backend.h"
#include "backend/host/host.h"
#include "lang/error.h"

/* ---- the host entry: FFTW with a plan cache ---- */

struct fft_plan {
	enum fft_kind kind;
	int prec, rank, sign, inplace, align_in, align_out, nthreads;
	int64_t n[3], howmany, idist, odist;
	void *plan;           /* fftw_plan or fftwf_plan */
	struct fft_plan *next;
};

static struct fft_plan *plan_cache;
static int plan_count;
static pthread_mutex_t plan_lock = PTHREAD_MUTEX_INITIALIZER;
static int fftw_threads_ready;

/* A thread count from the environment variable `name`: a positive integer,
 * or 0 when unset or not one (OpenMP's "4,2" nesting lists count as 4). */
static long env_threads(const char *name)
{
	const char *e = getenv(name);
	char *end;
	long v;
	if (!e || !*e)
		return 0;
	v = strtol(e, &end, 10);
	return v > 0 && (*end == 0 || *end == ',') ? v : 0;
}

/*
 * The thread count of a large host transform: the first of
 * LUMEN_FFT_THREADS, OPENBLAS_NUM_THREADS, GOTO_NUM_THREADS, OMP_NUM_THREADS
 * that is set, else every online CPU; at most 64.  After LUMEN_FFT_THREADS
 * that is OpenBLAS's own order, so the variable that bounds Lumen's BLAS and
 * LAPACK bounds its FFTs too (`%timeit -c` and benchmarks compare against
 * NumPy at one thread count).
 */
int fft_host_threads(void)
{
	static const char *const vars[] = {"LUMEN_FFT_THREADS", "OPENBLAS_NUM_THREADS",
					   "GOTO_NUM_THREADS", "OMP_NUM_THREADS"};
	long n = 0;
	for (int i = 0; i < 4 && !n; i++)
		n = env_threads(vars[i]);
	if (!n)
		n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

/* FFTW's threads for a transform of `total` elements: one below 2^16
 * elements (threads cost more than they save there), else
 * fft_host_threads() as read at the first large transform. */
static int fft_nthreads(int64_t total)
{
	static int nthreads;
	if (total < (1 << 16))
		return 1;
	if (!nthreads)
		nthreads = fft_host_threads();
	return nthreads;
}

static void *make_plan(const struct fft_plan *k, void *in, void *out)
{
	int n[3];
	for (int i = 0; i < k->rank; i++)
		n[i] = (int)k->n[i];
	unsigned flags = FFTW_ESTIMATE;
	if (k->kind == FFT_C2R)
		flags |= FFTW_DESTROY_INPUT;
	if (!fftw_threads_ready) {
		fftw_init_threads();
		fftwf_init_threads();
		fftw_threads_ready = 1;
	}
	if (k->prec) {
		fftw_plan_with_nthreads(k->nthreads);
		switch (k->kind) {
		case FFT_C2C:
			return fftw_plan_many_dft(k->rank, n, (int)k->howmany, in, NULL, 1, (int)k->idist,
						  out, NULL, 1, (int)k->odist, k->sign, flags);
		case FFT_R2C:
			return fftw_plan_many_dft_r2c(k->rank, n, (int)k->howmany, in, NULL, 1, (int)k->idist,
						      out, NULL, 1, (int)k->odist, flags);
		default:
			return fftw_plan_many_dft_c2r(k->rank, n, (int)k->howmany, in, NULL, 1, (int)k->idist,
						      out, NULL, 1, (int)k->odist, flags);
		}
	}
	fftwf_plan_with_nthreads(k->nthreads);
	switch (k->kind) {
	case FFT_C2C:
		return fftwf_plan_many_dft(k->rank, n, (int)k->howmany, in, NULL, 1, (int)k->idist,
					   out, NULL, 1, (int)k->odist, k->sign, flags);
	case FFT_R2C:
		return fftwf_plan_many_dft_r2c(k->rank, n, (int)k->howmany, in, NULL, 1, (int)k->idist,
					       out, NULL, 1, (int)k->odist, flags);
	default:
		return fftwf_plan_many_dft_c2r(k->rank, n, (int)k->howmany, in, NULL, 1, (int)k->idist,
					       out, NULL, 1, (int)k->odist, flags);
	}
}

static int same_geometry(const struct fft_plan *a, const struct fft_plan *b)
{
	if (a->kind != b->kind || a->prec != b->prec || a->rank != b->rank || a->sign != b->sign ||
	    a->inplace != b->inplace || a->align_in != b->align_in || a->align_out != b->align_out ||
	    a->nthreads != b->nthreads || a->howmany != b->howmany || a->idist != b->idist ||
	    a->odist != b->odist)
		return 0;
	for (int i = 0; i < a->rank; i++)
		if (a->n[i] != b->n[i])
			return 0;
	return 1;
}

static int host_exec(struct eval *ev, enum fft_kind kind, int prec, int rank, const int64_t *n,
		     int64_t howmany, void *in, int64_t idist, void *out, int64_t odist, int sign)
{
	struct fft_plan key, *p;
	int64_t total = howmany;
	if (rank < 1 || rank > 3)
		return err_set(ev, TY_ValueError, "fft: rank %d transforms are not supported", rank), -1;
	memset(&key, 0, sizeof key);
	key.kind = kind;
	key.prec = prec;
	key.rank = rank;
	key.sign = kind == FFT_C2C ? sign : 0;
	key.inplace = in == out;
	for (int i = 0; i < rank; i++) {
		key.n[i] = n[i];
		total *= n[i];
		if (n[i] > INT32_MAX)
			return err_set(ev, TY_ValueError, "fft: transform too long"), -1;
	}
	if (howmany > INT32_MAX || idist > INT32_MAX || odist > INT32_MAX)
		return err_set(ev, TY_ValueError, "fft: too many transforms in one call"), -1;
	if (total == 0)
		return 0;
	key.howmany = howmany;
	key.idist = idist;
	key.odist = odist;
	key.nthreads = fft_nthreads(total);
	key.align_in = prec ? fftw_alignment_of(in) : fftwf_alignment_of(in);
	key.align_out = prec ? fftw_alignment_of(out) : fftwf_alignment_of(out);
	pthread_mutex_lock(&plan_lock);
	for (p = plan_cache; p; p = p->next)
		if (same_geometry(p, &key))
			break;
	if (!p) {
		p = malloc(sizeof *p);
		if (!p) {
			pthread_mutex_unlock(&plan_lock);
			return err_nomem(ev), -1;
		}
		*p = key;
		p->plan = make_plan(&key, in, out);
		if (!p->plan) {
			free(p);
			pthread_mutex_unlock(&plan_lock);
			return err_set(ev, TY_RuntimeError, "fft: FFTW could not plan this transform"), -1;
		}
		if (plan_count >= 64) {
			/* drop the oldest half of a long cache: it only grows by geometry */
			struct fft_plan **pp = &plan_cache;
			int i = 0;
			while (*pp && i < 32) {
				pp = &(*pp)->next;
				i++;
			}
			while (*pp) {
				struct fft_plan *d = *pp;
				*pp = d->next;
				if (d->prec)
					fftw_destroy_plan(d->plan);
				else
					fftwf_destroy_plan(d->plan);
				free(d);
				plan_count--;
			}
		}
		p->next = plan_cache;
		plan_cache = p;
		plan_count++;
	}
	pthread_mutex_unlock(&plan_lock);
	if (prec) {
		switch (kind) {
		case FFT_C2C: fftw_execute_dft(p->plan, in, out); break;
		case FFT_R2C: fftw_execute_dft_r2c(p->plan, in, out); break;
		default: fftw_execute_dft_c2r(p->plan, in, out); break;
		}
	} else {
		switch (kind) {
		case FFT_C2C: fftwf_execute_dft(p->plan, in, out); break;
		case FFT_R2C: fftwf_execute_dft_r2c(p->plan, in, out); break;
		default: fftwf_execute_dft_c2r(p->plan, in, out); break;
		}
	}
	return 0;
}

const struct backend_fft host_fft = {.exec = host_exec, .private_copy = 1, .axis_by_axis = 1};
