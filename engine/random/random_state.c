/*
 * random_state.c — numpy.random's legacy RandomState: the global state the
 * module functions (np.random.rand, ...) draw from, and RandomState objects
 * whose methods are those same module functions bound to the object's own
 * MT19937 (rnd_legacy_src picks the state by the builtin's self).  Owns the
 * seeding (NumPy's _legacy_seeding), get_state/set_state and, for a device
 * namespace, each object's own backend generator.  Draws nothing but
 * tomaxint's words: the distributions are random.c's and its siblings'.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "array/arrapi.h"
#include "lang/args.h"
#include "pyobj/bigint.h"
#include "lang/error.h"
#include "random/random_int.h"

/* A RandomState object: its MT19937 (with the legacy gauss cache) and, on a
 * backend with its own generator (cuRAND), that backend's generator for it. */
struct rstate {
	struct mt19937 mt;
	const struct backend *be;
	void *dev;   /* owned: be->random's gen_new, or NULL */
};

/* the global RandomState's (np.random.seed / rand / ...): seeded on first use */
static struct mt19937 g_mt;
static int g_mt_ready;

static const struct objtype rstate_type;

void rnd_entropy(uint32_t *w, int n)
{
	FILE *f = fopen("/dev/urandom", "rb");
	size_t got = f ? fread(w, sizeof(uint32_t), n, f) : 0;
	if (f)
		fclose(f);
	if ((int)got != n) {
		uint64_t x = (uint64_t)time(NULL) ^ (uint64_t)(uintptr_t)w ^ (uint64_t)clock() << 20;
		for (int i = 0; i < n; i++) {
			x = x * 6364136223846793005ULL + 1442695040888963407ULL;
			w[i] = (uint32_t)(x >> 32);
		}
	}
}

static struct rstate *rstate_of(const struct value *self)
{
	return self && self->type == VT_OBJECT && self->u.obj.t == &rstate_type ? self->u.obj.p : NULL;
}

struct rsrc rnd_legacy_src(const struct builtin *bi)
{
	struct rsrc s = {NULL, NULL, 0, NULL};
	struct rstate *r = rstate_of(bi->self);
	if (r) {
		s.mt = &r->mt;
		s.dev = r->dev;
		return s;
	}
	if (!g_mt_ready) {
		uint32_t w[624];
		rnd_entropy(w, 624);
		mt_seed_array(&g_mt, w, 624);
		g_mt_ready = 1;
	}
	s.mt = &g_mt;
	return s;
}

/* NumPy's "Cannot cast ... to dtype('int64') according to the rule 'safe'"
 * for a seed array of dtype dt (0-d: "scalar") */
static int seed_cast_error(struct eval *ev, const char *dtname, int scalar)
{
	return err_set(ev, TY_TypeError, "Cannot cast %s from dtype('%s') to dtype('int64') according to the rule 'safe'",
		       scalar ? "scalar" : "array data", dtname), -1;
}

static int seed_range_error(struct eval *ev)
{
	return err_set(ev, TY_ValueError, "Seed must be between 0 and 2**32 - 1"), -1;
}

/* seed.squeeze() as operator.index takes it: a Python int or bool, a NumPy
 * integer scalar, or an integer array of one item.  1 with *out set, 0 when
 * seed is none of those (the array path), -1 on error. */
static int seed_index(struct eval *ev, struct value *sv, uint64_t *out)
{
	int64_t v;
	if (sv->type == VT_BIGINT) {
		if (big_sign(sv) < 0 || big_bit_length(sv) > 32)
			return seed_range_error(ev);
	} else if (sv->type == VT_SCALAR) {
		if (!dt_is_int(sv->u.sc.dtype))
			return 0;
		if (dtype_table[sv->u.sc.dtype].kind == DK_UINT) {
			*out = sv->u.sc.v.u;
			return *out > 0xffffffffULL ? seed_range_error(ev) : 1;
		}
	} else if (sv->type == VT_NDARRAY) {
		struct ndarray *a = arr_borrow(sv), *c;
		if (nd_size(a) != 1 || !dt_is_int(a->dtype))
			return 0;
		if (!(c = arr_host_c(ev, a, DT_UINT64)))
			return -1;
		*out = *(uint64_t *)nd_data(c);
		nd_decref(c);
		if (dtype_table[a->dtype].kind != DK_UINT && (int64_t)*out < 0)
			return seed_range_error(ev);
		return *out > 0xffffffffULL ? seed_range_error(ev) : 1;
	} else if (sv->type != VT_INT && sv->type != VT_BOOL)
		return 0;
	if (val_as_int64(ev, sv, &v) < 0)
		return -1;
	if (v < 0 || v > 0xffffffffLL)
		return seed_range_error(ev);
	*out = (uint64_t)v;
	return 1;
}

/* The array path: np.asarray(seed) (squeezed when it is an array), non-empty,
 * safely castable to int64, 1-d, every item in [0, 2**32): init_by_array.
 * *dseed gets a hash of the words (a backend generator's seed). */
static int seed_words(struct eval *ev, struct mt19937 *mt, struct value *sv, uint64_t *dseed)
{
	struct ndarray *a, *c;
	int nd = 0, rc = -1;
	int64_t n;
	uint32_t *w;
	if (sv->type == VT_STR) {
		/* NumPy's '<U' + the length in characters */
		char dn[32];
		const char *s = val_as_cstr(sv);
		size_t len = 0;
		for (; *s; s++)
			len += ((unsigned char)*s & 0xc0) != 0x80;
		snprintf(dn, sizeof dn, "<U%zu", len);
		return seed_cast_error(ev, dn, 1);
	}
	if (!(a = arr_asarray(ev, &backend_host, sv, -1)))
		return -1;
	for (int i = 0; i < a->ndim; i++)
		nd += a->shape[i] != 1;
	if (sv->type != VT_NDARRAY)
		nd = a->ndim;   /* only arrays are squeezed */
	if (nd_size(a) == 0) {
		nd_decref(a);
		return err_set(ev, TY_ValueError, "Seed must be non-empty"), -1;
	}
	if (!dt_can_cast(a->dtype, DT_INT64, "safe")) {
		rc = seed_cast_error(ev, dtype_table[a->dtype].name, nd == 0);
		nd_decref(a);
		return rc;
	}
	if (nd != 1) {
		nd_decref(a);
		return err_set(ev, TY_ValueError, "Seed array must be 1-d"), -1;
	}
	c = arr_host_c(ev, a, DT_INT64);
	nd_decref(a);
	if (!c)
		return -1;
	n = nd_size(c);
	if (!(w = malloc((size_t)n * sizeof(uint32_t)))) {
		nd_decref(c);
		return err_nomem(ev), -1;
	}
	*dseed = 1469598103934665603ULL;
	for (int64_t i = 0; i < n; i++) {
		int64_t v = ((const int64_t *)nd_data(c))[i];
		if (v < 0 || v > 0xffffffffLL) {
			seed_range_error(ev);
			goto out;
		}
		w[i] = (uint32_t)v;
		*dseed = (*dseed ^ w[i]) * 1099511628211ULL;
	}
	mt_seed_array(mt, w, (int)n);
	rc = 0;
out:
	free(w);
	nd_decref(c);
	return rc;
}

/*
 * Seeds mt as RandomState.seed(sv) does (sv NULL or None: fresh entropy);
 * *dseed gets the seed for a backend generator beside it (the int itself,
 * else a hash of the words or entropy).  0, or -1 with NumPy's error.
 */
static int legacy_seed(struct eval *ev, struct mt19937 *mt, struct value *sv, uint64_t *dseed)
{
	uint64_t s;
	int r;
	if (!sv || sv->type == VT_NONE) {
		uint32_t w[624];
		rnd_entropy(w, 624);
		mt_seed_array(mt, w, 624);
		*dseed = (uint64_t)w[0] << 32 | w[1];
		return 0;
	}
	if (sv->type == VT_OBJECT)   /* np.asarray of it: an object array */
		return seed_cast_error(ev, "O", 1);
	if ((r = seed_index(ev, sv, &s)) < 0)
		return -1;
	if (r) {
		mt_seed_legacy(mt, s);
		*dseed = s;
		return 0;
	}
	return seed_words(ev, mt, sv, dseed);
}

/* seed(seed=None): the global state, or the RandomState's (with its device
 * generator, or the namespace's for the global) */
static struct value *f_seed(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	struct value *sv = NULL;
	const struct backend *be = arr_be(bi);
	const struct backend_random *rb = be->random;
	struct rsrc src = rnd_legacy_src(bi);
	uint64_t ds;
	if (args_parse(ev, "seed", argc, argv, kw, "|seed", &sv) < 0 || legacy_seed(ev, src.mt, sv, &ds) < 0)
		return NULL;
	if (rb && rb->seed && rb->seed(ev, src.dev, ds) < 0)
		return NULL;
	return val_none();
}

static void rstate_free(void *p)
{
	struct rstate *r = p;
	const struct backend_random *rb = r->be->random;
	if (r->dev && rb && rb->gen_free)
		rb->gen_free(r->dev);
	free(r);
}

/* RandomState(seed=None) */
static struct value *f_RandomState(struct eval *ev, const struct builtin *bi, int argc,
				   struct value **argv, const struct kwargs *kw)
{
	struct value *sv = NULL;
	const struct backend *be = arr_be(bi);
	const struct backend_random *rb = be->random;
	struct rstate *r;
	uint64_t ds;
	if (argc > 1)   /* Cython's words for the class's __init__ */
		return err_set(ev, TY_TypeError, "__init__() takes at most 1 positional argument (%d given)", argc);
	if (args_parse(ev, "__init__", argc, argv, kw, "|seed", &sv) < 0)
		return NULL;
	if (rb && !rb->gen_new)
		return err_set(ev, TY_NotImplementedError, "cupy.random.RandomState: this backend has no per-object generator");
	if (rnd_bitgen_state(sv))
		return err_set(ev, TY_NotImplementedError, "RandomState(bit_generator): Lumen's RandomState owns its "
			       "MT19937 (pass a seed, or use Generator(bit_generator))");
	if (!(r = calloc(1, sizeof *r)))
		return err_nomem(ev);
	r->be = be;
	if (legacy_seed(ev, &r->mt, sv, &ds) < 0 || (rb && !(r->dev = rb->gen_new(ev, ds)))) {
		free(r);
		return NULL;
	}
	return val_object_new(&rstate_type, r);
}

/* get_state(legacy=True): ('MT19937', key uint32[624], pos, has_gauss,
 * gauss), or with legacy=False NumPy's dict */
static struct value *f_get_state(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	struct value *lv = NULL, *items[5], *d, *inner;
	struct rsrc src = rnd_legacy_src(bi);
	int64_t n = 624;
	int legacy;
	struct ndarray *key;
	if (args_parse(ev, "get_state", argc, argv, kw, "|legacy", &lv) < 0 || args_bool(ev, lv, 1, &legacy) < 0)
		return NULL;
	if (!(key = nd_new(ev, &backend_host, DT_UINT32, 1, &n)))
		return NULL;
	memcpy(nd_data(key), src.mt->key, sizeof src.mt->key);
	items[0] = val_cstr("MT19937");
	items[1] = arr_wrap(ev, key);
	items[2] = val_int(src.mt->pos);
	items[3] = val_int(src.mt->has_gauss);
	items[4] = val_float(src.mt->gauss);
	if (!items[1]) {
		for (int i = 0; i < 5; i++)
			if (i != 1)
				val_decref(items[i]);
		return NULL;
	}
	if (legacy)
		return val_tuple_new(5, items);
	if (!(d = val_dict_new()) || !(inner = val_dict_new())) {
		val_decref(d);
		for (int i = 0; i < 5; i++)
			val_decref(items[i]);
		return err_nomem(ev);
	}
	dict_setstr(inner, "key", items[1]);
	dict_setstr(inner, "pos", items[2]);
	dict_setstr(d, "bit_generator", items[0]);
	dict_setstr(d, "state", inner);
	dict_setstr(d, "has_gauss", items[3]);
	dict_setstr(d, "gauss", items[4]);
	return d;
}

/* state[i] as NumPy's bounds-checked tuple indexing reads it (borrowed) */
static struct value *state_item(struct eval *ev, struct value *st, size_t i)
{
	if (i >= st->u.seq.n)
		return err_set(ev, TY_IndexError, "tuple index out of range");
	return st->u.seq.items[i];
}

/* key (624 items, cast to uint32 as the C assignment does) and pos into mt */
static int set_key(struct eval *ev, struct mt19937 *mt, struct value *keyv, struct value *posv)
{
	struct ndarray *a = arr_asarray(ev, &backend_host, keyv, -1), *c;
	int64_t pos;
	if (!a)
		return -1;
	if (a->ndim == 1 && a->shape[0] < 624) {
		err_set(ev, TY_IndexError, "index %lld is out of bounds for axis 0 with size %lld",
			(long long)a->shape[0], (long long)a->shape[0]);
		nd_decref(a);
		return -1;
	}
	if (a->ndim != 1) {
		nd_decref(a);
		return err_set(ev, TY_ValueError, "state must be 624 elements"), -1;
	}
	c = arr_host_c(ev, a, DT_UINT32);
	nd_decref(a);
	if (!c || val_as_int64(ev, posv, &pos) < 0) {
		nd_decref(c);
		return -1;
	}
	memcpy(mt->key, nd_data(c), sizeof mt->key);
	nd_decref(c);
	/* NumPy stores any pos; one outside [0, 624] reads past its key */
	mt->pos = pos < 0 || pos > 624 ? 624 : (int)pos;
	return 0;
}

/* set_state(state): the tuple get_state gives (its first three items at
 * least) or the dict get_state(legacy=False) gives */
static struct value *f_set_state(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	struct value *st, *name, *keyv, *posv, *hgv = NULL, *gv = NULL;
	struct rsrc src = rnd_legacy_src(bi);
	struct mt19937 m = *src.mt;
	int64_t hg = 0;
	double g = 0;
	const char *s;
	if (args_parse(ev, "set_state", argc, argv, kw, "state", &st) < 0)
		return NULL;
	if (st->type == VT_DICT) {
		struct value *inner = dict_getstr_borrow(st, "state");
		name = dict_getstr_borrow(st, "bit_generator");
		if (!name || !inner)
			return err_set(ev, TY_ValueError, "state dictionary is not valid.");
		if (!(s = val_as_cstr(name)) || strcmp(s, "MT19937"))
			return err_set(ev, TY_ValueError, "state must be for a MT19937 PRNG");
		if (inner->type != VT_DICT || !(keyv = dict_getstr_borrow(inner, "key")))
			return err_set(ev, TY_KeyError, "'key'");
		if (!(posv = dict_getstr_borrow(inner, "pos")))
			return err_set(ev, TY_KeyError, "'pos'");
		hgv = dict_getstr_borrow(st, "has_gauss");
		gv = dict_getstr_borrow(st, "gauss");
	} else {
		if (st->type != VT_TUPLE && st->type != VT_LIST)
			return err_set(ev, TY_TypeError, "state must be a dict or a tuple.");
		if (!(name = state_item(ev, st, 0)))
			return NULL;
		if (!(s = val_as_cstr(name)) || strcmp(s, "MT19937"))
			return err_set(ev, TY_ValueError, "set_state can only be used with legacy MT19937 state instances.");
		if (!(keyv = state_item(ev, st, 1)) || !(posv = state_item(ev, st, 2)))
			return NULL;
		if (st->u.seq.n > 3 && (!(hgv = state_item(ev, st, 3)) || !(gv = state_item(ev, st, 4))))
			return NULL;
	}
	if ((gv && val_as_double(ev, gv, &g) < 0) || (hgv && val_as_int64(ev, hgv, &hg) < 0) ||
	    set_key(ev, &m, keyv, posv) < 0)
		return NULL;
	m.has_gauss = hg != 0;
	m.gauss = g;
	*src.mt = m;
	if (src.mt == &g_mt)
		g_mt_ready = 1;
	return val_none();
}

/* tomaxint(size=None): next_uint64 >> 1 per item (random_positive_int);
 * size=None a Python int */
static struct value *f_tomaxint(struct eval *ev, const struct builtin *bi, int argc,
				struct value **argv, const struct kwargs *kw)
{
	struct value *sv = NULL;
	struct rsrc src = rnd_legacy_src(bi);
	struct ndarray *h;
	int nd;
	int64_t shape[ND_MAXDIM], n;
	if (args_parse(ev, "tomaxint", argc, argv, kw, "|size", &sv) < 0 || rnd_parse_size(ev, sv, &nd, shape) < 0)
		return NULL;
	if (nd < 0) {
		uint64_t hi = mt_next32(src.mt);
		return val_int((int64_t)((hi << 32 | mt_next32(src.mt)) >> 1));
	}
	if (!(h = nd_new(ev, &backend_host, DT_INT64, nd, shape)))
		return NULL;
	n = nd_size(h);
	for (int64_t i = 0; i < n; i++) {
		uint64_t hi = mt_next32(src.mt);
		((int64_t *)nd_data(h))[i] = (int64_t)((hi << 32 | mt_next32(src.mt)) >> 1);
	}
	return rnd_deliver(ev, arr_be(bi), h);
}

/* the RandomState methods beyond the module functions */
static const struct arr_func rstate_own[] = {
	{"tomaxint", f_tomaxint, "tomaxint(size=None)", "Random integers in [0, 2**63 - 1)."},
	{NULL, NULL, NULL, NULL}
};

/* ORDER: completion lists them as given */
static const char *const rstate_attrs[] = {
	"binomial", "choice", "exponential", "gamma", "beta", "chisquare", "f", "geometric", "get_state", "gumbel", "laplace", "logistic", "lognormal",
	"multivariate_normal", "normal", "pareto", "power", "rayleigh", "standard_cauchy", "standard_t", "weibull",
	"permutation", "poisson", "rand", "randint", "randn", "random", "random_integers", "random_sample", "seed",
	"set_state", "shuffle", "standard_exponential", "standard_gamma", "standard_normal",
	"tomaxint", "uniform", "logseries", "zipf", "vonmises", "noncentral_chisquare", "noncentral_f",
	"negative_binomial", "wald", "triangular", "hypergeometric", "multinomial", "dirichlet", "bytes", NULL
};

/* a method: the module function of that name bound to self (and to the
 * object's namespace backend) */
static struct value *rstate_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct rstate *r = self->u.obj.p;
	const struct arr_func *const tables[] = {arr_random_funcs, arr_random_state_funcs, arr_random_multi_funcs,
						 rstate_own};
	int known = 0;
	(void)ev;
	for (int i = 0; rstate_attrs[i] && !known; i++)
		known = !strcmp(rstate_attrs[i], name);
	if (!known)
		return NULL;
	for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++)
		for (const struct arr_func *f = tables[t]; f->name; f++)
			if (!strcmp(f->name, name))
				return val_builtin(f->name, f->fn, self, (void *)r->be);
	return NULL;
}

static char *rstate_str(struct eval *ev, struct value *self)
{
	char *s = strdup("RandomState(MT19937)");
	(void)self;
	return s ? s : err_nomem(ev);
}

static char *rstate_repr(struct eval *ev, struct value *self)
{
	char *s = malloc(64);
	if (!s)
		return err_nomem(ev);
	snprintf(s, 64, "RandomState(MT19937) at 0x%llX", (unsigned long long)(uintptr_t)self->u.obj.p);
	return s;
}

static const struct objtype rstate_type = {
	.name = "numpy.random.mtrand.RandomState",   /* tp_name, as messages say it */
	.free = rstate_free,
	.getattr = rstate_getattr,
	.repr = rstate_repr,
	.str = rstate_str,
	.attrs = rstate_attrs,
};

const struct arr_func arr_random_state_funcs[] = {
	{"seed", f_seed, "seed(seed=None)", "Seeds the legacy RandomState (MT19937: the global one, or this one) as NumPy."},
	{"get_state", f_get_state, "get_state(legacy=True)",
	 "The legacy state: ('MT19937', key, pos, has_gauss, cached_gaussian)."},
	{"set_state", f_set_state, "set_state(state)", "Restores a state get_state gave."},
	{"RandomState", f_RandomState, "RandomState(seed=None)",
	 "A legacy MT19937 generator of its own, seeded as np.random.seed."},
	{NULL, NULL, NULL, NULL}
};
