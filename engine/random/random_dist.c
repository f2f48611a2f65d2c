/*
 * random_dist.c — numpy.random's distributions of scalar parameters beyond
 * uniform and normal (exponential, gamma, poisson, binomial, geometric, the
 * continuous families, hypergeometric, logseries, zipf, vonmises, wald,
 * triangular, the noncentral ones, negative_binomial) for the legacy
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
double rnd_std_gamma(struct rsrc *s, double shape)
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
	if (!(lam >= 10)) { /* NaN too, as NumPy's test order gives */
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
int64_t rnd_binomial(struct rsrc *s, int64_t n, double p)
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

/* log(k!) for k < 126, each rounded to the nearest double (the values of
 * NumPy's logfactorial table; a 60-digit decimal ln(k!) gives them) */
static const double logfact_tab[126] = {
	0, 0, 0.69314718055994529, 1.791759469228055,
	3.1780538303479458, 4.7874917427820458, 6.5792512120101012, 8.5251613610654147,
	10.604602902745251, 12.801827480081469, 15.104412573075516, 17.502307845873887,
	19.987214495661885, 22.552163853123425, 25.19122118273868, 27.89927138384089,
	30.671860106080672, 33.505073450136891, 36.395445208033053, 39.339884187199495,
	42.335616460753485, 45.380138898476908, 48.471181351835227, 51.606675567764377,
	54.784729398112319, 58.003605222980518, 61.261701761002001, 64.557538627006338,
	67.88974313718154, 71.257038967168015, 74.658236348830158, 78.092223553315307,
	81.557959456115043, 85.054467017581516, 88.580827542197682, 92.136175603687093,
	95.719694542143202, 99.330612454787428, 102.96819861451381, 106.63176026064346,
	110.32063971475739, 114.03421178146171, 117.77188139974507, 121.53308151543864,
	125.3172711493569, 129.12393363912722, 132.95257503561632, 136.80272263732635,
	140.67392364823425, 144.5657439463449, 148.47776695177302, 152.40959258449735,
	156.3608363030788, 160.3311282166309, 164.32011226319517, 168.32744544842765,
	172.35279713916279, 176.39584840699735, 180.45629141754378, 184.53382886144948,
	188.6281734236716, 192.7390472878449, 196.86618167289001, 201.00931639928152,
	205.1681994826412, 209.34258675253685, 213.53224149456327, 217.73693411395422,
	221.95644181913033, 226.1905483237276, 230.43904356577696, 234.70172344281826,
	238.97838956183432, 243.26884900298271, 247.57291409618688, 251.89040220972319,
	256.22113555000954, 260.56494097186322, 264.92164979855278, 269.29109765101981,
	273.67312428569369, 278.06757344036612, 282.4742926876304, 286.89313329542699,
	291.32395009427029, 295.76660135076065, 300.22094864701415, 304.68685676566872,
	309.1641935801469, 313.65282994987905, 318.1526396202093, 322.66349912672615,
	327.1852877037752, 331.71788719692847, 336.26118197919845, 340.81505887079902,
	345.37940706226686, 349.95411804077025, 354.53908551944079, 359.1342053695754,
	363.73937555556347, 368.35449607240474, 372.97946888568902, 377.61419787391867,
	382.25858877306001, 386.91254912321756, 391.57598821732961, 396.24881705179155,
	400.93094827891576, 405.6222961611449, 410.32277652693733, 415.03230672824964,
	419.75080559954472, 424.47819341825709, 429.21439186665157, 433.95932399501481,
	438.71291418612117, 443.47508812091894, 448.24577274538461, 453.02489623849613,
	457.81238798127816, 462.60817852687489, 467.4121995716082, 472.22438392698058,
	477.04466549258564, 481.87297922988796,
};

/* log(k!) as NumPy's logfactorial: the table, Stirling's series (to the
 * 1/k**3 term) above it */
static double logfactorial(int64_t k)
{
	if (k < 126)
		return logfact_tab[k];
	return (k + 0.5) * log((double)k) - k + (0.9189385332046728 + (1.0 / k) * (1 / 12.0 - 1 / (360.0 * k * k)));
}

/* random_interval of either source: shuffle's masked draw in [0, max] */
static uint64_t src_interval(struct rsrc *s, uint64_t max)
{
	return s->mt ? mt_bounded(s->mt, max) : pcg_interval(s->pcg, max);
}

/* Generator's hypergeometric for small samples: a partial draw by
 * random_interval (hypergeometric_sample) */
static int64_t hyper_sample(struct rsrc *s, int64_t good, int64_t bad, int64_t sample)
{
	int64_t total = good + bad, comp = sample > total / 2 ? total - sample : sample;
	int64_t rem_total = total, rem_good = good;
	while (comp > 0 && rem_good > 0 && rem_total > rem_good) {
		--rem_total;
		if ((int64_t)src_interval(s, (uint64_t)rem_total) < rem_good)
			--rem_good;
		--comp;
	}
	if (rem_total == rem_good)
		rem_good -= comp;
	return sample > total / 2 ? rem_good : good - rem_good;
}

#define HYP_D1 1.7155277699214135
#define HYP_D2 0.8989161620588988

/* Generator's hypergeometric by Stadlober's ratio of uniforms (HRUA) */
static int64_t hyper_hrua(struct rsrc *s, int64_t good, int64_t bad, int64_t sample)
{
	int64_t popsize = good + bad, cs = sample < popsize - sample ? sample : popsize - sample;
	int64_t mingb = good < bad ? good : bad, maxgb = good < bad ? bad : good, m, K;
	double p = (double)mingb / popsize, q = (double)maxgb / popsize, mu = cs * p, a = mu + 0.5;
	double var = ((double)(popsize - cs) * cs * p * q / (popsize - 1)), c = sqrt(var + 0.5);
	double h = HYP_D1 * c + HYP_D2, g, b;
	m = (int64_t)floor((double)(cs + 1) * (mingb + 1) / (popsize + 2));
	g = logfactorial(m) + logfactorial(mingb - m) + logfactorial(cs - m) + logfactorial(maxgb - cs + m);
	b = (double)((cs < mingb ? cs : mingb) + 1);
	if (floor(a + 16 * c) < b)
		b = floor(a + 16 * c);
	for (;;) {
		double U = src_double(s), V = src_double(s), X = a + h * (V - 0.5) / U, T;
		if (X < 0.0 || X >= b)
			continue;
		K = (int64_t)floor(X);
		T = g - (logfactorial(K) + logfactorial(mingb - K) + logfactorial(cs - K) +
			 logfactorial(maxgb - cs + K));
		if (U * (4.0 - U) - 3.0 <= T)
			break;
		if (U * (U - T) >= 1)
			continue;
		if (2.0 * log(U) <= T)
			break;
	}
	if (good > bad)
		K = cs - K;
	if (cs < sample)
		K = good - K;
	return K;
}

/* legacy hypergeometric for samples up to 10 (random_hypergeometric_hyp) */
static int64_t legacy_hyp(struct rsrc *s, int64_t good, int64_t bad, int64_t sample)
{
	int64_t d1 = bad + good - sample, k = sample, z;
	double d2 = (double)(bad < good ? bad : good), y = d2;
	while (y > 0.0) {
		double u = src_double(s);
		y -= (int64_t)floor(u + y / (d1 + k));
		k--;
		if (k == 0)
			break;
	}
	z = (int64_t)(d2 - y);
	return good > bad ? sample - z : z;
}

/* legacy HRUA (random_hypergeometric_hrua, over random_loggam) */
static int64_t legacy_hrua(struct rsrc *s, int64_t good, int64_t bad, int64_t sample)
{
	int64_t mingb = good < bad ? good : bad, popsize = good + bad, maxgb = good < bad ? bad : good;
	int64_t m = sample < popsize - sample ? sample : popsize - sample, d9, Z;
	double d4 = (double)mingb / popsize, d5 = 1.0 - d4, d6 = m * d4 + 0.5;
	double d7 = sqrt((double)(popsize - m) * sample * d4 * d5 / (popsize - 1) + 0.5);
	double d8 = HYP_D1 * d7 + HYP_D2, d10, d11;
	d9 = (int64_t)floor((double)(m + 1) * (mingb + 1) / (popsize + 2));
	d10 = rand_loggam(d9 + 1) + rand_loggam(mingb - d9 + 1) + rand_loggam(m - d9 + 1) +
	      rand_loggam(maxgb - m + d9 + 1);
	d11 = (double)((m < mingb ? m : mingb) + 1);
	if (floor(d6 + 16 * d7) < d11)
		d11 = floor(d6 + 16 * d7);
	for (;;) {
		double X = src_double(s), Y = src_double(s), W = d6 + d8 * (Y - 0.5) / X, T;
		if (W < 0.0 || W >= d11)
			continue;
		Z = (int64_t)floor(W);
		T = d10 - (rand_loggam(Z + 1) + rand_loggam(mingb - Z + 1) + rand_loggam(m - Z + 1) +
			   rand_loggam(maxgb - m + Z + 1));
		if (X * (4.0 - X) - 3.0 <= T)
			break;
		if (X * (X - T) >= 1)
			continue;
		if (2.0 * log(X) <= T)
			break;
	}
	if (good > bad)
		Z = m - Z;
	if (m < sample)
		Z = good - Z;
	return Z;
}

int64_t rnd_hypergeometric(struct rsrc *s, int64_t good, int64_t bad, int64_t sample)
{
	if (s->mt) {
		if (sample > 10)
			return legacy_hrua(s, good, bad, sample);
		return sample > 0 ? legacy_hyp(s, good, bad, sample) : 0;
	}
	if (sample >= 10 && sample <= good + bad - 10)
		return hyper_hrua(s, good, bad, sample);
	return hyper_sample(s, good, bad, sample);
}

/* logseries: the Generator's log1p/expm1 form, legacy's log/exp */
static int64_t rand_logseries(struct rsrc *s, double p)
{
	double r = s->mt ? log(1.0 - p) : log1p(-p);
	for (;;) {
		double V = src_double(s), U, q;
		if (V >= p)
			return 1;
		U = src_double(s);
		q = s->mt ? 1.0 - exp(r * U) : -expm1(r * U);
		if (V <= q * q) {
			int64_t result = i64_of(floor(1 + log(V) / log(q)));
			if (result < 1 || V == 0.0)
				continue;
			return result;
		}
		return V >= q ? 1 : 2;
	}
}

/* zipf by rejection, truncated to int64; the Generator returns 1 for
 * a >= 1025 and draws U from (Umin, 1] */
static int64_t rand_zipf(struct rsrc *s, double a)
{
	double am1 = a - 1.0, b, umin = 0;
	if (!s->mt) {
		if (a >= 1025)
			return 1;
		umin = pow((double)INT64_MAX, -am1);
	}
	b = pow(2.0, am1);
	for (;;) {
		double U01 = src_double(s), U = s->mt ? 1.0 - U01 : U01 * umin + (1 - U01);
		double V = src_double(s), X = floor(pow(U, -1.0 / am1)), T;
		if (X > (double)INT64_MAX || X < 1.0)
			continue;
		T = pow(1.0 + 1.0 / X, am1);
		if (V * X * (T - 1.0) / (b - 1.0) <= T / b)
			return (int64_t)X;
	}
}

/* von Mises by Best & Fisher; the Generator wraps a normal for kappa > 1e6 */
static double rand_vonmises(struct rsrc *s, double mu, double kappa)
{
	double sv, U, V, W = 0, Y, Z, result, mod;
	if (isnan(kappa))
		return NAN;
	if (kappa < 1e-8)
		return M_PI * (2 * src_double(s) - 1);
	if (kappa < 1e-5)
		sv = 1. / kappa + kappa;
	else if (kappa <= 1e6 || s->mt) {
		double r = 1 + sqrt(1 + 4 * kappa * kappa), rho = (r - sqrt(2 * r)) / (2 * kappa);
		sv = (1 + rho * rho) / (2 * rho);
	} else {
		result = mu + sqrt(1. / kappa) * src_normal(s);
		if (result < -M_PI)
			result += 2 * M_PI;
		if (result > M_PI)
			result -= 2 * M_PI;
		return result;
	}
	for (;;) {
		U = src_double(s);
		Z = cos(M_PI * U);
		W = (1 + sv * Z) / (sv + Z);
		Y = kappa * (sv - W);
		V = src_double(s);
		if (Y * (2 - Y) - V >= 0 || log(Y / V) + 1 - Y >= 0)
			break;
	}
	U = src_double(s);
	result = acos(W);
	if (U < 0.5)
		result = -result;
	result += mu;
	mod = fmod(fabs(result) + M_PI, 2 * M_PI) - M_PI;
	return result < 0 ? -mod : mod;
}

/* noncentral chi-square: the Generator returns NaN for a NaN nonc at
 * once, legacy only after its draws of the small-df branch */
static double rand_nc_chisquare(struct rsrc *s, double df, double nonc)
{
	if (!s->mt && isnan(nonc))
		return NAN;
	if (nonc == 0)
		return 2.0 * rnd_std_gamma(s, df / 2.0);
	if (1 < df) {
		double chi2 = 2.0 * rnd_std_gamma(s, (df - 1) / 2.0);
		double n = src_normal(s) + sqrt(nonc);
		return chi2 + n * n;
	}
	int64_t i = rand_poisson(s, nonc / 2.0);
	double out = 2.0 * rnd_std_gamma(s, (df + 2 * i) / 2.0);
	return isnan(nonc) ? NAN : out;
}

/* Wald (inverse Gaussian): the Generator's cancellation-free form */
static double rand_wald(struct rsrc *s, double mean, double scale)
{
	double Y = src_normal(s), X, U;
	Y = mean * Y * Y;
	if (s->mt) {
		double mu_2l = mean / (2 * scale);
		X = mean + mu_2l * (Y - sqrt(4 * scale * Y + Y * Y));
	} else {
		double d = 1 + sqrt(1 + 4 * scale / Y);
		X = mean * (1 - 2 / d);
	}
	U = src_double(s);
	return U <= mean / (mean + X) ? X : mean * mean / X;
}

static double rand_triangular(struct rsrc *s, double left, double mode, double right)
{
	double base = right - left, leftbase = mode - left, ratio = leftbase / base;
	double leftprod = leftbase * base, rightprod = (right - mode) * base, U = src_double(s);
	if (U <= ratio)
		return left + sqrt(U * leftprod);
	return right - sqrt((1.0 - U) * rightprod);
}

/* The distributions' front ends: parameters, NumPy's checks, the draws. */

/* NumPy's parameter constraints (check_constraint / check_array_constraint) */
enum rcons { RC_NONE, RC_NON_NEGATIVE, RC_POISSON, RC_BOUNDED_0_1, RC_BOUNDED_GT_0_1, RC_POSITIVE,
	     RC_POSITIVE_NOT_NAN, RC_BOUNDED_LT_0_1, RC_GT_1, RC_GTE_1, RC_NN_LONG };

static const struct rdist_desc {
	const char *name, *fmt;  /* args_parse: the params then size */
	int np, discrete;
	double defs[3];
	enum rcons cons[3];
	const char *pname[3];
	int check_order[3];      /* which parameter NumPy checks first */
	int legacy_cons;         /* RandomState checks lcons instead */
	enum rcons lcons[3];
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
	[RD_LOGSERIES] = {"logseries", "p|size", 1, 1, {0.0}, {RC_BOUNDED_LT_0_1}, {"p"}, {0}},
	[RD_ZIPF] = {"zipf", "a|size", 1, 1, {0.0}, {RC_GT_1}, {"a"}, {0}},
	[RD_VONMISES] = {"vonmises", "mu,kappa|size", 2, 0, {0.0, 0.0}, {RC_NONE, RC_NON_NEGATIVE}, {"mu", "kappa"}, {0, 1}},
	[RD_NC_CHISQUARE] = {"noncentral_chisquare", "df,nonc|size", 2, 0, {0.0, 0.0}, {RC_POSITIVE, RC_NON_NEGATIVE},
			     {"df", "nonc"}, {0, 1}},
	[RD_NC_F] = {"noncentral_f", "dfnum,dfden,nonc|size", 3, 0, {0.0, 0.0, 0.0},
		     {RC_POSITIVE, RC_POSITIVE, RC_NON_NEGATIVE}, {"dfnum", "dfden", "nonc"}, {0, 1, 2}},
	[RD_NEG_BINOMIAL] = {"negative_binomial", "n,p|size", 2, 1, {0.0, 0.0}, {RC_POSITIVE_NOT_NAN, RC_BOUNDED_GT_0_1},
			     {"n", "p"}, {0, 1}, 1, {RC_POSITIVE, RC_BOUNDED_0_1}},
	[RD_WALD] = {"wald", "mean,scale|size", 2, 0, {0.0, 0.0}, {RC_POSITIVE, RC_POSITIVE}, {"mean", "scale"}, {0, 1}},
	[RD_TRIANGULAR] = {"triangular", "left,mode,right|size", 3, 0, {0.0, 0.0, 0.0}, {RC_NONE, RC_NONE, RC_NONE},
			   {"left", "mode", "right"}, {0, 1, 2}},
	[RD_HYPERGEOMETRIC] = {"hypergeometric", "ngood,nbad,nsample|size", 3, 1, {0.0, 0.0, 0.0},
			       {RC_NON_NEGATIVE, RC_NON_NEGATIVE, RC_NON_NEGATIVE}, {"ngood", "nbad", "nsample"},
			       {0, 1, 2}, 1, {RC_NN_LONG, RC_NON_NEGATIVE, RC_GTE_1}},
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
		case RC_POSITIVE_NOT_NAN:
			if (isnan(v))
				return err_set(ev, TY_ValueError, "%s must not be NaN", name), -1;
			if (v <= 0)
				return err_set(ev, TY_ValueError, "%s <= 0", name), -1;
			break;
		case RC_BOUNDED_LT_0_1:
			if (!(v >= 0 && v < 1))
				return err_set(ev, TY_ValueError, arr ? "%s < 0, %s >= 1 or %s contains NaNs"
								: "%s < 0, %s >= 1 or %s is NaN", name, name, name), -1;
			break;
		case RC_GT_1:
			if (!(v > 1))
				return err_set(ev, TY_ValueError, arr ? "%s <= 1 or %s contains NaNs" : "%s <= 1 or %s is NaN",
					       name, name), -1;
			break;
		case RC_GTE_1:
			if (!(v >= 1))
				return err_set(ev, TY_ValueError, arr ? "%s < 1 or %s contains NaNs" : "%s < 1 or %s is NaN",
					       name, name), -1;
			break;
		case RC_NN_LONG:
			if (v < 0)
				return err_set(ev, TY_ValueError, "%s < 0", name), -1;
			if (v > 9223372036854775807.0)
				return err_set(ev, TY_ValueError, "%s is out of bounds for long, consider using the new "
					       "generator API for 64bit integers.", name), -1;
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
		return 2.0 * rnd_std_gamma(s, a / 2.0);
	case RD_STD_T:
		n = src_normal(s);
		g = rnd_std_gamma(s, a / 2);
		return sqrt(a / 2) * n / sqrt(g);
	case RD_BETA:
		if (a <= 1.0 && b <= 1.0) {
			/* the Generator: a and b so small that only 0 or 1 can come
			 * out take one uniform (BETA_TINY_THRESHOLD) */
			if (!s->mt && a < 3e-103 && b < 3e-103)
				return (a + b) * src_double(s) < a;
			for (;;) { /* Johnk's algorithm */
				double U = src_double(s), V = src_double(s);
				double X = pow(U, 1.0 / a), Y = pow(V, 1.0 / b), XpY = X + Y;
				/* the Generator also rejects U == V == 0 */
				if (XpY <= 1.0 && (s->mt || U + V > 0.0)) {
					if (s->mt ? XpY > 0 : X > 0 && Y > 0)
						return X / XpY;
					if (!s->mt) {
						/* X or Y underflowed: X / (X + Y) from the logs */
						double delta = log(U) / a - log(V) / b;
						return delta > 0 ? exp(-log1p(exp(-delta))) : exp(delta - log1p(exp(delta)));
					}
					double lx = log(U) / a, ly = log(V) / b, lm = lx > ly ? lx : ly;
					lx -= lm;
					ly -= lm;
					return exp(lx - log(exp(lx) + exp(ly)));
				}
			}
		}
		n = rnd_std_gamma(s, a);
		g = rnd_std_gamma(s, b);
		return n / (n + g);
	default: /* RD_F */
		n = 2.0 * rnd_std_gamma(s, a / 2.0) * b;
		return n / (2.0 * rnd_std_gamma(s, b / 2.0) * a);
	}
}

double rnd_beta(struct rsrc *s, double a, double b)
{
	return draw_cont(s, RD_BETA, a, b);
}

static double draw_one(struct rsrc *s, enum rdist d, double a, double b, double c, int64_t *iv)
{
	switch (d) {
	case RD_LOGSERIES: *iv = rand_logseries(s, a); return 0;
	case RD_ZIPF: *iv = rand_zipf(s, a); return 0;
	case RD_VONMISES: return rand_vonmises(s, a, b);
	case RD_NC_CHISQUARE: return rand_nc_chisquare(s, a, b);
	case RD_NC_F: {
		double t = rand_nc_chisquare(s, a, c) * b;
		return t / (2.0 * rnd_std_gamma(s, b / 2.0) * a);
	}
	case RD_NEG_BINOMIAL: *iv = rand_poisson(s, (1 - b) / b * rnd_std_gamma(s, a)); return 0;
	case RD_WALD: return rand_wald(s, a, b);
	case RD_TRIANGULAR: return rand_triangular(s, a, b, c);
	case RD_HYPERGEOMETRIC: *iv = rnd_hypergeometric(s, (int64_t)a, (int64_t)b, (int64_t)c); return 0;
	default: break;
	}
	if (d >= RD_STD_CAUCHY)
		return draw_cont(s, d, a, b);
	switch (d) {
	case RD_EXPONENTIAL: return a * src_std_exp(s);
	case RD_STD_EXPONENTIAL: return src_std_exp(s);
	case RD_GAMMA: return b * rnd_std_gamma(s, a);
	case RD_STD_GAMMA: return rnd_std_gamma(s, a);
	case RD_POISSON: *iv = rand_poisson(s, a); return 0;
	case RD_BINOMIAL: *iv = rnd_binomial(s, (int64_t)a, b); return 0;
	default: *iv = rand_geometric(s, a); return 0;
	}
}

/* NumPy's checks before the constraints: triangular's order of its
 * three, hypergeometric's integer parameters (truncated as NumPy's int64
 * conversion does), the Generator's limit of 10**9 and the sum */
static int pre_checks(struct eval *ev, enum rdist d, struct rparam *p, int64_t n, int legacy)
{
	int arr = p[0].a || p[1].a || p[2].a;
	int64_t cnt = arr ? n : 1;
	if (d == RD_TRIANGULAR) {
		static const char *const msg[3] = {"left > mode", "mode > right", "left == right"};
		for (int k = 0; k < 3; k++)
			for (int64_t i = 0; i < cnt; i++) {
				double l = par_at(&p[0], i), m = par_at(&p[1], i), r = par_at(&p[2], i);
				if (k == 0 ? l > m : k == 1 ? m > r : l == r)
					return err_set(ev, TY_ValueError, "%s", msg[k]), -1;
			}
		return 0;
	}
	if (d != RD_HYPERGEOMETRIC)
		return 0;
	for (int k = 0; k < 3; k++) {
		if (int_param(ev, &p[k], n) < 0)
			return -1;
		if (p[k].a)
			for (int64_t i = 0; i < n; i++)
				((double *)nd_data(p[k].a))[i] = trunc(((double *)nd_data(p[k].a))[i]);
		else
			p[k].x = trunc(p[k].x);
	}
	for (int64_t i = 0; i < cnt && !legacy; i++)
		if (par_at(&p[0], i) >= 1e9 || par_at(&p[1], i) >= 1e9)
			return err_set(ev, TY_ValueError, "both ngood and nbad must be less than 1000000000"), -1;
	for (int64_t i = 0; i < cnt; i++)
		if (par_at(&p[0], i) + par_at(&p[1], i) < par_at(&p[2], i))
			return err_set(ev, TY_ValueError, "ngood + nbad < nsample"), -1;
	return 0;
}

/* triangular's order checks run as NumPy's ufuncs (greater(left, mode),
 * greater(mode, right), equal(left, right)) before any broadcast with
 * size: their broadcast errors first */
static int tri_shapes(struct eval *ev, struct value **pv)
{
	struct ndarray *a[3] = {NULL, NULL, NULL};
	static const int pairs[3][2] = {{0, 1}, {1, 2}, {0, 2}};
	int rc = 0;
	if (!is_arraylike(pv[0]) && !is_arraylike(pv[1]) && !is_arraylike(pv[2]))
		return 0;
	for (int i = 0; i < 3 && rc == 0; i++)
		if (!(a[i] = arr_asarray(ev, &backend_host, pv[i], DT_FLOAT64)))
			rc = -1;
	for (int k = 0; k < 3 && rc == 0; k++) {
		const struct ndarray *two[2] = {a[pairs[k][0]], a[pairs[k][1]]};
		int bnd;
		int64_t bsh[ND_MAXDIM];
		rc = arr_broadcast_shapes(ev, 2, two, &bnd, bsh);
	}
	for (int i = 0; i < 3; i++)
		nd_decref(a[i]);
	return rc;
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
	struct rparam p[3] = {{dd->defs[0], NULL}, {dd->defs[1], NULL}, {dd->defs[2], NULL}};
	int nd;
	int64_t shape[ND_MAXDIM], one = 1, n = 1;
	struct value *res = NULL;
	struct ndarray *h = NULL;
	if (d == RD_TRIANGULAR && tri_shapes(ev, pv) < 0)
		return NULL;
	if (rnd_parse_size(ev, sv, &nd, shape) < 0 || rnd_parse_params(ev, dd->np, pv, dd->defs, p, &nd, shape) < 0)
		return NULL;
	for (int i = 0; i < nd; i++)
		n *= shape[i];
	if (pre_checks(ev, d, p, n, src->mt != NULL) < 0)
		goto out;
	for (int k = 0; k < dd->np; k++) {
		int i = dd->check_order[k];
		enum rcons c = src->mt && dd->legacy_cons ? dd->lcons[i] : dd->cons[i];
		if (check_param(ev, &p[i], n, c, dd->pname[i]) < 0)
			goto out;
	}
	if (d == RD_BINOMIAL && int_param(ev, &p[0], n) < 0)
		goto out;
	if (d == RD_ZIPF && src->mt)
		for (int64_t i = 0; i < (p[0].a ? n : 1); i++)
			if (par_at(&p[0], i) >= 1025) {
				/* 2**(a - 1) overflows: NumPy's legacy loop never ends */
				err_set(ev, TY_ValueError, "zipf: a >= 1025 never returns in NumPy's legacy zipf "
					"(Generator.zipf gives 1 there)");
				goto out;
			}
	if (d == RD_NEG_BINOMIAL && !src->mt)
		for (int64_t i = 0; i < (p[0].a || p[1].a ? n : 1); i++) {
			/* the Poisson draw's mean must stay below POISSON_LAM_MAX */
			double nn = par_at(&p[0], i), pp = par_at(&p[1], i);
			if ((1 - pp) / pp * (nn + 10 * sqrt(nn)) > poisson_lam_max()) {
				err_set(ev, TY_ValueError, "n too large or p too small, see Generator.negative_binomial Notes");
				goto out;
			}
		}
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
		double v = draw_one(src, d, par_at(&p[0], i), par_at(&p[1], i), par_at(&p[2], i), &iv);
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
	rnd_params_free(p, 3);
	return res;
}

/* A call by the distribution's signature: its params, then size. */
struct value *rnd_dist_call(struct eval *ev, const struct backend *be, struct rsrc *src,
			    enum rdist d, int argc, struct value **argv, const struct kwargs *kw)
{
	const struct rdist_desc *dd = &rdists[d];
	struct value *v[4] = {NULL, NULL, NULL, NULL};
	if (args_parse(ev, dd->name, argc, argv, kw, dd->fmt, &v[0], &v[1], &v[2], &v[3]) < 0)
		return NULL;
	return rnd_draw_dist(ev, be, src, d, v, v[dd->np], -1);
}

