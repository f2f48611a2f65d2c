/*
 * plot_ticks.c — where ticks go and what they read, as matplotlib's default
 * AutoLocator (MaxNLocator with steps 1, 2, 2.5, 5, 10) and ScalarFormatter
 * (offset, order of magnitude, the fewest decimals that tell ticks apart,
 * U+2212 for minus) do it, and LogLocator / LogFormatterSciNotation for
 * log axes.  Pure arithmetic: owns nothing, never draws.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "plot/plot.h"

static const double staircase[] = { 0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5, 10, 20 };

static void scale_range(double vmin, double vmax, int n, double *scale, double *offset)
{
	double dv = fabs(vmax - vmin), meanv = (vmax + vmin) / 2;
	if (dv == 0) {
		*scale = 1;
		*offset = 0;
		return;
	}
	if (fabs(meanv) / dv < 100)
		*offset = 0;
	else
		*offset = copysign(pow(10, floor(log10(fabs(meanv)))), meanv);
	*scale = pow(10, floor(log10(dv / n)));
}

static int edge_close(double ms, double edge, double step, double offset)
{
	double tol = 1e-10;
	if (offset > 0) {
		double digits = log10(offset / step);
		tol = fmax(1e-10, pow(10, digits - 12));
		tol = fmin(0.4999, tol);
	}
	return fabs(ms - edge) < tol;
}

static double py_floordiv(double a, double b) { return floor(a / b); }
static double py_mod(double a, double b) { double m = fmod(a, b); if (m && ((m < 0) != (b < 0))) m += b; return m; }

static double edge_le(double x, double step, double offset)
{
	double d = py_floordiv(x, step), m = py_mod(x, step);
	return edge_close(m / step, 1, step, offset) ? d + 1 : d;
}

static double edge_ge(double x, double step, double offset)
{
	double d = py_floordiv(x, step), m = py_mod(x, step);
	return edge_close(m / step, 0, step, offset) ? d : d + 1;
}

/* MaxNLocator._raw_ticks: all ticks (may reach past the view) into v */
static int raw_ticks(double vmin, double vmax, int nbins, double *v, int max)
{
	double scale, offset;
	if (vmax < vmin) {
		double t = vmin;
		vmin = vmax;
		vmax = t;
	}
	if (vmax - vmin < 1e-300 * fmax(1, fabs(vmax))) {  /* nonsingular */
		double d = vmin == 0 ? 1 : fabs(vmin) * 0.001;
		vmin -= d;
		vmax += d;
	}
	scale_range(vmin, vmax, nbins, &scale, &offset);
	double lo = vmin - offset, hi = vmax - offset;
	double raw = (hi - lo) / nbins;
	int nst = sizeof staircase / sizeof staircase[0], istep = nst - 1;
	for (int i = 0; i < nst; i++)
		if (staircase[i] * scale >= raw) {
			istep = i;
			break;
		}
	int n = 0;
	for (int i = istep; i >= 0; i--) {
		double step = staircase[i] * scale;
		double best = py_floordiv(lo, step) * step;
		double low = edge_le(lo - best, step, offset), high = edge_ge(hi - best, step, offset);
		int cnt = 0;
		n = 0;
		for (double k = low; k <= high && n < max; k++) {
			double t = k * step + best;
			if (t <= hi && t >= lo)
				cnt++;
			v[n++] = t + offset;
		}
		if (cnt >= 2)
			break;
	}
	return n;
}

/* printf %1.Nf with matplotlib's unicode minus */
static void fmt_minus(char *dst, size_t n, const char *src)
{
	if (src[0] == '-' && strspn(src + 1, "0.") != strlen(src + 1))
		snprintf(dst, n, "\xe2\x88\x92%s", src + 1);
	else if (src[0] == '-')
		snprintf(dst, n, "%s", src + 1);  /* -0.0 reads 0.0 */
	else
		snprintf(dst, n, "%s", src);
}

int pl_ticks_linear(double lo, double hi, int nbins, double *v, int max, char lab[][64], char *off, size_t offn)
{
	double all[64];
	int n = raw_ticks(lo, hi, nbins < 1 ? 1 : nbins, all, 64);
	double vmin = fmin(lo, hi), vmax = fmax(lo, hi);
	/* ScalarFormatter._compute_offset over the ticks within the view */
	double lmin = INFINITY, lmax = -INFINITY;
	int nin = 0;
	for (int i = 0; i < n; i++)
		if (all[i] >= vmin && all[i] <= vmax) {
			lmin = fmin(lmin, all[i]);
			lmax = fmax(lmax, all[i]);
			nin++;
		}
	double offset = 0;
	if (nin && lmin != lmax && !(lmin <= 0 && lmax >= 0)) {
		double amin = fmin(fabs(lmin), fabs(lmax)), amax = fmax(fabs(lmin), fabs(lmax));
		double sign = copysign(1, lmin);
		int oom_max = (int)ceil(log10(amax)), oom = oom_max;
		for (; oom > -400; oom--)
			if (floor(amin / pow(10, oom)) != floor(amax / pow(10, oom)))
				break;
		oom += 1;
		if ((amax - amin) / pow(10, oom) <= 1e-2) {
			for (oom = oom_max; oom > -400; oom--)
				if (amax - amin >= pow(10, oom))
					break;
			oom += 1;
		}
		if (floor(amax / pow(10, oom)) >= 1000)
			offset = sign * floor(amax / pow(10, oom)) * pow(10, oom);
	}
	/* order of magnitude: scientific outside 1e-5 .. 1e6 */
	int om = 0;
	{
		int oom;
		if (offset != 0)
			oom = (int)floor(log10(vmax - vmin));
		else {
			double m = 0;
			for (int i = 0; i < n; i++)
				if (all[i] >= vmin && all[i] <= vmax)
					m = fmax(m, fabs(all[i]));
			oom = m == 0 ? 0 : (int)floor(log10(m));
		}
		if (oom <= -5 || oom >= 6)
			om = oom;
	}
	double div = pow(10, om);
	/* _set_format: decimals */
	double loc[66];
	int nl = 0;
	for (int i = 0; i < n; i++)
		loc[nl++] = (all[i] - offset) / div;
	double mn = INFINITY, mx = -INFINITY;
	for (int i = 0; i < nl; i++) {
		mn = fmin(mn, loc[i]);
		mx = fmax(mx, loc[i]);
	}
	if (nl < 2) {
		mn = fmin(mn, (vmin - offset) / div);
		mx = fmax(mx, (vmax - offset) / div);
	}
	double range = mx - mn;
	if (range == 0)
		range = fmax(fabs(mn), fabs(mx));
	if (range == 0)
		range = 1;
	int rom = (int)floor(log10(range));
	int sig = 3 - rom > 0 ? 3 - rom : 0;
	double thresh = 1e-3 * pow(10, rom);
	while (sig >= 0) {
		double worst = 0, p = pow(10, sig);
		for (int i = 0; i < nl; i++)
			worst = fmax(worst, fabs(loc[i] - nearbyint(loc[i] * p) / p));
		if (worst < thresh)
			sig--;
		else
			break;
	}
	sig++;
	int k = 0;
	for (int i = 0; i < n && k < max; i++) {
		double eps = (vmax - vmin) * 1e-10;
		if (all[i] < vmin - eps || all[i] > vmax + eps)
			continue;
		char buf[64];
		snprintf(buf, sizeof buf, "%1.*f", sig, loc[i]);
		v[k] = all[i];
		fmt_minus(lab[k], 64, buf);
		k++;
	}
	off[0] = 0;
	if (offn) {
		char a[64] = "", b[64] = "";
		if (om)
			snprintf(a, sizeof a, "1e%d", om);
		if (offset != 0) {
			char t[64];
			int e = (int)floor(log10(fabs(offset)));
			double m = offset / pow(10, e);
			if (fabs(m - nearbyint(m)) < 1e-9)
				snprintf(t, sizeof t, "%s1e%d", offset < 0 ? "-" : "+", e);
			else
				snprintf(t, sizeof t, "%+g", offset);
			fmt_minus(b, sizeof b, t[0] == '-' ? t : t);
			if (t[0] == '-')
				snprintf(b, sizeof b, "\xe2\x88\x92%.58s", t + 1);
		}
		snprintf(off, offn, "%s%s%s", a, (a[0] && b[0]) ? "" : "", b);
	}
	return k;
}

/* decades at a stride that keeps at most numticks; minor ticks 2..9 when
 * the stride is one decade */
int pl_ticks_log(double lo, double hi, int numticks, double *v, int max, char lab[][64],
		 double *minor, int *nminor, int maxminor)
{
	double vmin = fmin(lo, hi), vmax = fmax(lo, hi);
	if (vmin <= 0)
		vmin = vmax * 1e-3;
	double lmin = log10(vmin), lmax = log10(vmax);
	double numdec = floor(lmax) - ceil(lmin);
	if (numticks < 2)
		numticks = 2;
	int stride = (int)fmax(ceil(numdec / (numticks - 1)), 1);
	int k = 0, nm = 0;
	double d0 = floor(lmin / stride) * stride - stride;
	for (double d = d0; d <= ceil(lmax) + stride; d += stride) {
		double t = pow(10, d);
		if (t >= vmin * (1 - 1e-10) && t <= vmax * (1 + 1e-10) && k < max) {
			v[k] = t;
			snprintf(lab[k], 64, "10^%d", (int)d);
			k++;
		}
		if (stride == 1)
			for (int s = 2; s <= 9 && minor; s++) {
				double m = s * t;
				if (m >= vmin && m <= vmax && nm < maxminor)
					minor[nm++] = m;
			}
	}
	if (nminor)
		*nminor = nm;
	return k;
}
