/*
 * dt_core.c — NumPy's datetime arithmetic on plain int64 counts: the units
 * and their metadata text ("25s"), the proleptic Gregorian calendar, casts
 * between units (floored, as NumPy casts), the common unit of two operands,
 * and ISO 8601 parsing and printing with NumPy's messages.
 *
 * Owns no values and no state; overflow is an OverflowError, never a wrap.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <strings.h>
#include <time.h>
#include "lib/datetime/dt_int.h"
#include "lang/error.h"

/* ORDER DU */
const char *const dt_unit_names[DU_COUNT] = {
	"Y", "M", "W", "D", "h", "m", "s", "ms", "us", "ns", "ps", "fs", "as", "generic",
};

typedef __int128 i128;

struct ndarray *dt_nd_new(struct eval *ev, int dtype, int ndim, const int64_t *shape)
{
	return nd_new(ev, &backend_host, dtype, ndim, shape);
}

struct ndarray *dt_asarray(struct eval *ev, struct value *v, int dtype)
{
	return arr_asarray(ev, &backend_host, v, dtype);
}

static i128 floordiv(i128 a, i128 b)
{
	i128 q = a / b;
	if ((a % b != 0) && ((a < 0) != (b < 0)))
		q--;
	return q;
}

int dt_parse_unit(const char *s, size_t n, struct dt_meta *m)
{
	int64_t num = 0;
	size_t i = 0;
	while (i < n && isdigit((unsigned char)s[i])) {
		if (num > 100000000)
			return -1;
		num = num * 10 + (s[i++] - '0');
	}
	if (i == 0)
		num = 1;
	if (num < 1)
		return -1;
	for (int u = 0; u < DU_COUNT; u++)
		if (strlen(dt_unit_names[u]) == n - i && !strncmp(s + i, dt_unit_names[u], n - i)) {
			if (u == DU_GENERIC && i)
				return -1;
			m->unit = u;
			m->num = num;
			return 0;
		}
	return -1;
}

int dt_parse_dtype_str(struct eval *ev, const char *s, char *kind, struct dt_meta *m)
{
	const char *rest;
	if (*s == '<' || *s == '=' || *s == '|')
		s++;
	if (!strncmp(s, "datetime64", 10)) {
		*kind = 'M';
		rest = s + 10;
	} else if (!strncmp(s, "timedelta64", 11)) {
		*kind = 'm';
		rest = s + 11;
	} else if ((s[0] == 'M' || s[0] == 'm') && s[1] == '8') {
		*kind = s[0];
		rest = s + 2;
	} else if ((s[0] == 'M' || s[0] == 'm') && (s[1] == '[' || !s[1])) {
		*kind = s[0];
		rest = s + 1;
	} else {
		return 0;
	}
	m->unit = DU_GENERIC;
	m->num = 1;
	if (!*rest)
		return 1;
	if (*rest != '[' || rest[strlen(rest) - 1] != ']')
		return 0;
	if (dt_parse_unit(rest + 1, strlen(rest) - 2, m) < 0) {
		err_set(ev, TY_TypeError, "Invalid datetime unit in metadata string \"%s\"", rest);
		return -1;
	}
	return 1;
}

void dt_meta_str(const struct dt_meta *m, char *buf, size_t n)
{
	if (m->num == 1 || m->unit == DU_GENERIC)
		snprintf(buf, n, "%s", dt_unit_names[m->unit]);
	else
		snprintf(buf, n, "%lld%s", (long long)m->num, dt_unit_names[m->unit]);
}

/* Howard Hinnant's civil_from_days / days_from_civil */
void dt_civil(int64_t days, int64_t *y, int *mo, int *d)
{
	/* in 128 bits: the largest int64 day counts still have a year */
	i128 z = (i128)days + 719468;
	i128 era = (z >= 0 ? z : z - 146096) / 146097;
	i128 doe = z - era * 146097;
	i128 yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	i128 doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	i128 mp = (5 * doy + 2) / 153;
	*d = (int)(doy - (153 * mp + 2) / 5 + 1);
	*mo = (int)(mp < 10 ? mp + 3 : mp - 9);
	*y = (int64_t)(yoe + era * 400 + (*mo <= 2));
}

static i128 days_from_civil(i128 y, int mo, int d)
{
	y -= mo <= 2;
	i128 era = (y >= 0 ? y : y - 399) / 400;
	i128 yoe = y - era * 400;
	i128 doy = (153 * (mo > 2 ? mo - 3 : mo + 9) + 2) / 5 + d - 1;
	i128 doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

int64_t dt_days_from_civil(int64_t y, int mo, int d)
{
	return (int64_t)days_from_civil(y, mo, d);   /* |y| < 1e15: the parser's bound */
}

/* a day count into t, flagged when it leaves 64 bits */
static void set_days(struct dt_moment *t, i128 days)
{
	t->ovf = days > INT64_MAX || days < INT64_MIN;
	t->days = t->ovf ? 0 : (int64_t)days;
}

void dt_i128_str(i128 x, char *buf, size_t n)
{
	char tmp[48];
	int k = 0, neg = x < 0;
	unsigned __int128 u = neg ? -(unsigned __int128)x : (unsigned __int128)x;
	do {
		tmp[k++] = (char)('0' + (int)(u % 10));
		u /= 10;
	} while (u);
	if (neg)
		tmp[k++] = '-';
	for (size_t i = 0; i + 1 < n && k > 0; i++) {
		buf[i] = tmp[--k];
		buf[i + 1] = 0;
	}
}

/* seconds in one h / m / s; 10^(3k) per second for ms .. as */
static int64_t unit_secs(int u) { return u == DU_h ? 3600 : u == DU_m ? 60 : 1; }
static i128 per_second(int u)
{
	i128 p = 1;
	for (int k = DU_s; k < u; k++)
		p *= 1000;
	return p;
}

void dt_to_moment(int64_t v, const struct dt_meta *m, struct dt_moment *t)
{
	i128 x = (i128)v * m->num;
	t->sod = t->as = 0;
	t->ovf = 0;
	switch (m->unit) {
	case DU_Y:
		set_days(t, days_from_civil(1970 + x, 1, 1));
		return;
	case DU_M:
		set_days(t, days_from_civil(1970 + floordiv(x, 12), (int)(x - floordiv(x, 12) * 12) + 1, 1));
		return;
	case DU_W: set_days(t, x * 7); return;
	case DU_D: case DU_GENERIC: set_days(t, x); return;
	case DU_h: case DU_m: case DU_s: {
		i128 s = x * unit_secs(m->unit);
		set_days(t, floordiv(s, 86400));
		t->sod = (int64_t)(s - floordiv(s, 86400) * 86400);
		return;
	}
	default: {
		i128 p = per_second(m->unit), s = floordiv(x, p);
		t->as = (int64_t)((x - s * p) * (per_second(DU_as) / p));
		set_days(t, floordiv(s, 86400));
		t->sod = (int64_t)(s - floordiv(s, 86400) * 86400);
	}
	}
}

static int fit(struct eval *ev, i128 x, int64_t *out)
{
	if (x > INT64_MAX || x <= INT64_MIN) {
		err_set(ev, TY_OverflowError, "Overflow converting datetime value to the unit asked for");
		return -1;
	}
	*out = (int64_t)x;
	return 0;
}

int dt_from_moment(struct eval *ev, const struct dt_moment *t, const struct dt_meta *m, int64_t *out)
{
	i128 x;
	int64_t y;
	int mo, d;
	if (t->ovf)
		return fit(ev, (i128)1 << 100, out);
	switch (m->unit) {
	case DU_Y: dt_civil(t->days, &y, &mo, &d); x = (i128)y - 1970; break;
	case DU_M: dt_civil(t->days, &y, &mo, &d); x = ((i128)y - 1970) * 12 + mo - 1; break;
	case DU_W: x = floordiv(t->days, 7); break;
	case DU_D: case DU_GENERIC: x = t->days; break;
	case DU_h: case DU_m: case DU_s:
		x = floordiv((i128)t->days * 86400 + t->sod, unit_secs(m->unit));
		break;
	default: {
		i128 p = per_second(m->unit);
		i128 s = (i128)t->days * 86400 + t->sod;
		if (s > ((i128)1 << 100) / p || s < -(((i128)1 << 100) / p))
			return fit(ev, (i128)1 << 100, out);
		x = s * p + t->as / (per_second(DU_as) / p);
	}
	}
	return fit(ev, floordiv(x, m->num), out);
}

int dt_cast_datetime(struct eval *ev, int64_t v, const struct dt_meta *a, const struct dt_meta *b,
		     int64_t *out)
{
	struct dt_moment t;
	if (v == DT_NAT || (a->unit == b->unit && a->num == b->num) || b->unit == DU_GENERIC) {
		*out = v;
		return 0;
	}
	dt_to_moment(v, a, &t);
	return dt_from_moment(ev, &t, b, out);
}

/* a unit's length in attoseconds (W .. as); months for Y and M */
static i128 unit_len(int u)
{
	switch (u) {
	case DU_Y: return 12;
	case DU_M: return 1;
	case DU_W: return (i128)7 * 86400 * per_second(DU_as);
	case DU_D: return (i128)86400 * per_second(DU_as);
	case DU_h: case DU_m: case DU_s: return (i128)unit_secs(u) * per_second(DU_as);
	default: return per_second(DU_as) / per_second(u);
	}
}

static int nonlinear(int u) { return u == DU_Y || u == DU_M; }

int dt_cast_timedelta(struct eval *ev, int64_t v, const struct dt_meta *a, const struct dt_meta *b,
		      int average, int64_t *out)
{
	i128 num, den;
	if (v == DT_NAT || (a->unit == b->unit && a->num == b->num) || b->unit == DU_GENERIC ||
	    a->unit == DU_GENERIC) {
		*out = v;
		return 0;
	}
	num = (i128)a->num * unit_len(a->unit);
	den = (i128)b->num * unit_len(b->unit);
	if (nonlinear(a->unit) != nonlinear(b->unit)) {
		/* a month of 30.436875 days: 2629746 s */
		i128 month = (i128)2629746 * per_second(DU_as);
		if (!average) {
			char sa[32], sb[32];
			dt_meta_str(a, sa, sizeof sa);
			dt_meta_str(b, sb, sizeof sb);
			err_set(ev, TY_TypeError, "Cannot cast NumPy timedelta64 scalar from metadata [%s] "
				"to [%s] according to the rule 'same_kind'", sa, sb);
			return -1;
		}
		if (nonlinear(a->unit))
			num *= month;
		else
			den *= month;
	}
	/* the quotient (i128)v * num / den, floored, without overflow for the
	 * attosecond-scale factors: reduce first */
	i128 g = num, h = den;
	while (h) {
		i128 r = g % h;
		g = h;
		h = r;
	}
	num /= g;
	den /= g;
	if (num > ((i128)1 << 62)) {
		if (v && (num > (((i128)1 << 126) / (v < 0 ? -(i128)v : v))))
			return fit(ev, (i128)1 << 100, out);
	}
	return fit(ev, floordiv((i128)v * num, den), out);
}

int dt_common_meta(struct eval *ev, char kind, const struct dt_meta *a, const struct dt_meta *b,
		   struct dt_meta *out)
{
	const struct dt_meta *f, *c;
	i128 fa, fb, g, h;
	if (a->unit == DU_GENERIC) {
		*out = *b;
		return 0;
	}
	if (b->unit == DU_GENERIC) {
		*out = *a;
		return 0;
	}
	if (a->unit == b->unit) {
		g = a->num;
		h = b->num;
		while (h) {
			i128 r = g % h;
			g = h;
			h = r;
		}
		out->unit = a->unit;
		out->num = (int64_t)g;
		return 0;
	}
	if (kind == 'm' && nonlinear(a->unit) != nonlinear(b->unit)) {
		err_set(ev, TY_TypeError, "Cannot get a common metadata divisor for Numpy datetime "
			"metadata [%s] and [%s] because they have incompatible nonlinear base time units.",
			dt_unit_names[a->unit], dt_unit_names[b->unit]);
		return -1;
	}
	f = a->unit > b->unit ? a : b;
	c = f == a ? b : a;
	if (nonlinear(f->unit) || !nonlinear(c->unit)) {
		fa = (i128)c->num * unit_len(c->unit) / unit_len(f->unit);
		fb = f->num;
		while (fb) {
			i128 r = fa % fb;
			fa = fb;
			fb = r;
		}
		out->unit = f->unit;
		out->num = (int64_t)fa;
	} else {
		*out = *f;  /* a datetime in Y/M beside one in days or finer */
	}
	return 0;
}

/* ---- ISO 8601 ---- */

static int digits(const char *s, int n, int *out)
{
	int v = 0;
	for (int i = 0; i < n; i++) {
		if (!isdigit((unsigned char)s[i]))
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	*out = v;
	return 0;
}

static int bad_at(struct eval *ev, const char *s, size_t pos)
{
	err_set(ev, TY_ValueError, "Error parsing datetime string \"%s\" at position %zu", s, pos);
	return -1;
}

static int out_of_range(struct eval *ev, const char *what, const char *s)
{
	err_set(ev, TY_ValueError, "%s out of range in datetime string \"%s\"", what, s);
	return -1;
}

int dt_parse_iso(struct eval *ev, const char *str, struct dt_moment *t, int *unit, int *nat)
{
	const char *s = str, *e;
	int64_t year = 0;
	int mo = 1, d = 1, hh = 0, mi = 0, ss = 0, neg = 0, nd = 0;
	size_t len;
	*nat = 0;
	memset(t, 0, sizeof *t);
	while (isspace((unsigned char)*s))
		s++;
	len = strlen(s);
	if (len == 0 || (len == 3 && !strncasecmp(s, "nat", 3))) {
		*nat = 1;
		*unit = DU_GENERIC;
		return 0;
	}
	if (len == 5 && !strncasecmp(s, "today", 5)) {
		time_t now = time(NULL);
		t->days = (int64_t)now / 86400;
		*unit = DU_D;
		return 0;
	}
	if (len == 3 && !strncasecmp(s, "now", 3)) {
		time_t now = time(NULL);
		t->days = (int64_t)now / 86400;
		t->sod = (int64_t)now % 86400;
		*unit = DU_s;
		return 0;
	}
	e = s + len;
	const char *p = s;
	if (*p == '-' || *p == '+') {
		neg = *p == '-';
		p++;
	}
	while (p < e && isdigit((unsigned char)*p)) {
		if (year > 100000000000000LL)
			return bad_at(ev, str, p - str);
		year = year * 10 + (*p++ - '0');
		nd++;
	}
	if (nd < 1)
		return bad_at(ev, str, p - str);
	if (neg)
		year = -year;
	*unit = DU_Y;
	if (p == e)
		goto done;
	if (*p != '-' || e - p < 3 || digits(p + 1, 2, &mo) < 0)
		return bad_at(ev, str, (p < e && *p == '-' ? p + 1 : p) - str);
	p += 3;
	if (mo < 1 || mo > 12)
		return out_of_range(ev, "Month", str);
	*unit = DU_M;
	if (p == e)
		goto done;
	if (*p != '-' || e - p < 3 || digits(p + 1, 2, &d) < 0)
		return bad_at(ev, str, (p < e && *p == '-' ? p + 1 : p) - str);
	p += 3;
	{
		static const int mdays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
		int leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
		if (d < 1 || d > mdays[mo - 1] + (mo == 2 && leap))
			return out_of_range(ev, "Day", str);
	}
	*unit = DU_D;
	if (p == e)
		goto done;
	if ((*p != 'T' && *p != ' ') || e - p < 3 || digits(p + 1, 2, &hh) < 0)
		return bad_at(ev, str, (p < e && (*p == 'T' || *p == ' ') ? p + 1 : p) - str);
	p += 3;
	if (hh > 23)
		return out_of_range(ev, "Hours", str);
	*unit = DU_h;
	if (p < e && *p == ':') {
		if (e - p < 3 || digits(p + 1, 2, &mi) < 0)
			return bad_at(ev, str, p + 1 - str);
		p += 3;
		if (mi > 59)
			return out_of_range(ev, "Minutes", str);
		*unit = DU_m;
		if (p < e && *p == ':') {
			if (e - p < 3 || digits(p + 1, 2, &ss) < 0)
				return bad_at(ev, str, p + 1 - str);
			p += 3;
			if (ss > 59)
				return out_of_range(ev, "Seconds", str);
			*unit = DU_s;
			if (p < e && *p == '.') {
				int nf = 0;
				int64_t frac = 0;
				p++;
				while (p < e && isdigit((unsigned char)*p) && nf < 18) {
					frac = frac * 10 + (*p++ - '0');
					nf++;
				}
				if (!nf)
					return bad_at(ev, str, p - str);
				for (int k = nf; k < 18; k++)
					frac *= 10;
				t->as = frac;
				*unit = DU_s + (nf + 2) / 3;
			}
		}
	}
	if (p < e) {
		/* a time zone: Z or +hh[:mm] / -hh[mm], applied and warned about */
		int oh = 0, om = 0, sign = 1;
		if (*p == 'Z' && p + 1 == e) {
			p++;
		} else if ((*p == '+' || *p == '-') && e - p >= 3 && digits(p + 1, 2, &oh) == 0) {
			sign = *p == '-' ? -1 : 1;
			p += 3;
			if (p < e && *p == ':')
				p++;
			if (e - p == 2 && digits(p, 2, &om) == 0)
				p += 2;
			if (p != e)
				return bad_at(ev, str, p - str);
		} else {
			return bad_at(ev, str, p - str);
		}
		ev_warn(ev, "UserWarning", "no explicit representation of timezones available for np.datetime64");
		t->days = dt_days_from_civil(year, mo, d);
		int64_t secs = (int64_t)hh * 3600 + mi * 60 + ss - sign * ((int64_t)oh * 3600 + om * 60);
		t->days += secs >= 0 ? secs / 86400 : -((-secs + 86399) / 86400);
		t->sod = secs - (secs >= 0 ? secs / 86400 : -((-secs + 86399) / 86400)) * 86400;
		return 0;
	}
done:
	t->days = dt_days_from_civil(year, mo, d);
	t->sod = (int64_t)hh * 3600 + mi * 60 + ss;
	return 0;
}

void dt_format_iso(const struct dt_moment *t, int unit, char *buf, size_t n)
{
	int64_t y;
	int mo, d;
	size_t k;
	dt_civil(t->days, &y, &mo, &d);
	k = (size_t)snprintf(buf, n, "%04lld", (long long)y);
	if (unit >= DU_M && k < n)
		k += (size_t)snprintf(buf + k, n - k, "-%02d", mo);
	if (unit >= DU_W && k < n)
		k += (size_t)snprintf(buf + k, n - k, "-%02d", d);
	if (unit >= DU_h && k < n)
		k += (size_t)snprintf(buf + k, n - k, "T%02d", (int)(t->sod / 3600));
	if (unit >= DU_m && k < n)
		k += (size_t)snprintf(buf + k, n - k, ":%02d", (int)(t->sod / 60 % 60));
	if (unit >= DU_s && k < n)
		k += (size_t)snprintf(buf + k, n - k, ":%02d", (int)(t->sod % 60));
	if (unit >= DU_ms && unit <= DU_as && k < n) {
		char frac[24];
		int nd = 3 * (unit - DU_s);
		snprintf(frac, sizeof frac, "%018lld", (long long)t->as);
		frac[nd] = 0;
		snprintf(buf + k, n - k, ".%s", frac);
	}
}

void dt_iso_of(int64_t v, const struct dt_meta *m, char *buf, size_t n)
{
	struct dt_moment t;
	if (v == DT_NAT) {
		snprintf(buf, n, "NaT");
		return;
	}
	if (m->unit == DU_Y || m->unit == DU_M) {
		i128 x = (i128)v * m->num, y = m->unit == DU_Y ? 1970 + x : 1970 + floordiv(x, 12);
		char ys[48];
		dt_i128_str(y < 0 ? -y : y, ys, sizeof ys);
		/* "%04lld" with the sign inside the width, as NumPy */
		int width = y < 0 ? 3 : 4, len = (int)strlen(ys);
		snprintf(buf, n, "%s%.*s%s", y < 0 ? "-" : "", len < width ? width - len : 0, "0000", ys);
		if (m->unit == DU_M && strlen(buf) + 4 < n)
			snprintf(buf + strlen(buf), n - strlen(buf), "-%02d", (int)(x - floordiv(x, 12) * 12) + 1);
		return;
	}
	dt_to_moment(v, m, &t);
	if (t.ovf) {
		snprintf(buf, n, "(a date beyond 64-bit days)");
		return;
	}
	dt_format_iso(&t, m->unit, buf, n);
}

int dt_lossless_unit(const struct dt_moment *t)
{
	if (t->as) {
		int u = DU_as;
		int64_t a = t->as;
		while (u > DU_ms && a % 1000 == 0) {
			a /= 1000;
			u--;
		}
		return u;
	}
	if (t->sod % 60)
		return DU_s;
	return t->sod ? DU_m : DU_D;   /* midnight: the date alone */
}
