/*
 * random_dist.c — numpy.random's distributions beyond uniform and normal
 * (exponential, gamma, poisson, binomial, geometric) for the legacy
 * functions and Generator methods alike: NumPy's algorithms over either
 * source (random_int.h), NumPy's parameter checks and messages, one draw
 * per element in C order on the host.  Owns nothing beyond one call.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "lang/error.h"
#include "random/random_int.h"

/* ---- more distributions: NumPy's algorithms over either source ---- */

/* standard_exponential: legacy -log(1 - U), Generator the ziggurat (or
 * -log(1 - U) too with method='inv') */
static double src_std_exp(struct rsrc *s)
{
	if (s->mt || s->exp_inv)
		return -log(1.0 - src_double(s));
	return pcg_std_exponential(s->pcg);
}

/* Marsaglia & Tsang (shape >= 1) or Johnk-style rejection (shape < 1), the
 * same steps for legacy (polar gauss, -log(1 - U)) and Generator (ziggurats) */
static double std_gamma(struct rsrc *s, double shape)
{
	double b, c, U, V, X, Y;
	if (shape == 1.0)
		return src_std_exp(s);
	if (shape == 0.0)
		return 0.0;
	if (shape < 1.0)
		for (;;) {
			U = src_double(s);
			V = src_std_exp(s);
			if (U <= 1.0 - shape) {
				X = pow(U, 1. / shape);
				if (X <= V)
					return X;
			} else {
				Y = -log((1 - U) / shape);
				X = pow(1.0 - shape + shape * Y, 1. / shape);
				if (X <= V + Y)
					return X;
			}
		}
	b = shape - 1. / 3.;
	c = 1. / sqrt(9 * b);
	for (;;) {
		do {
			X = src_normal(s);
			V = 1.0 + c * X;
		} while (V <= 0.0);
		V = V * V * V;
		U = src_double(s);
		if (U < 1.0 - 0.0331 * (X * X) * (X * X))
			return b * V;
		if (log(U) < 0.5 * X * X + b * (1. - V + log(V)))
			return b * V;
	}
}

/* A double to int64 as NumPy's C casts run on x86-64 (cvttsd2si): NaN and
 * values beyond int64 give INT64_MIN (and no undefined behaviour here). */
static int64_t i64_of(double v)
{
	return v >= -9223372036854775808.0 && v < 9223372036854775808.0 ? (int64_t)v : INT64_MIN;
}

/* log-gamma as NumPy's random_loggam (Zhang & Jin's series) */
static double rand_loggam(double x)
{
	static const double a[10] = {8.333333333333333e-02, -2.777777777777778e-03,
				     7.936507936507937e-04, -5.952380952380952e-04,
				     8.417508417508418e-04, -1.917526917526918e-03,
				     6.410256410256410e-03, -2.955065359477124e-02,
				     1.796443723688307e-01, -1.39243221690590e+00};
	double x0 = x, x2, gl, gl0;
	int64_t n = 0;
	if (x == 1.0 || x == 2.0)
		return 0.0;
	if (x <= 7.0) {
		n = (int64_t)(7 - x);
		x0 = x + n;
	}
	x2 = 1.0 / (x0 * x0);
	gl0 = a[9];
	for (int k = 8; k >= 0; k--) {
		gl0 *= x2;
		gl0 += a[k];
	}
	gl = gl0 / x0 + 0.5 * log(2 * M_PI) + (x0 - 0.5) * log(x0) - x0;
	if (x <= 7.0)
		for (int64_t k = 1; k <= n; k++) {
			gl -= log(x0 - 1.0);
			x0 -= 1.0;
		}
	return gl;
}

/* poisson: multiplication below lam 10, Hoermann's PTRS above */
static int64_t rand_poisson(struct rsrc *s, double lam)
{
	if (lam == 0)
		return 0;
	if (lam < 10) {
		double enlam = exp(-lam), prod = 1.0;
		int64_t x = 0;
		for (;;) {
			prod *= src_double(s);
			if (prod > enlam)
				x++;
			else
				return x;
		}
	}
	double slam = sqrt(lam), loglam = log(lam), b = 0.931 + 2.53 * slam;
	double a = -0.059 + 0.02483 * b, invalpha = 1.1239 + 1.1328 / (b - 3.4);
	double vr = 0.9277 - 3.6224 / (b - 2);
	for (;;) {
		double U = src_double(s) - 0.5, V = src_double(s), us = 0.5 - fabs(U);
		int64_t k = i64_of(floor((2 * a / us + b) * U + lam + 0.43));
		if (us >= 0.07 && V <= vr)
			return k;
		if (k < 0 || (us < 0.013 && V > us))
			continue;
		if (log(V) + log(invalpha) - log(a / (us * us) + b) <=
		    -lam + k * loglam - rand_loggam((double)(k + 1)))
			return k;
	}
}

/* binomial by inversion (n p <= 30), p <= 0.5 */
static int64_t binom_inversion(struct rsrc *s, int64_t n, double p)
{
	double q = 1.0 - p, qn = exp(n * log(q)), np = n * p;
	double bnd = np + 10.0 * sqrt(np * q + 1);
	int64_t bound = (double)n < bnd ? n : i64_of(bnd), x = 0;
	double px = qn, U = src_double(s);
	while (U > px) {
		x++;
		if (x > bound) {
			x = 0;
			px = qn;
			U = src_double(s);
		} else {
			U -= px;
			px = ((n - x + 1) * p * px) / (x * q);
		}
	}
	return x;
}

/* the Stirling-series tail of BTPE's final acceptance test */
static double btpe_corr(double t)
{
	double t2 = t * t;
	return (13680. - (462. - (132. - (99. - 140. / t2) / t2) / t2) / t2) / t / 166320.;
}

/* binomial by Kachitvichyanukul & Schmeiser's BTPE, p <= 0.5 */
static int64_t binom_btpe(struct rsrc *s, int64_t n, double p)
{
	double r = p < 1.0 - p ? p : 1.0 - p, q = 1.0 - r, fm = n * r + r;
	int64_t m = i64_of(floor(fm)), y, k;
	double p1 = floor(2.195 * sqrt(n * r * q) - 4.6 * q) + 0.5, xm = m + 0.5;
	double xl = xm - p1, xr = xm + p1, c = 0.134 + 20.5 / (15.3 + m), a;
	a = (fm - xl) / (fm - xl * r);
	double laml = a * (1.0 + a / 2.0);
	a = (xr - fm) / (xr * q);
	double lamr = a * (1.0 + a / 2.0);
	double p2 = p1 * (1.0 + 2.0 * c), p3 = p2 + c / laml, p4 = p3 + c / lamr;
	double nrq = n * r * q;
	for (;;) {
		double u = src_double(s) * p4, v = src_double(s);
		if (u <= p1) {
			y = i64_of(floor(xm - p1 * v + u));
			break;
		}
		if (u <= p2) {
			double x = xl + (u - p1) / c;
			v = v * c + 1.0 - fabs(m - x + 0.5) / p1;
			if (v > 1.0)
				continue;
			y = i64_of(floor(x));
		} else if (u <= p3) {
			y = i64_of(floor(xl + log(v) / laml));
			if (y < 0 || v == 0.0)
				continue;
			v = v * (u - p2) * laml;
		} else {
			y = i64_of(floor(xr - log(v) / lamr));
			if (y > n || v == 0.0)
				continue;
			v = v * (u - p3) * lamr;
		}
		k = y > m ? y - m : m - y;
		if (k <= 20 || k >= nrq / 2.0 - 1) {
			/* explicit evaluation of f(y) / f(m) */
			double sr = r / q, aa = sr * (n + 1), F = 1.0;
			if (m < y)
				for (int64_t i = m + 1; i <= y; i++)
					F *= aa / i - sr;
			else if (m > y)
				for (int64_t i = y + 1; i <= m; i++)
					F /= aa / i - sr;
			if (v > F)
				continue;
			break;
		}
		/* squeezing, then the final test by Stirling's formula */
		double rho = (k / nrq) * ((k * (k / 3.0 + 0.625) + 0.16666666666666666) / nrq + 0.5);
		double t = -k * k / (2 * nrq), A = log(v);
		if (A < t - rho)
			break;
		if (A > t + rho)
			continue;
		double x1 = y + 1, f1 = m + 1, z = n + 1 - m, w = n - y + 1;
		if (A > xm * log(f1 / x1) + (n - m + 0.5) * log(z / w) + (y - m) * log(w * r / (x1 * q)) +
			    btpe_corr(f1) + btpe_corr(z) + btpe_corr(x1) + btpe_corr(w))
			continue;
		break;
	}
	return p > 0.5 ? n - y : y;
}

/* binomial: legacy draws even for n == 0 or p == 0, Generator does not */
static int64_t rand_binomial(struct rsrc *s, int64_t n, double p)
{
	if (!s->mt && (n == 0 || p == 0.0))
		return 0;
	if (p <= 0.5)
		return p * n <= 30.0 ? binom_inversion(s, n, p) : binom_btpe(s, n, p);
	double q = 1.0 - p;
	return n - (q * n <= 30.0 ? binom_inversion(s, n, q) : binom_btpe(s, n, q));
}

/* geometric: search for p >= 1/3, else inversion (legacy of a uniform,
 * Generator of the ziggurat exponential, clamped to int64) */
static int64_t rand_geometric(struct rsrc *s, double p)
{
	if (p >= 0.333333333333333333333333) {
		double U = src_double(s), sum = p, prod = p, q = 1.0 - p;
		int64_t x = 1;
		while (U > sum) {
			prod *= q;
			sum += prod;
			x++;
		}
		return x;
	}
	if (s->mt)
		return i64_of(ceil(log(1.0 - mt_double(s->mt)) / log(1.0 - p)));
	double z = ceil(-pcg_std_exponential(s->pcg) / log1p(-p));
	return z >= 9.223372036854776e+18 ? INT64_MAX : (int64_t)z;
}

/* The distributions' front ends: parameters, NumPy's checks, the draws. */

/* NumPy's parameter constraints (check_constraint / check_array_constraint) */
enum rcons { RC_NONE, RC_NON_NEGATIVE, RC_POISSON, RC_BOUNDED_0_1, RC_BOUNDED_GT_0_1, RC_POSITIVE };

static const struct rdist_desc {
	const char *name, *fmt;  /* args_parse: the params then size */
	int np, discrete;
	double defs[2];
	enum rcons cons[2];
	const char *pname[2];
	int check_order[2];      /* which parameter NumPy checks first */
} rdists[] = {
	[RD_EXPONENTIAL] = {"exponential", "|scale,size", 1, 0, {1.0}, {RC_NON_NEGATIVE}, {"scale"}, {0}},
	[RD_STD_EXPONENTIAL] = {"standard_exponential", "|size", 0, 0, {0}, {RC_NONE}, {NULL}, {0}},
	[RD_GAMMA] = {"gamma", "shape|scale,size", 2, 0, {0.0, 1.0}, {RC_NON_NEGATIVE, RC_NON_NEGATIVE},
		      {"shape", "scale"}, {0, 1}},
	[RD_STD_GAMMA] = {"standard_gamma", "shape|size", 1, 0, {0.0}, {RC_NON_NEGATIVE}, {"shape"}, {0}},
	[RD_POISSON] = {"poisson", "|lam,size", 1, 1, {1.0}, {RC_POISSON}, {"lam"}, {0}},
	[RD_BINOMIAL] = {"binomial", "n,p|size", 2, 1, {0.0, 0.0}, {RC_NON_NEGATIVE, RC_BOUNDED_0_1},
			 {"n", "p"}, {1, 0}},
	[RD_GEOMETRIC] = {"geometric", "p|size", 1, 1, {0.0}, {RC_BOUNDED_GT_0_1}, {"p"}, {0}},
	[RD_STD_CAUCHY] = {"standard_cauchy", "|size", 0, 0, {0}, {RC_NONE}, {NULL}, {0}},
	[RD_LAPLACE] = {"laplace", "|loc,scale,size", 2, 0, {0.0, 1.0}, {RC_NONE, RC_NON_NEGATIVE}, {"loc", "scale"}, {0, 1}},
	[RD_GUMBEL] = {"gumbel", "|loc,scale,size", 2, 0, {0.0, 1.0}, {RC_NONE, RC_NON_NEGATIVE}, {"loc", "scale"}, {0, 1}},
	[RD_LOGISTIC] = {"logistic", "|loc,scale,size", 2, 0, {0.0, 1.0}, {RC_NONE, RC_NON_NEGATIVE}, {"loc", "scale"}, {0, 1}},
	[RD_LOGNORMAL] = {"lognormal", "|mean,sigma,size", 2, 0, {0.0, 1.0}, {RC_NONE, RC_NON_NEGATIVE}, {"mean", "sigma"}, {0, 1}},
	[RD_RAYLEIGH] = {"rayleigh", "|scale,size", 1, 0, {1.0}, {RC_NON_NEGATIVE}, {"scale"}, {0}},
	[RD_WEIBULL] = {"weibull", "a|size", 1, 0, {0.0}, {RC_NON_NEGATIVE}, {"a"}, {0}},
	[RD_PARETO] = {"pareto", "a|size", 1, 0, {0.0}, {RC_POSITIVE}, {"a"}, {0}},
	[RD_POWER] = {"power", "a|size", 1, 0, {0.0}, {RC_POSITIVE}, {"a"}, {0}},
	[RD_CHISQUARE] = {"chisquare", "df|size", 1, 0, {0.0}, {RC_POSITIVE}, {"df"}, {0}},
	[RD_STD_T] = {"standard_t", "df|size", 1, 0, {0.0}, {RC_POSITIVE}, {"df"}, {0}},
	[RD_F] = {"f", "dfnum,dfden|size", 2, 0, {0.0, 0.0}, {RC_POSITIVE, RC_POSITIVE}, {"dfnum", "dfden"}, {0, 1}},
	[RD_BETA] = {"beta", "a,b|size", 2, 0, {0.0, 0.0}, {RC_POSITIVE, RC_POSITIVE}, {"a", "b"}, {0, 1}},
};

/* POISSON_LAM_MAX: int64's max less ten of its square roots */
static double poisson_lam_max(void)
{
	return (double)INT64_MAX - sqrt((double)INT64_MAX) * 10;
}

/* One parameter against its constraint, NumPy's messages: a scalar's and
 * an array's differ ("is NaN" / "contains NaNs") and so does their order. */
static int check_param(struct eval *ev, const struct rparam *p, int64_t n, enum rcons c,
		       const char *name)
{
	int arr = p->a != NULL;
	int64_t cnt = arr ? n : 1;
	if (c == RC_POISSON) {
		double mx = poisson_lam_max();
		for (int pass = 0; pass < 2; pass++) {
			/* scalar: the sign first; array: the size first */
			int size_pass = arr ? pass == 0 : pass == 1;
			for (int64_t i = 0; i < cnt; i++) {
				double v = par_at(p, i);
				if (size_pass && !(v <= mx))
					return err_set(ev, TY_ValueError, "%s value too large", name), -1;
				if (!size_pass && !(v >= 0))
					return err_set(ev, TY_ValueError, arr ? "%s < 0 or %s contains NaNs"
									: "%s < 0 or %s is NaN", name, name), -1;
			}
		}
		return 0;
	}
	for (int64_t i = 0; i < cnt; i++) {
		double v = par_at(p, i);
		switch (c) {
		case RC_NON_NEGATIVE:
			if (!isnan(v) && signbit(v))
				return err_set(ev, TY_ValueError, "%s < 0", name), -1;
			break;
		case RC_POSITIVE:   /* NumPy's CONS_POSITIVE: a NaN passes */
			if (v <= 0)
				return err_set(ev, TY_ValueError, "%s <= 0", name), -1;
			break;
		case RC_BOUNDED_0_1:
			if (!(v >= 0 && v <= 1))
				return err_set(ev, TY_ValueError, arr ? "%s < 0, %s > 1 or %s contains NaNs"
								: "%s < 0, %s > 1 or %s is NaN", name, name, name), -1;
			break;
		case RC_BOUNDED_GT_0_1:
			if (!(v > 0 && v <= 1))
				return err_set(ev, TY_ValueError, "%s <= 0, %s > 1 or %s contains NaNs", name,
					       name, name), -1;
			break;
		default:
			break;
		}
	}
	return 0;
}

/* binomial's n: a C long as NumPy converts it (truncating a float) */
static int int_param(struct eval *ev, struct rparam *p, int64_t n)
{
	for (int64_t i = 0; i < (p->a ? n : 1); i++) {
		double v = par_at(p, i);
		if (isnan(v))
			return err_set(ev, TY_ValueError, "cannot convert float NaN to integer"), -1;
		if (!(v >= -9223372036854775808.0 && v < 9223372036854775808.0))
			return err_set(ev, TY_OverflowError, "Python int too large to convert to C long"), -1;
	}
	return 0;
}

/* NumPy's continuous distributions over draws of either source (the legacy
 * ones differ from the Generator's only where said); each draw made in
 * NumPy's order, one statement at a time */
static double draw_cont(struct rsrc *s, enum rdist d, double a, double b)
{
	double u, n, g;
	switch (d) {
	case RD_STD_CAUCHY:
		n = src_normal(s);
		return n / src_normal(s);
	case RD_LAPLACE:
		for (;;) {
			u = src_double(s);
			if (u >= 0.5)
				return a - b * log(2.0 - u - u);
			if (u > 0.0)
				return a + b * log(u + u);
		}
	case RD_GUMBEL:
		for (;;) {
			u = 1.0 - src_double(s);
			if (u < 1.0)
				return a - b * log(-log(u));
		}
	case RD_LOGISTIC:
		for (;;) {
			u = src_double(s);
			if (u > 0.0)
				return a + b * log(u / (1.0 - u));
		}
	case RD_LOGNORMAL:
		return exp(a + b * src_normal(s));
	case RD_RAYLEIGH:
		if (s->mt)
			return a * sqrt(-2.0 * log1p(-src_double(s)));
		return a * sqrt(2.0 * src_std_exp(s));
	case RD_WEIBULL:
		if (a == 0.0)
			return 0.0;
		return pow(src_std_exp(s), 1. / a);
	case RD_PARETO:
		if (s->mt)
			return exp(src_std_exp(s) / a) - 1;
		return expm1(src_std_exp(s) / a);
	case RD_POWER:
		if (s->mt)
			return pow(1 - exp(-src_std_exp(s)), 1. / a);
		return pow(-expm1(-src_std_exp(s)), 1. / a);
	case RD_CHISQUARE:
		return 2.0 * std_gamma(s, a / 2.0);
	case RD_STD_T:
		n = src_normal(s);
		g = std_gamma(s, a / 2);
		return sqrt(a / 2) * n / sqrt(g);
	case RD_BETA:
		if (a <= 1.0 && b <= 1.0) {
			for (;;) { /* Johnk's algorithm */
				double U = src_double(s), V = src_double(s);
				double X = pow(U, 1.0 / a), Y = pow(V, 1.0 / b), XpY = X + Y;
				/* the Generator also rejects U == V == 0 */
				if (XpY <= 1.0 && (s->mt || U + V > 0.0)) {
					if (XpY > 0)
						return X / XpY;
					double lx = log(U) / a, ly = log(V) / b, lm = lx > ly ? lx : ly;
					lx -= lm;
					ly -= lm;
					return exp(lx - log(exp(lx) + exp(ly)));
				}
			}
		}
		n = std_gamma(s, a);
		g = std_gamma(s, b);
		return n / (n + g);
	default: /* RD_F */
		n = 2.0 * std_gamma(s, a / 2.0) * b;
		return n / (2.0 * std_gamma(s, b / 2.0) * a);
	}
}

static double draw_one(struct rsrc *s, enum rdist d, double a, double b, int64_t *iv)
{
	if (d >= RD_STD_CAUCHY)
		return draw_cont(s, d, a, b);
	switch (d) {
	case RD_EXPONENTIAL: return a * src_std_exp(s);
	case RD_STD_EXPONENTIAL: return src_std_exp(s);
	case RD_GAMMA: return b * std_gamma(s, a);
	case RD_STD_GAMMA: return std_gamma(s, a);
	case RD_POISSON: *iv = rand_poisson(s, a); return 0;
	case RD_BINOMIAL: *iv = rand_binomial(s, (int64_t)a, b); return 0;
	default: *iv = rand_geometric(s, a); return 0;
	}
}

/*
 * A distribution call: params (NumPy scalars or array-likes, broadcast to
 * size when given), NumPy's checks, then one draw per element in C order.
 * float64 (int64 for the discrete ones); size=None with scalar params: a
 * Python float / int.  dt: -1, or Generator.standard_exponential's
 * DT_FLOAT64 / DT_FLOAT32.
 */
struct value *rnd_draw_dist(struct eval *ev, const struct backend *be, struct rsrc *src,
			    enum rdist d, struct value **pv, struct value *sv, int dt)
{
	const struct rdist_desc *dd = &rdists[d];
	struct rparam p[2] = {{dd->defs[0], NULL}, {dd->defs[1], NULL}};
	int nd;
	int64_t shape[ND_MAXDIM], one = 1, n = 1;
	struct value *res = NULL;
	struct ndarray *h = NULL;
	if (rnd_parse_size(ev, sv, &nd, shape) < 0 || rnd_parse_params(ev, dd->np, pv, dd->defs, p, &nd, shape) < 0)
		return NULL;
	for (int i = 0; i < nd; i++)
		n *= shape[i];
	for (int k = 0; k < dd->np; k++) {
		int i = dd->check_order[k];
		if (check_param(ev, &p[i], n, dd->cons[i], dd->pname[i]) < 0)
			goto out;
	}
	if (d == RD_BINOMIAL && int_param(ev, &p[0], n) < 0)
		goto out;
	if (!dd->discrete && dt < 0)
		dt = DT_FLOAT64;
	h = nd_new(ev, &backend_host, dd->discrete ? DT_INT64 : dt, nd < 0 ? 0 : nd, nd < 0 ? &one : shape);
	if (!h)
		goto out;
	n = nd_size(h);
	for (int64_t i = 0; i < n; i++) {
		int64_t iv = 0;
		if (dt == DT_FLOAT32) {
			((float *)nd_data(h))[i] = src->exp_inv ? -logf(1.0f - pcg_float(src->pcg))
							       : pcg_std_exponential_f(src->pcg);
			continue;
		}
		double v = draw_one(src, d, par_at(&p[0], i), par_at(&p[1], i), &iv);
		if (dd->discrete)
			((int64_t *)nd_data(h))[i] = iv;
		else
			((double *)nd_data(h))[i] = v;
		if ((i & 0xfffff) == 0xfffff && ev_check_interrupt(ev))
			goto out;
	}
	if (nd < 0)
		res = dd->discrete ? val_int(((int64_t *)nd_data(h))[0])
			: val_float(dt == DT_FLOAT32 ? ((float *)nd_data(h))[0] : ((double *)nd_data(h))[0]);
	else {
		res = rnd_deliver(ev, be, h);
		h = NULL;
	}
out:
	nd_decref(h);
	rnd_params_free(p, 2);
	return res;
}

/* A call by the distribution's signature: its params, then size. */
struct value *rnd_dist_call(struct eval *ev, const struct backend *be, struct rsrc *src,
			    enum rdist d, int argc, struct value **argv, const struct kwargs *kw)
{
	const struct rdist_desc *dd = &rdists[d];
	struct value *v[3] = {NULL, NULL, NULL};
	if (args_parse(ev, dd->name, argc, argv, kw, dd->fmt, &v[0], &v[1], &v[2]) < 0)
		return NULL;
	return rnd_draw_dist(ev, be, src, d, v, v[dd->np], -1);
}

