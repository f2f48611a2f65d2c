/*
 * cuda_rand.c — cp.random's generators (struct backend_random): cuRAND
 * streams, one for the namespace per device (CuPy's per-device
 * get_random_state) and one per RandomState (on the device of its first
 * cuRAND draw); the uniform draws, bounded integers and small samples
 * without replacement are Philox kernels of our own (kernels/uniform.cuh).
 *
 * Owns the generators.  Never reproduces NumPy's sequences (random/ does,
 * on the host).
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
#include "random/random.h"
#include "backend/cuda/cuda_int.h"

#ifdef HAVE_CUDA
#include <curand.h>

/* ---- cuRAND ---- */

static int rand_fail(struct eval *ev, curandStatus_t s)
{
	if (cuda_check_async(ev) < 0)
		return -1;
	return err_set(ev, TY_CUDARuntimeError, "CURAND_STATUS_%d: cuRAND failed", (int)s), -1;
}

/*
 * A cp.random generator: the key and next counter block of our uniform
 * Philox (uniform_fill), and cuRAND's generator for the other draws.  One is
 * the namespace's (gen NULL in random_backend's entries), one more per
 * cp.random.RandomState (gen_new).  The cuRAND generator is made on the
 * first draw that needs it (normal, bits) with the seed given before, so
 * uniform draws never pay for creating it (about 45 ms on the H200).
 */
struct cu_rng {
	uint64_t uni_seed, uni_ctr;
	int uni_seeded;
	curandGenerator_t rng;
	uint64_t seed_pending;
	int seed_set;
	int dev;                 /* the device rng was made on */
};

static struct cu_rng ns_rng[CUDA_MAXDEV];

static struct cu_rng *rng_of(void *gen)
{
	return gen ? gen : &ns_rng[cuda_cur->id];
}

/* r's cuRAND generator, made on first use (cuda_lib_mu) and bound to the stream */
static curandGenerator_t get_rng(struct eval *ev, struct cu_rng *r)
{
	curandGenerator_t g;
	if (r->rng && r->dev != cuda_cur->id)
		return err_set(ev, TY_NotImplementedError,
			       "a RandomState's cuRAND generator was made on device %d; the current device is %d",
			       r->dev, cuda_cur->id), NULL;
	pthread_mutex_lock(&cuda_lib_mu);
	if (!r->rng) {
		r->dev = cuda_cur->id;
		curandStatus_t s = curandCreateGenerator(&r->rng, CURAND_RNG_PSEUDO_PHILOX4_32_10);
		unsigned long long seed;
		if (s != CURAND_STATUS_SUCCESS) {
			r->rng = NULL;
			pthread_mutex_unlock(&cuda_lib_mu);
			rand_fail(ev, s);
			return NULL;
		}
		cuda_meminfo_forget();
		if (r->seed_set) {
			seed = r->seed_pending;
		} else {
			struct timespec t;
			clock_gettime(CLOCK_REALTIME, &t);
			seed = (unsigned long long)t.tv_sec * 1000000007ULL ^ (unsigned long long)t.tv_nsec;
		}
		curandSetPseudoRandomGeneratorSeed(r->rng, seed);
	}
	g = r->rng;
	pthread_mutex_unlock(&cuda_lib_mu);
	curandSetStream(g, cuda_cur->stream);
	return g;
}

static int rnd_seed(struct eval *ev, void *gen, uint64_t seed)
{
	struct cu_rng *r = rng_of(gen);
	curandGenerator_t g;
	curandStatus_t s;
	pthread_mutex_lock(&cuda_lib_mu);
	r->uni_seed = seed;
	r->uni_ctr = 0;
	r->uni_seeded = 1;
	g = r->rng;
	if (!g) {
		r->seed_pending = seed;   /* get_rng seeds the generator with it */
		r->seed_set = 1;
	}
	pthread_mutex_unlock(&cuda_lib_mu);
	if (!g)
		return 0;
	curandSetStream(g, cuda_devs[r->dev].stream);
	if ((s = curandSetPseudoRandomGeneratorSeed(g, seed)) != CURAND_STATUS_SUCCESS
	    || (s = curandSetGeneratorOffset(g, 0)) != CURAND_STATUS_SUCCESS)
		return rand_fail(ev, s);
	return 0;
}

/* a RandomState's generator: seeded as the namespace's is by seed(seed) */
static void *rnd_gen_new(struct eval *ev, uint64_t seed)
{
	struct cu_rng *r = calloc(1, sizeof *r);
	if (!r)
		return err_nomem(ev);
	r->uni_seed = seed;
	r->uni_seeded = 1;
	r->seed_pending = seed;
	r->seed_set = 1;
	return r;
}

static void rnd_gen_free(void *gen)
{
	struct cu_rng *r = gen;
	if (!r)
		return;
	if (r->rng)
		curandDestroyGenerator(r->rng);
	free(r);
}

/* Uniform [0, 1) without a second pass: our own Philox4x32-10 (the
 * generator cuRAND's PHILOX4_32_10 is) turns counter blocks straight into
 * p0 + (p1 - p0) * u, u in [0, 1) as NumPy forms it (float32: the top 24
 * bits / 2^24; float64: 53 bits of two words / 2^53).  cuRAND's own uniform
 * is (0, 1] and needed a second full pass to fold 1.0 (CuPy's _mod1_kernel).
 * The key is the seed; the counter runs on from the generator's uni_ctr
 * across calls (one counter block per 4 float32 or 2 float64 outputs).  Each round's two
 * products are a mulhi and a mul each: 0.101 ms for 1e8 float32 on the
 * H200 against 0.109 ms with a 32x32->64 multiply (tests/gpu/probe_paths.cu).
 *
 * Counter block b always lands at outputs b*LM_PER.., whatever the launch
 * shape: a thread takes LM_U blocks a sweep, LM_U grid-widths apart (so each
 * of its stores is coalesced with its warp's and the LM_U Philox chains run
 * side by side), and LM_STCS picks streaming stores (__stcs: the output is
 * not read back soon).  Knobs, read once: LUMEN_RAND_GRID blocks of 256 per
 * SM (0: enough blocks for one sweep), LUMEN_RAND_PER outputs per thread a
 * sweep (float32 4, 8, 16; float64 half as many), LUMEN_RAND_STCS=0/1,
 * LUMEN_RAND=curand: cuRAND's generator and a fold pass, as CuPy does. */

/* kernels/uniform.cuh, embedded by kernels/embed.sh */
static const char uni_src[] =
#include "kernels/uniform.inc"
	;

/* the launch knobs, read once */
static struct { int grid_per_sm, unroll, stcs, curand; } uk;
static pthread_once_t uk_once = PTHREAD_ONCE_INIT;

static void uk_read(void)
{
	const char *g = getenv("LUMEN_RAND_GRID"), *p = getenv("LUMEN_RAND_PER");
	const char *st = getenv("LUMEN_RAND_STCS"), *m = getenv("LUMEN_RAND");
	long per = p && *p ? strtol(p, NULL, 10) : 4;
	uk.grid_per_sm = g && *g ? (int)strtol(g, NULL, 10) : 8;
	if (uk.grid_per_sm < 0 || uk.grid_per_sm > 1024)
		uk.grid_per_sm = 8;
	uk.unroll = per >= 16 ? 4 : per >= 8 ? 2 : 1;   /* float32 outputs / 4 */
	uk.stcs = st && *st ? strtol(st, NULL, 10) != 0 : 0;
	uk.curand = m && !strcmp(m, "curand");
}

/* Tests only: read the knobs again (not while another thread draws) */
void cuda_rand_knobs_reread(void)
{
	pthread_once(&uk_once, uk_read);
	uk_read();
}

/* the source of lm_uni (and lm_fold) for float32 or float64, unroll counter
 * blocks a sweep, streaming stores or not */
static const char *uni_source(int dt, int unroll, int stcs, char *buf, size_t size)
{
	snprintf(buf, size, "#define LM_T %s\n#define LM_PER %d\n#define LM_U %d\n#define LM_STCS %d\n%s",
		 dt == DT_FLOAT32 ? "float" : "double", dt == DT_FLOAT32 ? 4 : 2, unroll, stcs, uni_src);
	return buf;
}

/* the source with the knobs' defaults, and with given ones (tests compile
 * them) */
const char *cuda_uniform_source(int dt, char *buf, size_t size)
{
	return uni_source(dt, 1, 0, buf, size);
}
const char *cuda_uniform_source_knobs(int dt, int unroll, int stcs, char *buf, size_t size)
{
	return uni_source(dt, unroll, stcs, buf, size);
}

/* r's Philox key, and nblocks counter blocks of its stream taken from
 * where the last draw stopped (seeded from the clock on first use) */
static void uni_take(struct cu_rng *r, unsigned long long nblocks, unsigned long long *seed,
		     unsigned long long *ctr)
{
	pthread_mutex_lock(&cuda_lib_mu);
	if (!r->uni_seeded) {
		struct timespec t;
		clock_gettime(CLOCK_REALTIME, &t);
		r->uni_seed = (uint64_t)t.tv_sec * 1000000007ULL ^ (uint64_t)t.tv_nsec;
		r->uni_seeded = 1;
	}
	*seed = r->uni_seed;
	*ctr = r->uni_ctr;
	r->uni_ctr += nblocks;
	pthread_mutex_unlock(&cuda_lib_mu);
}

/* LUMEN_RAND=curand: curandGenerateUniform(Double), then lm_fold */
static int uniform_curand(struct eval *ev, struct cu_rng *r, int dt, int64_t n, double p0, double p1,
			  void *out)
{
	char src[sizeof uni_src + 128];
	curandGenerator_t g = get_rng(ev, r);
	curandStatus_t s;
	void *fn;
	long long nn = n;
	double sc = p1;   /* random_backend's UNIFORM: p0 + p1 * u */
	void *args[] = {&out, &nn, &p0, &sc};
	unsigned grid[3] = {cuew_grid(n, 4), 1, 1}, block[3] = {256, 1, 1};
	if (!g)
		return -1;
	s = dt == DT_FLOAT32 ? curandGenerateUniform(g, out, (size_t)n) : curandGenerateUniformDouble(g, out, (size_t)n);
	if (s != CURAND_STATUS_SUCCESS)
		return rand_fail(ev, s);
	if (!(fn = jit_get(ev, uni_source(dt, 1, 0, src, sizeof src), "lm_fold", 0, NULL)))
		return -1;
	return jit_launch(ev, fn, grid, block, 0, args);
}

static int uniform_fill(struct eval *ev, struct cu_rng *r, int dt, int64_t n, double p0, double p1,
			void *out)
{
	char src[sizeof uni_src + 128];
	void *fn;
	long long nn = n;
	int per = dt == DT_FLOAT32 ? 4 : 2;
	unsigned long long seed, ctr, nblocks = (unsigned long long)((n + per - 1) / per);
	double sc = p1;   /* random_backend's UNIFORM: p0 + p1 * u */
	void *args[] = {&out, &nn, &seed, &ctr, &p0, &sc};
	unsigned long long want;
	unsigned grid[3] = {1, 1, 1}, block[3] = {256, 1, 1};

	pthread_once(&uk_once, uk_read);
	if (uk.curand)
		return uniform_curand(ev, r, dt, n, p0, p1, out);
	want = (nblocks + 256ULL * uk.unroll - 1) / (256ULL * uk.unroll);
	if (uk.grid_per_sm && want > (unsigned long long)cuda_cur->sms * uk.grid_per_sm)
		want = (unsigned long long)cuda_cur->sms * uk.grid_per_sm;
	grid[0] = (unsigned)(want < 1 ? 1 : want > 0x7fffffffULL ? 0x7fffffffULL : want);
	uni_take(r, nblocks, &seed, &ctr);
	{
		/* the kernel per (dtype, unroll, streaming stores), looked up once */
		static void *fns[CUDA_MAXDEV][2][5][2];
		void **slot = &fns[cuda_cur->id][dt == DT_FLOAT32][uk.unroll][uk.stcs];
		if (!(fn = *slot) && !(fn = *slot = jit_get(ev, uni_source(dt, uk.unroll, uk.stcs, src, sizeof src),
							    "lm_uni", 0, NULL)))
			return -1;
	}
	return jit_launch(ev, fn, grid, block, 0, args);
}

/* lm_int / lm_sample (kernels/uniform.cuh): compiled with the default
 * float32 uniform (one module) */
static void *uni_kernel(struct eval *ev, const char *name)
{
	char src[sizeof uni_src + 128];
	return jit_get(ev, uni_source(DT_FLOAT32, 1, 0, src, sizeof src), name, 0, NULL);
}

/* struct backend_random's integers: one Philox block per item, bounded
 * on the device (lm_int) */
static int rnd_integers(struct eval *ev, void *gen, int dt, int64_t n, uint64_t off, uint64_t rng,
			void *out)
{
	struct cu_rng *r = rng_of(gen);
	unsigned long long seed, ctr, o = off, w = rng;
	long long nn = n;
	int size = dt_size(dt);
	void *fn, *args[] = {&out, &nn, &seed, &ctr, &o, &w, &size};
	unsigned grid[3] = {cuew_grid(n, 1), 1, 1}, block[3] = {256, 1, 1};
	if (n <= 0)
		return 0;
	if (!(dt_is_int(dt) || dt == DT_BOOL) || (size != 1 && size != 2 && size != 4 && size != 8))
		return err_set(ev, TY_RuntimeError, "integers: dtype %s", dtype_table[dt].name), -1;
	if (!(fn = uni_kernel(ev, "lm_int")))
		return -1;
	uni_take(r, (unsigned long long)n, &seed, &ctr);
	return jit_launch(ev, fn, grid, block, 0, args);
}

/* struct backend_random's sample: Floyd's algorithm and a shuffle in one
 * block's shared memory (lm_sample), k <= RAND_SAMPLE_MAX */
static int rnd_sample(struct eval *ev, void *gen, int64_t pop, int64_t k, int64_t *out)
{
	struct cu_rng *r = rng_of(gen);
	unsigned long long seed, ctr;
	long long cap = 16, pp = pop, kk = k;
	void *fn;
	unsigned grid[3] = {1, 1, 1}, block[3] = {256, 1, 1};
	if (k <= 0)
		return 0;
	if (k > pop || k > RAND_SAMPLE_MAX)
		return err_set(ev, TY_RuntimeError, "sample: %lld items of %lld", (long long)k, (long long)pop), -1;
	while (cap < 2 * k)
		cap *= 2;
	if (!(fn = uni_kernel(ev, "lm_sample")))
		return -1;
	uni_take(r, 2ULL * (unsigned long long)k, &seed, &ctr);
	void *args[] = {&out, &cap, &pp, &kk, &seed, &ctr};
	return jit_launch(ev, fn, grid, block, (size_t)(2 * k + cap) * sizeof(long long), args);
}

static int rnd_fill(struct eval *ev, void *gen, enum rand_dist dist, int dt, int64_t n, double p0,
		    double p1, void *out)
{
	struct cu_rng *r = rng_of(gen);
	curandGenerator_t g;
	curandStatus_t s = CURAND_STATUS_SUCCESS;
	if (n <= 0)
		return 0;
	if (dist == RAND_UNIFORM)
		return uniform_fill(ev, r, dt, n, p0, p1, out);   /* no cuRAND */
	if (!(g = get_rng(ev, r)))
		return -1;
	switch (dist) {
	case RAND_UNIFORM:
		break;
	case RAND_NORMAL: {
		/* cuRAND wants an even count */
		int64_t even = n & ~(int64_t)1;
		if (even)
			s = dt == DT_FLOAT32 ? curandGenerateNormal(g, out, even, p0, p1)
				: curandGenerateNormalDouble(g, out, even, p0, p1);
		if (s == CURAND_STATUS_SUCCESS && (n & 1)) {
			int sz = dt_size(dt);
			void *tmp = pool_alloc(ev, 2 * sz);
			if (!tmp)
				return -1;
			s = dt == DT_FLOAT32 ? curandGenerateNormal(g, tmp, 2, p0, p1)
				: curandGenerateNormalDouble(g, tmp, 2, p0, p1);
			if (s == CURAND_STATUS_SUCCESS
			    && CUDA_CHECK(ev, cudaMemcpyAsync((char *)out + even * sz, tmp, sz,
							      cudaMemcpyDeviceToDevice, cuda_cur->stream)) < 0) {
				pool_free(tmp, 2 * sz);
				return -1;
			}
			pool_free(tmp, 2 * sz);
		}
		break;
	}
	case RAND_BITS32:
		s = curandGenerate(g, out, n);
		break;
	case RAND_BITS64:
		s = curandGenerate(g, out, 2 * n);
		break;
	}
	return s == CURAND_STATUS_SUCCESS ? 0 : rand_fail(ev, s);
}

static const struct backend_random random_cuda = {rnd_seed, rnd_fill, rnd_gen_new, rnd_gen_free,
						  rnd_integers, rnd_sample};

const struct backend_random *const cuda_random_backend = &random_cuda;

#endif /* HAVE_CUDA */
