/*
 * random.c — Python's random module (not numpy.random): Random objects on
 * MT19937 (random/random.h) seeded as CPython seeds an int (init_by_array of
 * its 32-bit words), with CPython's algorithms draw for draw: random,
 * getrandbits, randrange/randint (rejection on bit-length draws), choice,
 * choices, shuffle, sample, uniform, triangular, gauss, normalvariate,
 * expovariate.  The module's functions are bound to one hidden instance.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include "pylib/pylib_int.h"
#include "random/random.h"

struct pyrand {
	struct mt19937 mt;
	int has_gauss;
	double gauss_next;
};

static const struct objtype random_type;

static struct pyrand *PR(const struct builtin *bi) { return bi->self->u.obj.p; }

static void seed_words(struct pyrand *r, const uint32_t *w, int n)
{
	mt_seed_array(&r->mt, w, n);
	r->has_gauss = 0;
}

static int do_seed(struct eval *ev, struct pyrand *r, struct value *a)
{
	uint32_t w[2];
	if (!a || a->type == VT_NONE) {
		uint32_t k[8];
		if (getrandom(k, sizeof k, 0) != (ssize_t)sizeof k)
			for (int i = 0; i < 8; i++)
				k[i] = (uint32_t)rand() ^ (uint32_t)time(NULL);
		seed_words(r, k, 8);
		return 0;
	}
	if (a->type == VT_INT || a->type == VT_BOOL) {
		uint64_t u = a->u.i < 0 ? -(uint64_t)a->u.i : (uint64_t)a->u.i;
		w[0] = (uint32_t)u;
		w[1] = (uint32_t)(u >> 32);
		seed_words(r, w, w[1] ? 2 : 1);
		return 0;
	}
	if (a->type == VT_FLOAT) {
		err_set(ev, TY_NotImplementedError, "random.seed of a float (its hash) is not supported by Lumen");
		return -1;
	}
	err_set(ev, TY_NotImplementedError, "random.seed of a '%s' is not supported by Lumen (an int is)", val_type_name(a));
	return -1;
}

static double rnd(struct pyrand *r)
{
	uint32_t a = mt_next32(&r->mt) >> 5, b = mt_next32(&r->mt) >> 6;
	return ((double)a * 67108864.0 + (double)b) * (1.0 / 9007199254740992.0);
}

/* getrandbits(k), 0 <= k <= 64 */
static uint64_t randbits(struct pyrand *r, int k)
{
	if (k == 0)
		return 0;
	if (k <= 32)
		return mt_next32(&r->mt) >> (32 - k);
	uint64_t lo = mt_next32(&r->mt), hi = mt_next32(&r->mt) >> (64 - k);
	return lo | hi << 32;
}

/* _randbelow_with_getrandbits(n), n >= 1 */
static uint64_t randbelow(struct pyrand *r, uint64_t n)
{
	int k = 64 - __builtin_clzll(n);
	uint64_t x = randbits(r, k);
	while (x >= n)
		x = randbits(r, k);
	return x;
}

PYFN(r_seed)
{
	struct value *a = NULL, *version = NULL;
	if (args_parse(ev, "seed", argc, argv, kw, "|a,version", &a, &version) < 0 || do_seed(ev, PR(bi), a) < 0)
		return NULL;
	return val_none();
}

PYFN(r_random)
{
	if (argc)
		return err_set(ev, TY_TypeError, "random() takes no arguments (%d given)", argc);
	return val_float(rnd(PR(bi)));
}

PYFN(r_getrandbits)
{
	int64_t k;
	if (argc != 1 || val_as_int64(ev, argv[0], &k) < 0)
		return err_occurred(ev) ? NULL : err_set(ev, TY_TypeError, "getrandbits() takes exactly one argument (%d given)", argc);
	if (k < 0)
		return err_set(ev, TY_ValueError, "number of bits must be non-negative");
	if (k > 63)
		return err_set(ev, TY_NotImplementedError, "random.getrandbits beyond 63 bits is not supported by Lumen");
	return val_int((int64_t)randbits(PR(bi), (int)k));
}

static struct value *randrange(struct eval *ev, struct pyrand *r, struct value *a, struct value *b, struct value *c)
{
	int64_t start, stop, step = 1;
	if (val_as_int64(ev, a, &start) < 0)
		return NULL;
	if (!b || b->type == VT_NONE) {
		if (start > 0)
			return val_int((int64_t)randbelow(r, (uint64_t)start));
		return err_set(ev, TY_ValueError, "empty range for randrange()");
	}
	if (val_as_int64(ev, b, &stop) < 0 || (c && val_as_int64(ev, c, &step) < 0))
		return NULL;
	int64_t width = stop - start;
	if (step == 1) {
		if (width > 0)
			return val_int(start + (int64_t)randbelow(r, (uint64_t)width));
		return err_set(ev, TY_ValueError, "empty range for randrange() (%lld, %lld, %lld)", (long long)start,
			       (long long)stop, (long long)width);
	}
	if (step == 0)
		return err_set(ev, TY_ValueError, "zero step for randrange()");
	int64_t num = step > 0 ? width + step - 1 : width + step + 1;
	int64_t n = num / step - (num % step != 0 && ((num < 0) != (step < 0))); /* Python's // */
	if (n <= 0)
		return err_set(ev, TY_ValueError, "empty range for randrange()");
	return val_int(start + step * (int64_t)randbelow(r, (uint64_t)n));
}

PYFN(r_randrange)
{
	struct value *a = NULL, *b = NULL, *c = NULL;
	if (args_parse(ev, "randrange", argc, argv, kw, "start|stop,step", &a, &b, &c) < 0)
		return NULL;
	return randrange(ev, PR(bi), a, b, c);
}

PYFN(r_randint)
{
	struct value *a = NULL, *b = NULL;
	int64_t hi;
	if (args_parse(ev, "randint", argc, argv, kw, "a,b", &a, &b) < 0 || val_as_int64(ev, b, &hi) < 0)
		return NULL;
	struct value *b1 = val_int(hi + 1), *r = b1 ? randrange(ev, PR(bi), a, b1, NULL) : err_nomem(ev);
	val_decref(b1);
	return r;
}

PYFN(r_choice)
{
	if (argc != 1)
		return err_set(ev, TY_TypeError, "choice() takes exactly one argument (%d given)", argc);
	int64_t n = val_len(ev, argv[0]);
	if (n < 0)
		return NULL;
	if (n == 0)
		return err_set(ev, TY_IndexError, "Cannot choose from an empty sequence");
	struct value *i = val_int((int64_t)randbelow(PR(bi), (uint64_t)n));
	struct value *x = i ? val_getitem(ev, argv[0], i) : err_nomem(ev);
	val_decref(i);
	return x;
}

PYFN(r_shuffle)
{
	if (argc != 1)
		return err_set(ev, TY_TypeError, "shuffle() takes exactly one argument (%d given)", argc);
	struct value *x = argv[0];
	if (x->type != VT_LIST)
		return err_set(ev, TY_NotImplementedError, "random.shuffle of a '%s' is not supported by Lumen (a list is)",
			       val_type_name(x));
	for (size_t i = x->u.seq.n; i-- > 1;) {
		size_t j = (size_t)randbelow(PR(bi), i + 1);
		struct value *t = x->u.seq.items[i];
		x->u.seq.items[i] = x->u.seq.items[j];
		x->u.seq.items[j] = t;
	}
	return val_none();
}

PYFN(r_sample)
{
	struct value *pop = NULL, *kv = NULL, *counts = NULL;
	int64_t k;
	if (args_parse(ev, "sample", argc, argv, kw, "population,k$counts", &pop, &kv, &counts) < 0 ||
	    val_as_int64(ev, kv, &k) < 0)
		return NULL;
	if (counts && counts->type != VT_NONE)
		return err_set(ev, TY_NotImplementedError, "random.sample(counts=) is not supported by Lumen");
	if (pop->type != VT_LIST && pop->type != VT_TUPLE && pop->type != VT_STR && pop->type != VT_RANGE)
		return err_set(ev, TY_TypeError, "Population must be a sequence.  For dicts or sets, use sorted(d).");
	struct value *items = val_iter_list(ev, pop);
	if (!items)
		return NULL;
	int64_t n = (int64_t)items->u.seq.n;
	if (k < 0 || k > n) {
		val_decref(items);
		return err_set(ev, TY_ValueError, "Sample larger than population or is negative");
	}
	struct pyrand *r = PR(bi);
	struct value *out = val_list_new(0, NULL);
	int64_t setsize = 21;
	if (k > 5)
		setsize += (int64_t)pow(4, ceil(log((double)(k * 3)) / log(4.0)));
	if (n <= setsize) {
		struct value **pool = items->u.seq.items; /* shuffled in place: items is our copy */
		for (int64_t i = 0; out && i < k; i++) {
			int64_t j = (int64_t)randbelow(r, (uint64_t)(n - i));
			list_append(out, val_incref(pool[j]));
			struct value *t = pool[j];
			pool[j] = pool[n - i - 1];
			pool[n - i - 1] = t;
		}
	} else {
		char *sel = calloc((size_t)n, 1);
		for (int64_t i = 0; out && sel && i < k; i++) {
			int64_t j = (int64_t)randbelow(r, (uint64_t)n);
			while (sel[j])
				j = (int64_t)randbelow(r, (uint64_t)n);
			sel[j] = 1;
			list_append(out, val_incref(items->u.seq.items[j]));
		}
		if (!sel) {
			val_decref(out);
			out = NULL;
		}
		free(sel);
	}
	val_decref(items);
	return out ? out : err_nomem(ev);
}

PYFN(r_choices)
{
	struct value *pop = NULL, *w = NULL, *cw = NULL, *kv = NULL;
	int64_t k;
	if (args_parse(ev, "choices", argc, argv, kw, "population|weights$cum_weights,k", &pop, &w, &cw, &kv) < 0 ||
	    args_int(ev, kv, 1, &k) < 0)
		return NULL;
	struct pyrand *r = PR(bi);
	int64_t n = val_len(ev, pop);
	if (n < 0)
		return NULL;
	struct value *out = val_list_new(0, NULL);
	if (!out)
		return err_nomem(ev);
	double *cum = NULL;
	if ((w && w->type != VT_NONE) || (cw && cw->type != VT_NONE)) {
		if (w && w->type != VT_NONE && cw && cw->type != VT_NONE) {
			val_decref(out);
			return err_set(ev, TY_TypeError, "Cannot specify both weights and cumulative weights");
		}
		int is_cum = !(w && w->type != VT_NONE);
		struct value *wl = val_iter_list(ev, is_cum ? cw : w);
		if (!wl) {
			val_decref(out);
			return NULL;
		}
		if ((int64_t)wl->u.seq.n != n) {
			val_decref(wl);
			val_decref(out);
			return err_set(ev, TY_ValueError, "The number of weights does not match the population");
		}
		cum = malloc(sizeof *cum * (size_t)(n + 1));
		double acc = 0;
		for (int64_t i = 0; cum && i < n; i++) {
			double x;
			if (val_as_double(ev, wl->u.seq.items[i], &x) < 0) {
				free(cum);
				val_decref(wl);
				val_decref(out);
				return NULL;
			}
			acc = is_cum ? x : acc + x;
			cum[i] = acc;
		}
		val_decref(wl);
		if (!cum) {
			val_decref(out);
			return err_nomem(ev);
		}
		double total = n ? cum[n - 1] : 0;
		if (total <= 0.0 || !isfinite(total)) {
			free(cum);
			val_decref(out);
			return err_set(ev, TY_ValueError, total <= 0.0 ? "Total of weights must be greater than zero"
								: "Total of weights must be finite");
		}
		for (int64_t i = 0; i < k; i++) {
			double x = rnd(r) * total;
			int64_t lo = 0, hi = n - 1;
			while (lo < hi) { /* bisect_right over [0, n-1) */
				int64_t mid = (lo + hi) / 2;
				if (x < cum[mid])
					hi = mid;
				else
					lo = mid + 1;
			}
			struct value *idx = val_int(lo), *item = idx ? val_getitem(ev, pop, idx) : NULL;
			val_decref(idx);
			if (!item || list_append(out, item) < 0) {
				free(cum);
				val_decref(out);
				return err_occurred(ev) ? NULL : err_nomem(ev);
			}
		}
		free(cum);
		return out;
	}
	if (n == 0 && k > 0) {
		val_decref(out);
		return err_set(ev, TY_IndexError, "list index out of range");
	}
	for (int64_t i = 0; i < k; i++) {
		struct value *idx = val_int((int64_t)floor(rnd(r) * (double)n));
		struct value *item = idx ? val_getitem(ev, pop, idx) : NULL;
		val_decref(idx);
		if (!item || list_append(out, item) < 0) {
			val_decref(out);
			return err_occurred(ev) ? NULL : err_nomem(ev);
		}
	}
	return out;
}

static int two_floats(struct eval *ev, const char *name, int argc, struct value **argv, const struct kwargs *kw,
		      const char *spec, double d0, double d1, double *a, double *b)
{
	struct value *x = NULL, *y = NULL;
	if (args_parse(ev, name, argc, argv, kw, spec, &x, &y) < 0 || args_double(ev, x, d0, a) < 0 ||
	    args_double(ev, y, d1, b) < 0)
		return -1;
	return 0;
}

PYFN(r_uniform)
{
	double a, b;
	if (two_floats(ev, "uniform", argc, argv, kw, "a,b", 0, 0, &a, &b) < 0)
		return NULL;
	return val_float(a + (b - a) * rnd(PR(bi)));
}

PYFN(r_gauss)
{
	double mu, sigma;
	if (two_floats(ev, "gauss", argc, argv, kw, "|mu,sigma", 0.0, 1.0, &mu, &sigma) < 0)
		return NULL;
	struct pyrand *r = PR(bi);
	double z;
	if (r->has_gauss) {
		z = r->gauss_next;
		r->has_gauss = 0;
	} else {
		double x2pi = rnd(r) * 2.0 * M_PI, g2rad = sqrt(-2.0 * log(1.0 - rnd(r)));
		z = cos(x2pi) * g2rad;
		r->gauss_next = sin(x2pi) * g2rad;
		r->has_gauss = 1;
	}
	return val_float(mu + z * sigma);
}

PYFN(r_normalvariate)
{
	double mu, sigma, z;
	if (two_floats(ev, "normalvariate", argc, argv, kw, "|mu,sigma", 0.0, 1.0, &mu, &sigma) < 0)
		return NULL;
	const double magic = 4 * exp(-0.5) / sqrt(2.0);
	for (;;) {
		double u1 = rnd(PR(bi)), u2 = 1.0 - rnd(PR(bi));
		z = magic * (u1 - 0.5) / u2;
		if (z * z / 4.0 <= -log(u2))
			break;
	}
	return val_float(mu + z * sigma);
}

PYFN(r_expovariate)
{
	double lambd, unused;
	if (two_floats(ev, "expovariate", argc, argv, kw, "|lambd", 1.0, 0, &lambd, &unused) < 0)
		return NULL;
	if (lambd == 0)
		return err_set(ev, TY_ZeroDivisionError, "float division by zero");
	return val_float(-log(1.0 - rnd(PR(bi))) / lambd);
}

PYFN(r_triangular)
{
	struct value *lo = NULL, *hi = NULL, *mode = NULL;
	double low, high, c = 0.5;
	if (args_parse(ev, "triangular", argc, argv, kw, "|low,high,mode", &lo, &hi, &mode) < 0 ||
	    args_double(ev, lo, 0.0, &low) < 0 || args_double(ev, hi, 1.0, &high) < 0)
		return NULL;
	double u = rnd(PR(bi));
	if (mode && mode->type != VT_NONE) {
		double m;
		if (val_as_double(ev, mode, &m) < 0)
			return NULL;
		if (high == low)
			return val_float(low);
		c = (m - low) / (high - low);
	}
	if (u > c) {
		u = 1.0 - u;
		c = 1.0 - c;
		double t = low;
		low = high;
		high = t;
	}
	return val_float(low + (high - low) * sqrt(u * c));
}

static const struct pyfn random_methods[] = {
	{"seed", r_seed}, {"random", r_random}, {"getrandbits", r_getrandbits}, {"randrange", r_randrange},
	{"randint", r_randint}, {"choice", r_choice}, {"choices", r_choices}, {"shuffle", r_shuffle},
	{"sample", r_sample}, {"uniform", r_uniform}, {"gauss", r_gauss}, {"normalvariate", r_normalvariate},
	{"expovariate", r_expovariate}, {"triangular", r_triangular},
};

static struct value *random_getattr(struct eval *ev, struct value *self, const char *name)
{
	for (size_t i = 0; i < sizeof random_methods / sizeof random_methods[0]; i++)
		if (!strcmp(name, random_methods[i].name))
			return val_builtin(random_methods[i].name, random_methods[i].fn, self, NULL);
	return NULL;
}

static char *random_repr(struct eval *ev, struct value *self)
{
	struct sbuf b = {0};
	sb_printf(&b, "<random.Random object at %p>", (void *)self);
	return sb_take(&b);
}

static const struct objtype random_type = {
	.name = "random.Random", .free = free, .getattr = random_getattr, .repr = random_repr,
};

static struct value *random_new(struct eval *ev, struct value *seed)
{
	struct pyrand *r = calloc(1, sizeof *r);
	if (!r)
		return err_nomem(ev);
	if (do_seed(ev, r, seed) < 0) {
		free(r);
		return NULL;
	}
	return val_object_new(&random_type, r);
}

PYFN(r_Random)
{
	struct value *x = NULL;
	if (args_parse(ev, "Random", argc, argv, kw, "|x", &x) < 0)
		return NULL;
	return random_new(ev, x);
}

struct value *pyrandom_build(struct eval *ev, const char *name)
{
	(void)name;
	struct value *m = val_module_new("random"), *inst = random_new(ev, NULL);
	if (!m || !inst) {
		val_decref(m);
		val_decref(inst);
		return err_occurred(ev) ? NULL : err_nomem(ev);
	}
	for (size_t i = 0; i < sizeof random_methods / sizeof random_methods[0]; i++)
		if (pylib_add(ev, m, random_methods[i].name,
			      val_builtin(random_methods[i].name, random_methods[i].fn, inst, NULL)) < 0) {
			val_decref(inst);
			val_decref(m);
			return NULL;
		}
	val_decref(inst);
	if (pylib_add(ev, m, "Random", val_builtin("Random", r_Random, NULL, NULL)) < 0) {
		val_decref(m);
		return NULL;
	}
	return m;
}
