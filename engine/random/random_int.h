/*
 * random_int.h — private to the numpy.random modules (random.c: the
 * namespace functions and Generator objects; random_dist.c and
 * random_multi.c: the distributions; random_choice.c: permutation, shuffle
 * and choice; random_state.c: the legacy states and RandomState objects;
 * random_bitgen.c: SeedSequence and the bit generator objects): a draw
 * source (the legacy MT19937 state or a Generator's bit generator), distribution
 * parameters, and the entry points the namespace functions call.
 */
#ifndef LUMEN_RANDOM_INT_H
#define LUMEN_RANDOM_INT_H

#include "array/arrapi.h"
#include "lang/args.h"
#include "random/random.h"

/* random_mvn.c: multivariate_normal of the legacy functions / RandomState
 * (bi->self a RandomState or NULL) and of a Generator (bi->self) */
struct value *rnd_f_multivariate_normal(struct eval *ev, const struct builtin *bi, int argc,
					struct value **argv, const struct kwargs *kw);
struct value *rnd_g_multivariate_normal(struct eval *ev, const struct builtin *bi, int argc,
					struct value **argv, const struct kwargs *kw);

/* random_bitgen.c: the bit generator objects.  rnd_bitgen_state: v's
 * state when v is one (borrowed), else NULL; rnd_bitgen_new: KIND(seed)
 * (seed a SeedSequence or what it takes, NULL: the OS's entropy);
 * rnd_bitgen_spawn: bit_generator.spawn(n), a list */
struct pcg64 *rnd_bitgen_state(struct value *v);
const char *rnd_bitgen_name(struct value *v);
struct value *rnd_bitgen_new(struct eval *ev, int kind, struct value *seed);
struct value *rnd_bitgen_spawn(struct eval *ev, struct value *bg, int64_t n);
/* random.c: a Generator over the bit generator object bg (stolen) */
struct value *rnd_generator_new(struct eval *ev, const struct backend *be, struct value *bg);

/* random.c: the draw source of a Generator method (bi->self a Generator) */
struct rsrc rnd_gen_src(const struct builtin *bi);
/* random_multi.c: the Generator methods beyond random.c's table */
extern const struct arr_func rnd_gen_more[];

/* Where draws come from: a legacy state or a Generator. */
struct rsrc {
	struct mt19937 *mt;   /* legacy when set */
	struct pcg64 *pcg;
	int exp_inv;          /* Generator.standard_exponential(method='inv') */
	void *dev;            /* a RandomState's backend generator (NULL: the namespace's) */
	void **gdev;          /* a Generator's slot for its backend generator, made at its
			       * first device draw (rnd_src_dev); NULL for legacy states */
};

/* random.c: sets src->dev for a Generator's draws on a backend with
 * per-object generators (cuRAND): the Generator's own, made at its first
 * device draw from the next 64 bits of its bit generator, so that
 * default_rng(s) repeats its draws and two bit generators of one state
 * give one stream.  0, or -1 with the error set. */
int rnd_src_dev(struct eval *ev, const struct backend *be, struct rsrc *src);

/* random_state.c: the legacy state a builtin draws from: its self's when
 * it is a RandomState method, else the global one (np.random.rand, ...) */
struct rsrc rnd_legacy_src(const struct builtin *bi);
/* n words of OS entropy (a time-based mix when /dev/urandom fails) */
void rnd_entropy(uint32_t *w, int n);

static inline double src_double(struct rsrc *s)
{
	return s->mt ? mt_double(s->mt) : pcg_double(s->pcg);
}

static inline double src_normal(struct rsrc *s)
{
	return s->mt ? mt_gauss(s->mt) : pcg_normal(s->pcg);
}

/* A distribution parameter: a scalar, or a host float64 array broadcast
 * to the output. */
struct rparam {
	double x;
	struct ndarray *a; /* C-contig host float64 of the output's shape, or NULL */
};

static inline double par_at(const struct rparam *p, int64_t i)
{
	return p->a ? ((const double *)nd_data(p->a))[i] : p->x;
}

static inline int is_arraylike(struct value *v)
{
	return v && (v->type == VT_NDARRAY || v->type == VT_LIST || v->type == VT_TUPLE);
}

/* NumPy's broadcast of n shapes (np.broadcast / PyArray_MultiIterNew):
 * 0, or -1 with its "shape mismatch ... between arg i ... and arg j"
 * ValueError for the first pair that disagrees */
int rnd_bcast_check(struct eval *ev, int n, const int *ndims, const int64_t *const *shapes);
/* size=None (*nd = -1), an int or a tuple. */
int rnd_parse_size(struct eval *ev, struct value *v, int *nd, int64_t *shape);
/* Reads np params (Python/NumPy scalars or array-likes) and the output
 * shape: size when given, else the params' broadcast shape (nd -1: scalar
 * output).  On success out[] owns its arrays: rnd_params_free them. */
int rnd_parse_params(struct eval *ev, int np, struct value **pv, const double *defs,
		     struct rparam *out, int *nd, int64_t *shape);
void rnd_params_free(struct rparam *p, int n);
/* The final value: host array h (stolen) moved to backend be. */
struct value *rnd_deliver(struct eval *ev, const struct backend *be, struct ndarray *h);
/* where host draws for be are made: be itself when its buffers are host
 * memory (host mode's cp: no copy at delivery), else the host backend */
const struct backend *rnd_host_be(const struct backend *be);

/* random_dist.c: NumPy's distributions over either source. */
enum rdist { RD_EXPONENTIAL, RD_STD_EXPONENTIAL, RD_GAMMA, RD_STD_GAMMA, RD_POISSON,
	     RD_BINOMIAL, RD_GEOMETRIC, RD_STD_CAUCHY, RD_LAPLACE, RD_GUMBEL, RD_LOGISTIC,
	     RD_LOGNORMAL, RD_RAYLEIGH, RD_WEIBULL, RD_PARETO, RD_POWER, RD_CHISQUARE, RD_STD_T,
	     RD_F, RD_BETA, RD_LOGSERIES, RD_ZIPF, RD_VONMISES, RD_NC_CHISQUARE, RD_NC_F,
	     RD_NEG_BINOMIAL, RD_WALD, RD_TRIANGULAR, RD_HYPERGEOMETRIC };
/* the draws random_multi.c shares: standard gamma, binomial (legacy draws
 * even for n or p 0, as NumPy's) and hypergeometric of either source */
double rnd_std_gamma(struct rsrc *s, double shape);
int64_t rnd_binomial(struct rsrc *s, int64_t n, double p);
int64_t rnd_hypergeometric(struct rsrc *s, int64_t good, int64_t bad, int64_t sample);
double rnd_beta(struct rsrc *s, double a, double b);
/* Draws distribution d with params pv and size sv; dt -1, or
 * Generator.standard_exponential's DT_FLOAT64 / DT_FLOAT32. */
struct value *rnd_draw_dist(struct eval *ev, const struct backend *be, struct rsrc *src,
			    enum rdist d, struct value **pv, struct value *sv, int dt);
/* The same from a call by the distribution's signature: params, then size. */
struct value *rnd_dist_call(struct eval *ev, const struct backend *be, struct rsrc *src,
			    enum rdist d, int argc, struct value **argv, const struct kwargs *kw);

/* random_choice.c: NumPy's permutation, shuffle and choice. */
struct value *rnd_permutation(struct eval *ev, const struct backend *be, struct rsrc *src,
			      struct value *x);
struct value *rnd_shuffle(struct eval *ev, struct rsrc *src, struct value *x);
struct value *rnd_choice(struct eval *ev, const struct backend *be, struct rsrc *src,
			 struct value *av, struct value *sv, struct value *rv, struct value *pv,
			 struct value *shv);

/* the ziggurat tables of NumPy's normal draws (gen/ziggurat_tab.c) */
extern const uint64_t zig_ki_double[256];
extern const double zig_wi_double[256], zig_fi_double[256];
extern const uint32_t zig_ki_float[256];
extern const float zig_wi_float[256], zig_fi_float[256];

#endif
