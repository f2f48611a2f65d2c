/*
 * datetime.c — the datetime module's naive types: timedelta (days, seconds,
 * microseconds normalised as CPython's; arithmetic, str and repr), date and
 * datetime (proleptic Gregorian ordinals; now/today/fromtimestamp,
 * timestamp, isoformat, strftime with %f, weekday, replace; ± timedelta and
 * subtraction; comparisons and hashes).  Time zones (tzinfo) are refused
 * with NotImplementedError.  Owns each value's numbers.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include "pylib/pylib_int.h"

#define US_PER_DAY 86400000000LL

enum dkind { K_DELTA, K_DATE, K_DATETIME };
struct dtv {
	enum dkind kind;
	int64_t days;  /* delta: days; date/datetime: the ordinal (0001-01-01 is 1) */
	int64_t us;    /* microseconds in the day, 0 <= us < US_PER_DAY */
};

static const struct objtype delta_type, date_type, datetime_type;
static const struct objtype *const kind_types[] = { &delta_type, &date_type, &datetime_type };

static struct dtv *DV(struct value *v) { return v->u.obj.p; }
static int is_kind(struct value *v, enum dkind k) { return v->type == VT_OBJECT && v->u.obj.t == kind_types[k]; }

static struct value *dtv_new(struct eval *ev, enum dkind k, int64_t days, int64_t us)
{
	/* normalise us into [0, US_PER_DAY) */
	int64_t carry = us / US_PER_DAY;
	us -= carry * US_PER_DAY;
	if (us < 0) {
		us += US_PER_DAY;
		carry--;
	}
	days += carry;
	if (k == K_DELTA && (days > 999999999 || days < -999999999))
		return err_set(ev, TY_OverflowError, "days=%lld; must have magnitude <= 999999999", (long long)days);
	if (k != K_DELTA && (days < 1 || days > 3652059))
		return err_set(ev, TY_OverflowError, "date value out of range");
	struct dtv *d = malloc(sizeof *d);
	if (!d)
		return err_nomem(ev);
	d->kind = k;
	d->days = days;
	d->us = k == K_DATE ? 0 : us;
	return val_object_new(kind_types[k], d);
}

/* ---- the calendar (proleptic Gregorian, Hinnant's days_from_civil) ---- */

static int64_t days_from_civil(int64_t y, int64_t m, int64_t d)
{
	y -= m <= 2;
	int64_t era = (y >= 0 ? y : y - 399) / 400;
	int64_t yoe = y - era * 400;
	int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

static int64_t ord_of(int64_t y, int64_t m, int64_t d)
{
	return days_from_civil(y, m, d) - days_from_civil(1, 1, 1) + 1;
}

static void civil_of(int64_t ord, int64_t *y, int64_t *m, int64_t *d)
{
	int64_t z = ord - 1 + days_from_civil(1, 1, 1) + 719468;
	int64_t era = (z >= 0 ? z : z - 146096) / 146097;
	int64_t doe = z - era * 146097;
	int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	int64_t mp = (5 * doy + 2) / 153;
	*d = doy - (153 * mp + 2) / 5 + 1;
	*m = mp + (mp < 10 ? 3 : -9);
	*y = yoe + era * 400 + (*m <= 2);
}

static int dim(int64_t y, int64_t m)
{
	static const int n[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
	int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
	return m == 2 && leap ? 29 : n[m - 1];
}

static int check_ymd(struct eval *ev, int64_t y, int64_t m, int64_t d)
{
	if (y < 1 || y > 9999) {
		err_set(ev, TY_ValueError, "year %lld is out of range", (long long)y);
		return -1;
	}
	if (m < 1 || m > 12) {
		err_set(ev, TY_ValueError, "month must be in 1..12");
		return -1;
	}
	if (d < 1 || d > dim(y, m)) {
		err_set(ev, TY_ValueError, "day is out of range for month");
		return -1;
	}
	return 0;
}

static int check_hms(struct eval *ev, int64_t h, int64_t mi, int64_t s, int64_t us)
{
	const char *bad = h < 0 || h > 23 ? "hour must be in 0..23" : mi < 0 || mi > 59 ? "minute must be in 0..59"
		: s < 0 || s > 59 ? "second must be in 0..59" : us < 0 || us > 999999 ? "microsecond must be in 0..999999" : NULL;
	if (bad) {
		err_set(ev, TY_ValueError, "%s", bad);
		return -1;
	}
	return 0;
}

/* ---- timedelta ---- */

static int num_part(struct eval *ev, struct value *v, long double unit_us, long double *acc)
{
	if (!v)
		return 0;
	if (v->type == VT_INT || v->type == VT_BOOL) {
		*acc += (long double)v->u.i * unit_us;
		return 0;
	}
	double d;
	if (v->type != VT_FLOAT || val_as_double(ev, v, &d) < 0) {
		err_set(ev, TY_TypeError, "unsupported type for timedelta %s component: %s", "", val_type_name(v));
		return -1;
	}
	*acc += (long double)d * unit_us;
	return 0;
}

PYFN(td_new)
{
	struct value *a[7] = {0};
	if (args_parse(ev, "timedelta", argc, argv, kw, "|days,seconds,microseconds,milliseconds,minutes,hours,weeks",
		       &a[0], &a[1], &a[2], &a[3], &a[4], &a[5], &a[6]) < 0)
		return NULL;
	static const long double unit[7] = { 86400e6L, 1e6L, 1.0L, 1e3L, 60e6L, 3600e6L, 604800e6L };
	long double total = 0;
	for (int i = 0; i < 7; i++)
		if (num_part(ev, a[i], unit[i], &total) < 0)
			return NULL;
	long double r = rintl(total); /* round half to even, as CPython */
	if (fabsl(r) > 1e18L)
		return err_set(ev, TY_OverflowError, "days=%.0Lf; must have magnitude <= 999999999", r / 86400e6L);
	int64_t us = (int64_t)r;
	return dtv_new(ev, K_DELTA, 0, us);
}

static int64_t delta_total_us(struct dtv *d)
{
	return d->days * US_PER_DAY + d->us;
}

static char *delta_repr(struct eval *ev, struct value *self)
{
	struct dtv *d = DV(self);
	struct sbuf b = {0};
	int64_t secs = d->us / 1000000, us = d->us % 1000000;
	sb_adds(&b, "datetime.timedelta(");
	int any = 0;
	if (d->days) {
		sb_printf(&b, "days=%lld", (long long)d->days);
		any = 1;
	}
	if (secs) {
		sb_printf(&b, "%sseconds=%lld", any ? ", " : "", (long long)secs);
		any = 1;
	}
	if (us) {
		sb_printf(&b, "%smicroseconds=%lld", any ? ", " : "", (long long)us);
		any = 1;
	}
	if (!any)
		sb_addc(&b, '0');
	sb_addc(&b, ')');
	return sb_take(&b);
}

static char *delta_str(struct eval *ev, struct value *self)
{
	struct dtv *d = DV(self);
	struct sbuf b = {0};
	int64_t secs = d->us / 1000000, us = d->us % 1000000;
	if (d->days)
		sb_printf(&b, "%lld day%s, ", (long long)d->days, d->days == 1 || d->days == -1 ? "" : "s");
	sb_printf(&b, "%lld:%02lld:%02lld", (long long)(secs / 3600), (long long)(secs / 60 % 60), (long long)(secs % 60));
	if (us)
		sb_printf(&b, ".%06lld", (long long)us);
	return sb_take(&b);
}

PYFN(td_total_seconds)
{
	struct dtv *d = DV(bi->self);
	return val_float((double)((long double)delta_total_us(d) / 1e6L));
}

/* ---- date / datetime ---- */

static void split(struct dtv *d, int64_t f[7])
{
	civil_of(d->days, &f[0], &f[1], &f[2]);
	f[3] = d->us / 3600000000LL;
	f[4] = d->us / 60000000LL % 60;
	f[5] = d->us / 1000000 % 60;
	f[6] = d->us % 1000000;
}

static char *date_repr(struct eval *ev, struct value *self)
{
	int64_t f[7];
	struct dtv *d = DV(self);
	split(d, f);
	struct sbuf b = {0};
	if (d->kind == K_DATE) {
		sb_printf(&b, "datetime.date(%lld, %lld, %lld)", (long long)f[0], (long long)f[1], (long long)f[2]);
	} else {
		sb_printf(&b, "datetime.datetime(%lld, %lld, %lld, %lld, %lld", (long long)f[0], (long long)f[1],
			  (long long)f[2], (long long)f[3], (long long)f[4]);
		if (f[5] || f[6])
			sb_printf(&b, ", %lld", (long long)f[5]);
		if (f[6])
			sb_printf(&b, ", %lld", (long long)f[6]);
		sb_addc(&b, ')');
	}
	return sb_take(&b);
}

static char *iso(struct dtv *d, char sep, const char *timespec)
{
	int64_t f[7];
	split(d, f);
	struct sbuf b = {0};
	sb_printf(&b, "%04lld-%02lld-%02lld", (long long)f[0], (long long)f[1], (long long)f[2]);
	if (d->kind == K_DATETIME) {
		sb_printf(&b, "%c%02lld:%02lld:%02lld", sep, (long long)f[3], (long long)f[4], (long long)f[5]);
		if (f[6] && (!timespec || !strcmp(timespec, "auto")))
			sb_printf(&b, ".%06lld", (long long)f[6]);
		else if (timespec && !strcmp(timespec, "microseconds"))
			sb_printf(&b, ".%06lld", (long long)f[6]);
		else if (timespec && !strcmp(timespec, "milliseconds"))
			sb_printf(&b, ".%03lld", (long long)(f[6] / 1000));
	}
	return sb_take(&b);
}

static char *date_str(struct eval *ev, struct value *self)
{
	return iso(DV(self), ' ', NULL);
}

PYFN(dt_isoformat)
{
	struct value *sep = NULL, *ts = NULL;
	if (args_parse(ev, "isoformat", argc, argv, kw, "|sep,timespec", &sep, &ts) < 0)
		return NULL;
	const char *spec = ts && ts->type == VT_STR ? ts->u.str->s : NULL;
	if (spec && strcmp(spec, "auto") && strcmp(spec, "microseconds") && strcmp(spec, "milliseconds") && strcmp(spec, "seconds"))
		return err_set(ev, TY_NotImplementedError, "isoformat(timespec='%s') is not supported by Lumen", spec);
	char *s = iso(DV(bi->self), sep && sep->type == VT_STR && sep->u.str->len ? sep->u.str->s[0] : 'T', spec);
	return s ? val_str_take(s, strlen(s)) : err_nomem(ev);
}

PYFN(dt_strftime)
{
	if (argc != 1 || argv[0]->type != VT_STR)
		return err_set(ev, TY_TypeError, "strftime() argument 1 must be str");
	int64_t f[7];
	struct dtv *d = DV(bi->self);
	split(d, f);
	struct tm tm = {0};
	tm.tm_year = (int)f[0] - 1900;
	tm.tm_mon = (int)f[1] - 1;
	tm.tm_mday = (int)f[2];
	tm.tm_hour = (int)f[3];
	tm.tm_min = (int)f[4];
	tm.tm_sec = (int)f[5];
	tm.tm_wday = (int)((d->days) % 7); /* ordinal 1 is a Monday: wday 1 */
	tm.tm_yday = (int)(d->days - ord_of(f[0], 1, 1));
	tm.tm_isdst = -1;
	/* %f (microseconds) is Python's own; the rest is the C library's */
	struct sbuf fmt = {0};
	for (const char *p = argv[0]->u.str->s; *p; p++) {
		if (p[0] == '%' && p[1] == 'f') {
			sb_printf(&fmt, "%06lld", (long long)f[6]);
			p++;
		} else if (p[0] == '%' && p[1]) {
			sb_addc(&fmt, p[0]);
			sb_addc(&fmt, p[1]);
			p++;
		} else {
			sb_addc(&fmt, *p);
		}
	}
	if (!fmt.s)
		return val_cstr("");
	size_t cap = fmt.n * 4 + 256;
	char *out = malloc(cap);
	if (!out) {
		free(fmt.s);
		return err_nomem(ev);
	}
	size_t n = strftime(out, cap, fmt.s, &tm);
	free(fmt.s);
	struct value *r = val_str(out, n);
	free(out);
	return r;
}

PYFN(dt_weekday) { return val_int((DV(bi->self)->days + 6) % 7); }
PYFN(dt_isoweekday) { return val_int((DV(bi->self)->days + 6) % 7 + 1); }
PYFN(dt_toordinal) { return val_int(DV(bi->self)->days); }
PYFN(dt_date) { return dtv_new(ev, K_DATE, DV(bi->self)->days, 0); }

PYFN(dt_timestamp)
{
	int64_t f[7];
	split(DV(bi->self), f);
	struct tm tm = {0};
	tm.tm_year = (int)f[0] - 1900;
	tm.tm_mon = (int)f[1] - 1;
	tm.tm_mday = (int)f[2];
	tm.tm_hour = (int)f[3];
	tm.tm_min = (int)f[4];
	tm.tm_sec = (int)f[5];
	tm.tm_isdst = -1;
	time_t t = mktime(&tm);
	return val_float((double)t + (double)f[6] / 1e6);
}

PYFN(dt_replace)
{
	struct dtv *d = DV(bi->self);
	int64_t f[7];
	split(d, f);
	struct value *v[8] = {0};
	if (args_parse(ev, "replace", argc, argv, kw, "|year,month,day,hour,minute,second,microsecond,tzinfo",
		       &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]) < 0)
		return NULL;
	if (v[7] && v[7]->type != VT_NONE)
		return err_set(ev, TY_NotImplementedError, "datetime with tzinfo is not supported by Lumen");
	for (int i = 0; i < 7; i++)
		if (v[i] && val_as_int64(ev, v[i], &f[i]) < 0)
			return NULL;
	if (d->kind == K_DATE && (v[3] || v[4] || v[5] || v[6]))
		return err_set(ev, TY_TypeError, "replace() got an unexpected keyword argument");
	if (check_ymd(ev, f[0], f[1], f[2]) < 0 || check_hms(ev, f[3], f[4], f[5], f[6]) < 0)
		return NULL;
	return dtv_new(ev, d->kind, ord_of(f[0], f[1], f[2]),
		       ((f[3] * 60 + f[4]) * 60 + f[5]) * 1000000 + f[6]);
}

static const struct pyfn date_methods[] = {
	{"isoformat", dt_isoformat}, {"strftime", dt_strftime}, {"weekday", dt_weekday},
	{"isoweekday", dt_isoweekday}, {"toordinal", dt_toordinal}, {"replace", dt_replace},
};

static struct value *dtv_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct dtv *d = DV(self);
	if (d->kind == K_DELTA) {
		if (!strcmp(name, "days")) return val_int(d->days);
		if (!strcmp(name, "seconds")) return val_int(d->us / 1000000);
		if (!strcmp(name, "microseconds")) return val_int(d->us % 1000000);
		if (!strcmp(name, "total_seconds")) return val_builtin("total_seconds", td_total_seconds, self, NULL);
		return NULL;
	}
	int64_t f[7];
	split(d, f);
	static const char *const fields[] = {"year", "month", "day", "hour", "minute", "second", "microsecond"};
	for (int i = 0; i < (d->kind == K_DATE ? 3 : 7); i++)
		if (!strcmp(name, fields[i]))
			return val_int(f[i]);
	if (d->kind == K_DATETIME && !strcmp(name, "tzinfo"))
		return val_none();
	for (size_t i = 0; i < sizeof date_methods / sizeof date_methods[0]; i++)
		if (!strcmp(name, date_methods[i].name))
			return val_builtin(date_methods[i].name, date_methods[i].fn, self, NULL);
	if (d->kind == K_DATETIME && !strcmp(name, "date"))
		return val_builtin("date", dt_date, self, NULL);
	if (d->kind == K_DATETIME && !strcmp(name, "timestamp"))
		return val_builtin("timestamp", dt_timestamp, self, NULL);
	return NULL;
}

static struct value *dtv_binop(struct eval *ev, enum binop op, struct value *l, struct value *r)
{
	int ld = is_kind(l, K_DELTA), rd = is_kind(r, K_DELTA);
	int lt = l->type == VT_OBJECT && (l->u.obj.t == &date_type || l->u.obj.t == &datetime_type);
	int rt = r->type == VT_OBJECT && (r->u.obj.t == &date_type || r->u.obj.t == &datetime_type);
	if (op >= OP_LT) {
		if (!((ld && rd) || (lt && rt && l->u.obj.t == r->u.obj.t)))
			return op == OP_EQ ? val_bool(0) : op == OP_NE ? val_bool(1) : NULL;
		struct dtv *a = DV(l), *b = DV(r);
		int c = a->days != b->days ? (a->days < b->days ? -1 : 1) : a->us != b->us ? (a->us < b->us ? -1 : 1) : 0;
		switch (op) {
		case OP_LT: return val_bool(c < 0);
		case OP_LE: return val_bool(c <= 0);
		case OP_EQ: return val_bool(c == 0);
		case OP_NE: return val_bool(c != 0);
		case OP_GT: return val_bool(c > 0);
		default: return val_bool(c >= 0);
		}
	}
	if (ld && rd) {
		int64_t a = delta_total_us(DV(l)), b = delta_total_us(DV(r));
		switch (op) {
		case OP_ADD: return dtv_new(ev, K_DELTA, 0, a + b);
		case OP_SUB: return dtv_new(ev, K_DELTA, 0, a - b);
		case OP_TRUEDIV:
			if (!b)
				return err_set(ev, TY_ZeroDivisionError, "division by zero");
			return val_float((double)a / (double)b);
		case OP_FLOORDIV:
			if (!b)
				return err_set(ev, TY_ZeroDivisionError, "integer division or modulo by zero");
			return val_int(a / b - ((a % b != 0) && ((a < 0) != (b < 0))));
		default: return NULL;
		}
	}
	if ((ld && (r->type == VT_INT || r->type == VT_FLOAT)) || (rd && op == OP_MUL && (l->type == VT_INT || l->type == VT_FLOAT))) {
		struct value *num = ld ? r : l;
		int64_t a = delta_total_us(DV(ld ? l : r));
		double x = num->type == VT_INT ? (double)num->u.i : num->u.f;
		if (op == OP_MUL)
			return num->type == VT_INT ? dtv_new(ev, K_DELTA, 0, a * num->u.i)
						   : dtv_new(ev, K_DELTA, 0, (int64_t)rintl((long double)a * x));
		if (op == OP_TRUEDIV && ld) {
			if (x == 0)
				return err_set(ev, TY_ZeroDivisionError, "division by zero");
			return dtv_new(ev, K_DELTA, 0, (int64_t)rintl((long double)a / x));
		}
		if (op == OP_FLOORDIV && ld && num->type == VT_INT) {
			int64_t b = num->u.i;
			if (!b)
				return err_set(ev, TY_ZeroDivisionError, "integer division or modulo by zero");
			return dtv_new(ev, K_DELTA, 0, a / b - ((a % b != 0) && ((a < 0) != (b < 0))));
		}
		return NULL;
	}
	if (lt && rd && (op == OP_ADD || op == OP_SUB)) {
		struct dtv *a = DV(l), *b = DV(r);
		int s = op == OP_ADD ? 1 : -1;
		if (a->kind == K_DATE)
			return dtv_new(ev, K_DATE, a->days + s * b->days, 0);
		return dtv_new(ev, K_DATETIME, a->days + s * b->days, a->us + s * b->us);
	}
	if (ld && rt && op == OP_ADD)
		return dtv_binop(ev, op, r, l);
	if (lt && rt && op == OP_SUB && l->u.obj.t == r->u.obj.t) {
		struct dtv *a = DV(l), *b = DV(r);
		return dtv_new(ev, K_DELTA, a->days - b->days, a->us - b->us);
	}
	return NULL;
}

static struct value *dtv_unop(struct eval *ev, enum unop op, struct value *self)
{
	if (!is_kind(self, K_DELTA))
		return NULL;
	int64_t a = delta_total_us(DV(self));
	if (op == UOP_NEG)
		return dtv_new(ev, K_DELTA, 0, -a);
	if (op == UOP_POS)
		return val_incref(self);
	return NULL;
}

static int dtv_truth(struct eval *ev, struct value *self)
{
	return DV(self)->kind != K_DELTA || DV(self)->days || DV(self)->us;
}

static int dtv_hash(struct eval *ev, struct value *self, uint64_t *out)
{
	*out = (uint64_t)DV(self)->days * 1000003ULL ^ (uint64_t)DV(self)->us ^ (uint64_t)DV(self)->kind << 60;
	return 0;
}

static const struct objtype delta_type = {
	.name = "datetime.timedelta", .free = free, .getattr = dtv_getattr, .repr = delta_repr, .str = delta_str,
	.binop = dtv_binop, .unop = dtv_unop, .truth = dtv_truth, .hash = dtv_hash,
};
static const struct objtype date_type = {
	.name = "datetime.date", .free = free, .getattr = dtv_getattr, .repr = date_repr, .str = date_str,
	.binop = dtv_binop, .truth = dtv_truth, .hash = dtv_hash,
};
static const struct objtype datetime_type = {
	.name = "datetime.datetime", .free = free, .getattr = dtv_getattr, .repr = date_repr, .str = date_str,
	.binop = dtv_binop, .truth = dtv_truth, .hash = dtv_hash,
};

/* ---- the classes ---- */

static struct value *from_tm_us(struct eval *ev, enum dkind k, const struct tm *t, int64_t us)
{
	return dtv_new(ev, k, ord_of(t->tm_year + 1900, t->tm_mon + 1, t->tm_mday),
		       ((int64_t)(t->tm_hour * 60 + t->tm_min) * 60 + t->tm_sec) * 1000000 + us);
}

static struct value *now_of(struct eval *ev, enum dkind k, int utc)
{
	struct timeval tv;
	gettimeofday(&tv, NULL);
	struct tm tm;
	time_t s = tv.tv_sec;
	if (!(utc ? gmtime_r(&s, &tm) : localtime_r(&s, &tm)))
		return err_set(ev, TY_OverflowError, "timestamp out of range for platform time_t");
	return from_tm_us(ev, k, &tm, k == K_DATE ? 0 : tv.tv_usec);
}

PYFN(cls_now)
{
	struct value *tz = NULL;
	if (args_parse(ev, bi->name, argc, argv, kw, "|tz", &tz) < 0)
		return NULL;
	if (tz && tz->type != VT_NONE)
		return err_set(ev, TY_NotImplementedError, "datetime with tzinfo is not supported by Lumen");
	return now_of(ev, (enum dkind)(intptr_t)bi->data, !strcmp(bi->name, "utcnow"));
}

PYFN(cls_fromtimestamp)
{
	double t;
	if (argc < 1 || argc > 2 || val_as_double(ev, argv[0], &t) < 0)
		return err_occurred(ev) ? NULL : err_set(ev, TY_TypeError, "fromtimestamp() takes 1 or 2 arguments");
	if (argc == 2 && argv[1]->type != VT_NONE)
		return err_set(ev, TY_NotImplementedError, "datetime with tzinfo is not supported by Lumen");
	double fl = floor(t);
	int64_t us = (int64_t)rint((t - fl) * 1e6);
	time_t s = (time_t)fl;
	if (us >= 1000000) {
		s++;
		us -= 1000000;
	}
	struct tm tm;
	if (!(strcmp(bi->name, "utcfromtimestamp") ? localtime_r(&s, &tm) : gmtime_r(&s, &tm)))
		return err_set(ev, TY_OverflowError, "timestamp out of range for platform time_t");
	enum dkind k = (enum dkind)(intptr_t)bi->data;
	return from_tm_us(ev, k, &tm, k == K_DATE ? 0 : us);
}

PYFN(cls_fromordinal)
{
	int64_t n;
	if (argc != 1 || val_as_int64(ev, argv[0], &n) < 0)
		return err_occurred(ev) ? NULL : err_set(ev, TY_TypeError, "fromordinal() takes exactly one argument");
	if (n < 1)
		return err_set(ev, TY_ValueError, "ordinal must be >= 1");
	return dtv_new(ev, (enum dkind)(intptr_t)bi->data, n, 0);
}

PYFN(cls_fromisoformat)
{
	if (argc != 1 || argv[0]->type != VT_STR)
		return err_set(ev, TY_TypeError, "fromisoformat: argument must be str");
	const char *s = argv[0]->u.str->s;
	int y = 0, mo = 0, d = 0, h = 0, mi = 0, sec = 0, n = 0;
	long us = 0;
	enum dkind k = (enum dkind)(intptr_t)bi->data;
	size_t len = strlen(s);
	int ok = sscanf(s, "%4d-%2d-%2d%n", &y, &mo, &d, &n) == 3 && n == 10;
	if (ok && len > 10) {
		int m2 = 0;
		ok = k == K_DATETIME && (s[10] == 'T' || s[10] == ' ') &&
		     sscanf(s + 11, "%2d:%2d%n", &h, &mi, &m2) == 2;
		const char *p = s + 11 + m2;
		if (ok && *p == ':') {
			int m3 = 0;
			ok = sscanf(p + 1, "%2d%n", &sec, &m3) == 1;
			p += 1 + m3;
			if (ok && *p == '.') {
				int m4 = 0;
				char digits[8] = {0};
				ok = sscanf(p + 1, "%6[0-9]%n", digits, &m4) == 1 && (m4 == 3 || m4 == 6);
				if (ok) {
					us = strtol(digits, NULL, 10) * (m4 == 3 ? 1000 : 1);
					p += 1 + m4;
				}
			}
		}
		ok = ok && *p == 0;
	}
	if (!ok)
		return err_set(ev, TY_ValueError, "Invalid isoformat string: '%s'", s);
	if (check_ymd(ev, y, mo, d) < 0 || check_hms(ev, h, mi, sec, us) < 0)
		return NULL;
	return dtv_new(ev, k, ord_of(y, mo, d), (((int64_t)h * 60 + mi) * 60 + sec) * 1000000 + us);
}

static struct value *class_call(struct eval *ev, struct value *self, int argc, struct value **argv,
				const struct kwargs *kw)
{
	enum dkind k = (enum dkind)(intptr_t)self->u.obj.p;
	if (k == K_DELTA)
		return td_new(ev, NULL, argc, argv, kw);
	struct value *v[8] = {0};
	int64_t f[7] = {0, 0, 0, 0, 0, 0, 0};
	if (args_parse(ev, k == K_DATE ? "date" : "datetime", argc, argv, kw,
		       k == K_DATE ? "year,month,day" : "year,month,day|hour,minute,second,microsecond,tzinfo",
		       &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]) < 0)
		return NULL;
	if (v[7] && v[7]->type != VT_NONE)
		return err_set(ev, TY_NotImplementedError, "datetime with tzinfo is not supported by Lumen");
	for (int i = 0; i < 7; i++)
		if (v[i] && val_as_int64(ev, v[i], &f[i]) < 0)
			return NULL;
	if (check_ymd(ev, f[0], f[1], f[2]) < 0 || check_hms(ev, f[3], f[4], f[5], f[6]) < 0)
		return NULL;
	return dtv_new(ev, k, ord_of(f[0], f[1], f[2]), ((f[3] * 60 + f[4]) * 60 + f[5]) * 1000000 + f[6]);
}

static struct value *class_getattr(struct eval *ev, struct value *self, const char *name)
{
	enum dkind k = (enum dkind)(intptr_t)self->u.obj.p;
	void *data = (void *)(intptr_t)k;
	if (!strcmp(name, "__name__"))
		return val_cstr(k == K_DELTA ? "timedelta" : k == K_DATE ? "date" : "datetime");
	if (k == K_DELTA) {
		if (!strcmp(name, "min")) return dtv_new(ev, K_DELTA, -999999999, 0);
		if (!strcmp(name, "max")) return dtv_new(ev, K_DELTA, 999999999, US_PER_DAY - 1);
		if (!strcmp(name, "resolution")) return dtv_new(ev, K_DELTA, 0, 1);
		return NULL;
	}
	if (!strcmp(name, "today") || (k == K_DATETIME && (!strcmp(name, "now") || !strcmp(name, "utcnow"))))
		return val_builtin(name, cls_now, NULL, data);
	if (!strcmp(name, "fromtimestamp") || (k == K_DATETIME && !strcmp(name, "utcfromtimestamp")))
		return val_builtin(name, cls_fromtimestamp, NULL, data);
	if (!strcmp(name, "fromordinal"))
		return val_builtin(name, cls_fromordinal, NULL, data);
	if (!strcmp(name, "fromisoformat"))
		return val_builtin(name, cls_fromisoformat, NULL, data);
	if (!strcmp(name, "min")) return dtv_new(ev, k, 1, 0);
	if (!strcmp(name, "max")) return dtv_new(ev, k, 3652059, US_PER_DAY - 1);
	return NULL;
}

static char *class_repr(struct eval *ev, struct value *self)
{
	enum dkind k = (enum dkind)(intptr_t)self->u.obj.p;
	return strdup(k == K_DELTA ? "<class 'datetime.timedelta'>" : k == K_DATE ? "<class 'datetime.date'>"
								    : "<class 'datetime.datetime'>");
}

static const struct objtype class_type = {
	.name = "type", .call = class_call, .getattr = class_getattr, .repr = class_repr,
};

struct value *datetime_build(struct eval *ev, const char *name)
{
	(void)name;
	struct value *m = pylib_module(ev, "datetime", NULL, 0);
	if (m && (pylib_add(ev, m, "timedelta", val_object_new(&class_type, (void *)(intptr_t)K_DELTA)) < 0 ||
		  pylib_add(ev, m, "date", val_object_new(&class_type, (void *)(intptr_t)K_DATE)) < 0 ||
		  pylib_add(ev, m, "datetime", val_object_new(&class_type, (void *)(intptr_t)K_DATETIME)) < 0 ||
		  pylib_add(ev, m, "MINYEAR", val_int(1)) < 0 || pylib_add(ev, m, "MAXYEAR", val_int(9999)) < 0)) {
		val_decref(m);
		return NULL;
	}
	return m;
}
