/*
 * dt_busday.c — NumPy's business-day functions: np.busdaycalendar (a
 * weekmask and a sorted list of holidays off the weekend), np.is_busday,
 * np.busday_offset (with every roll rule) and np.busday_count, on day
 * counts from 1970-01-01 (1970-01-01 was a Thursday).
 *
 * Owns the busdaycalendar objects; host only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/datetime/dt_int.h"
#include "lang/args.h"
#include "lang/error.h"

struct bdcal {
	uint8_t mask[7];      /* Monday first */
	int64_t *hol;         /* sorted, unique, all on weekmask days */
	int64_t nhol;
};

static const struct objtype cal_type;

static int weekday(int64_t days)
{
	int64_t w = days % 7 + 3;   /* 1970-01-01: Thursday (3) */
	return (int)((w % 7 + 7) % 7);
}

struct ndarray *dt_days_of(struct eval *ev, struct value *v, int *scalar)
{
	struct dt_meta day = { DU_D, 1 };
	struct dt_val *d = dt_val_of(v);
	struct value *c;
	struct ndarray *a;
	*scalar = d ? d->scalar : !(v->type == VT_LIST || v->type == VT_TUPLE || arr_borrow(v));
	if (d && d->kind != 'M')
		return err_set(ev, TY_TypeError, "Cannot cast NumPy timedelta64 to datetime64[D]");
	c = d ? dt_astype(ev, v, 'M', &day) : dt_from_obj(ev, v, 'M', &day, 1);
	if (!c)
		return NULL;
	a = dt_items(ev, dt_val_of(c));
	val_decref(c);
	return a;
}

static const char *const day_names[7] = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};

static int parse_weekmask(struct eval *ev, struct value *w, uint8_t *mask)
{
	static const uint8_t def[7] = {1, 1, 1, 1, 1, 0, 0};
	if (!w || w->type == VT_NONE) {
		memcpy(mask, def, 7);
		return 0;
	}
	if (w->type == VT_STR) {
		const char *s = w->u.str->s;
		size_t n = strlen(s);
		if (n == 7 && strspn(s, "01") == 7) {
			for (int i = 0; i < 7; i++)
				mask[i] = s[i] == '1';
			return 0;
		}
		memset(mask, 0, 7);
		for (size_t i = 0; i < n;) {
			int k;
			if (s[i] == ' ') {
				i++;
				continue;
			}
			for (k = 0; k < 7; k++)
				if (!strncmp(s + i, day_names[k], 3))
					break;
			if (k == 7) {
				err_set(ev, TY_ValueError, "Invalid business day weekmask string \"%s\"", s);
				return -1;
			}
			mask[k] = 1;
			i += 3;
		}
		return 0;
	}
	if (w->type == VT_LIST || w->type == VT_TUPLE || arr_borrow(w)) {
		struct ndarray *a = dt_asarray(ev, w, DT_INT64), *c;
		if (!a)
			return -1;
		if (a->ndim != 1 || a->shape[0] != 7) {
			nd_decref(a);
			err_set(ev, TY_ValueError, "A business day weekmask array must have length 7");
			return -1;
		}
		if (!(c = arr_host_c(ev, a, DT_INT64))) {
			nd_decref(a);
			return -1;
		}
		for (int i = 0; i < 7; i++) {
			int64_t x = ((int64_t *)nd_data(c))[i];
			mask[i] = x != 0;
		}
		nd_decref(c);
		nd_decref(a);
		return 0;
	}
	err_set(ev, TY_TypeError, "weekmask must be a string or a sequence of 7 ones and zeros");
	return -1;
}

static int cmp64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return x < y ? -1 : x > y;
}

/* weekmask + holidays (or a calendar) into cal; -1 with the error set */
static int make_cal(struct eval *ev, const char *fname, struct value *weekmask, struct value *holidays,
		    struct value *busdaycal, struct bdcal *cal)
{
	int sc;
	memset(cal, 0, sizeof *cal);
	if (busdaycal && busdaycal->type != VT_NONE) {
		struct bdcal *b;
		if ((weekmask && weekmask->type != VT_NONE) || (holidays && holidays->type != VT_NONE)) {
			err_set(ev, TY_ValueError, "Cannot supply both the weekmask/holidays and the "
				"busdaycal parameters to %s()", fname);
			return -1;
		}
		if (busdaycal->type != VT_OBJECT || busdaycal->u.obj.t != &cal_type) {
			err_set(ev, TY_TypeError, "busdaycal parameter must be a busdaycalendar");
			return -1;
		}
		b = busdaycal->u.obj.p;
		memcpy(cal->mask, b->mask, 7);
		if (b->nhol) {
			if (!(cal->hol = malloc(sizeof(int64_t) * b->nhol)))
				return err_nomem(ev), -1;
			memcpy(cal->hol, b->hol, sizeof(int64_t) * b->nhol);
			cal->nhol = b->nhol;
		}
		return 0;
	}
	if (parse_weekmask(ev, weekmask, cal->mask) < 0)
		return -1;
	if (!memchr(cal->mask, 1, 7)) {
		err_set(ev, TY_ValueError, "Cannot construct a numpy.busdaycal with a weekmask of all zeros");
		return -1;
	}
	if (holidays && holidays->type != VT_NONE) {
		struct ndarray *h = dt_days_of(ev, holidays, &sc);
		int64_t n, k = 0;
		if (!h)
			return -1;
		n = nd_size(h);
		if (!(cal->hol = malloc(sizeof(int64_t) * (n ? n : 1)))) {
			nd_decref(h);
			return err_nomem(ev), -1;
		}
		memcpy(cal->hol, nd_data(h), sizeof(int64_t) * n);
		nd_decref(h);
		qsort(cal->hol, n, sizeof(int64_t), cmp64);
		for (int64_t i = 0; i < n; i++) {
			int64_t x = cal->hol[i];
			if (x == DT_NAT || !cal->mask[weekday(x)] || (k && cal->hol[k - 1] == x))
				continue;
			cal->hol[k++] = x;
		}
		cal->nhol = k;
	}
	return 0;
}

/* the number of holidays before day d (binary search) */
static int64_t hol_before(const struct bdcal *c, int64_t d)
{
	int64_t lo = 0, hi = c->nhol;
	while (lo < hi) {
		int64_t mid = lo + (hi - lo) / 2;
		if (c->hol[mid] < d)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int is_holiday(const struct bdcal *c, int64_t d)
{
	int64_t i = hol_before(c, d);
	return i < c->nhol && c->hol[i] == d;
}

static int is_bus(const struct bdcal *c, int64_t d)
{
	return c->mask[weekday(d)] && !is_holiday(c, d);
}

static void cal_free(void *p)
{
	struct bdcal *c = p;
	free(c->hol);
	free(c);
}

/* np.busdaycalendar(weekmask='1111100', holidays=None) */
static struct value *fn_busdaycalendar(struct eval *ev, const struct builtin *bi, int argc,
				       struct value **argv, const struct kwargs *kw)
{
	struct value *weekmask = NULL, *holidays = NULL;
	struct bdcal *c;
	(void)bi;
	if (args_parse(ev, "busdaycalendar", argc, argv, kw, "|weekmask,holidays", &weekmask, &holidays) < 0)
		return NULL;
	if (!(c = calloc(1, sizeof *c)))
		return err_nomem(ev);
	if (make_cal(ev, "busdaycalendar", weekmask, holidays, NULL, c) < 0) {
		cal_free(c);
		return NULL;
	}
	return val_object_new(&cal_type, c);
}

static struct value *cal_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct bdcal *c = self->u.obj.p;
	if (!strcmp(name, "weekmask")) {
		int64_t n = 7;
		struct ndarray *a = dt_nd_new(ev, DT_BOOL, 1, &n);
		if (!a)
			return NULL;
		memcpy(nd_data(a), c->mask, 7);
		return arr_wrap(ev, a);
	}
	if (!strcmp(name, "holidays")) {
		struct dt_meta day = { DU_D, 1 };
		int64_t n = c->nhol;
		struct ndarray *a = dt_nd_new(ev, DT_INT64, 1, &n);
		if (!a)
			return NULL;
		if (n)
			memcpy(nd_data(a), c->hol, sizeof(int64_t) * n);
		return dt_val_new(ev, 'M', &day, 0, a);
	}
	return NULL;
}

static char *cal_repr(struct eval *ev, struct value *self)
{
	char buf[64], *s;
	snprintf(buf, sizeof buf, "<numpy.busdaycalendar object at %p>", (void *)self);
	s = strdup(buf);
	return s ? s : err_nomem(ev);
}

static const char *const cal_attrs[] = {"weekmask", "holidays", NULL};
static const struct objtype cal_type = {
	.name = "busdaycalendar", .free = cal_free, .getattr = cal_getattr, .repr = cal_repr,
	.attrs = cal_attrs,
};

static struct value *wrap_out(struct eval *ev, struct ndarray *o, int scalar, char kind)
{
	struct dt_meta day = { DU_D, 1 };
	if (kind == 'M')
		return dt_val_new(ev, 'M', &day, scalar, o);
	if (!o)
		return NULL;
	return scalar ? arr_result(ev, o) : arr_wrap(ev, o);
}

/* np.is_busday(dates, weekmask, holidays, busdaycal, out) */
static struct value *fn_is_busday(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	struct value *dates = NULL, *weekmask = NULL, *holidays = NULL, *busdaycal = NULL, *out = NULL;
	struct bdcal cal;
	struct ndarray *d, *o;
	int sc;
	(void)bi;
	if (args_parse(ev, "is_busday", argc, argv, kw, "dates|weekmask,holidays,busdaycal,out",
		       &dates, &weekmask, &holidays, &busdaycal, &out) < 0)
		return NULL;
	if (out && out->type != VT_NONE)
		return err_set(ev, TY_NotImplementedError, "is_busday(out=): not supported by Lumen");
	if (make_cal(ev, "is_busday", weekmask, holidays, busdaycal, &cal) < 0)
		return NULL;
	if (!(d = dt_days_of(ev, dates, &sc))) {
		free(cal.hol);
		return NULL;
	}
	o = dt_nd_new(ev, DT_BOOL, d->ndim, d->shape);
	for (int64_t i = 0; o && i < nd_size(d); i++) {
		int64_t x = ((int64_t *)nd_data(d))[i];
		((uint8_t *)nd_data(o))[i] = x != DT_NAT && is_bus(&cal, x);
	}
	nd_decref(d);
	free(cal.hol);
	return wrap_out(ev, o, sc, 'b');
}

/* the broadcast pair (a, b) as C-contiguous int64 host arrays */
static int pair(struct eval *ev, struct ndarray **a, struct ndarray **b)
{
	const struct ndarray *in[2] = { *a, *b };
	int ndim;
	int64_t shape[ND_MAXDIM];
	struct ndarray *x = NULL, *y = NULL, *cx = NULL, *cy = NULL;
	if (arr_broadcast_shapes(ev, 2, in, &ndim, shape) < 0 ||
	    !(x = arr_broadcast_to(ev, *a, ndim, shape)) || !(y = arr_broadcast_to(ev, *b, ndim, shape)) ||
	    !(cx = arr_host_c(ev, x, DT_INT64)) || !(cy = arr_host_c(ev, y, DT_INT64))) {
		nd_decref(x);
		nd_decref(y);
		nd_decref(cx);
		return -1;
	}
	nd_decref(x);
	nd_decref(y);
	nd_decref(*a);
	nd_decref(*b);
	*a = cx;
	*b = cy;
	return 0;
}

enum roll { R_RAISE, R_NAT, R_FORWARD, R_BACKWARD, R_MODFOLLOW, R_MODPRECEDE };

static int month_of(int64_t days)
{
	int64_t y;
	int m, d;
	dt_civil(days, &y, &m, &d);
	return m;
}

/* np.busday_offset(dates, offsets, roll='raise', weekmask, holidays, busdaycal, out) */
static struct value *fn_busday_offset(struct eval *ev, const struct builtin *bi, int argc,
				      struct value **argv, const struct kwargs *kw)
{
	struct value *dates = NULL, *offsets = NULL, *rollv = NULL, *weekmask = NULL, *holidays = NULL,
		     *busdaycal = NULL, *out = NULL, *res = NULL;
	struct bdcal cal = {{0}, NULL, 0};
	struct ndarray *d = NULL, *off = NULL, *o = NULL;
	enum roll roll = R_RAISE;
	int sc, nbus;
	(void)bi;
	if (args_parse(ev, "busday_offset", argc, argv, kw,
		       "dates,offsets|roll,weekmask,holidays,busdaycal,out", &dates, &offsets, &rollv,
		       &weekmask, &holidays, &busdaycal, &out) < 0)
		return NULL;
	if (out && out->type != VT_NONE)
		return err_set(ev, TY_NotImplementedError, "busday_offset(out=): not supported by Lumen");
	if (rollv && rollv->type == VT_STR) {
		static const struct { const char *n; enum roll r; } rolls[] = {
			{"raise", R_RAISE}, {"nat", R_NAT}, {"forward", R_FORWARD}, {"following", R_FORWARD},
			{"backward", R_BACKWARD}, {"preceding", R_BACKWARD},
			{"modifiedfollowing", R_MODFOLLOW}, {"modifiedpreceding", R_MODPRECEDE},
		};
		size_t i;
		for (i = 0; i < sizeof rolls / sizeof rolls[0]; i++)
			if (!strcmp(rollv->u.str->s, rolls[i].n))
				break;
		if (i == sizeof rolls / sizeof rolls[0])
			return err_set(ev, TY_ValueError, "Invalid business day roll parameter \"%s\"",
				       rollv->u.str->s);
		roll = rolls[i].r;
	} else if (rollv && rollv->type != VT_NONE) {
		return err_set(ev, TY_TypeError, "roll must be a string");
	}
	if (make_cal(ev, "busday_offset", weekmask, holidays, busdaycal, &cal) < 0)
		return NULL;
	nbus = 0;
	for (int i = 0; i < 7; i++)
		nbus += cal.mask[i];
	if (!(d = dt_days_of(ev, dates, &sc)))
		goto out;
	if (!(off = dt_asarray(ev, offsets, -1)))
		goto out;
	if (dt_is_complex(off->dtype)) {
		err_set(ev, TY_TypeError, "Cannot cast array data from dtype('%s') to dtype('int64') "
			"according to the rule 'unsafe'", dtype_table[off->dtype].name);
		goto out;
	}
	sc = sc && off->ndim == 0;
	if (pair(ev, &d, &off) < 0 || !(o = dt_nd_new(ev, DT_INT64, d->ndim, d->shape)))
		goto out;
	for (int64_t i = 0; i < nd_size(o); i++) {
		int64_t x = ((int64_t *)nd_data(d))[i], k = ((int64_t *)nd_data(off))[i];
		int64_t *y = (int64_t *)nd_data(o) + i;
		if (k > ((int64_t)1 << 53) || k < -((int64_t)1 << 53) ||
		    (x != DT_NAT && (x > INT64_MAX / 4 || x < INT64_MIN / 4))) {
			err_set(ev, TY_OverflowError, "busday_offset: the offset leaves the range of dates");
			goto out;
		}
		if (x == DT_NAT) {
			if (roll == R_RAISE) {
				err_set(ev, TY_ValueError, "NaT input in busday_offset");
				goto out;
			}
			*y = DT_NAT;
			continue;
		}
		if (!is_bus(&cal, x)) {
			int64_t f = x, b = x;
			switch (roll) {
			case R_RAISE:
				err_set(ev, TY_ValueError, "Non-business day date in busday_offset");
				goto out;
			case R_NAT:
				*y = DT_NAT;
				continue;
			case R_FORWARD: case R_MODFOLLOW:
				while (!is_bus(&cal, f))
					f++;
				if (roll == R_MODFOLLOW && month_of(f) != month_of(x)) {
					while (!is_bus(&cal, b))
						b--;
					f = b;
				}
				x = f;
				break;
			case R_BACKWARD: case R_MODPRECEDE:
				while (!is_bus(&cal, b))
					b--;
				if (roll == R_MODPRECEDE && month_of(b) != month_of(x)) {
					while (!is_bus(&cal, f))
						f++;
					b = f;
				}
				x = b;
				break;
			}
		}
		/* whole weeks first, then the holidays they passed and the rest
		 * day by day: never more steps than a few weeks and the holidays */
		if (k > nbus || -k > nbus) {
			int64_t w = ((k > 0 ? k : -k) - 1) / nbus, x0 = x, jump;
			if (__builtin_mul_overflow(w, (int64_t)7, &jump) ||
			    __builtin_add_overflow(x, k > 0 ? jump : -jump, &x) || x > INT64_MAX / 2 || x < INT64_MIN / 2) {
				err_set(ev, TY_OverflowError, "busday_offset: the offset leaves the range of dates");
				goto out;
			}
			k += k > 0 ? -w * nbus : w * nbus;
			/* the holidays the weeks passed over: (x0, x] forward, [x, x0) back */
			if (k > 0)
				k += hol_before(&cal, x + 1) - hol_before(&cal, x0 + 1);
			else
				k -= hol_before(&cal, x0) - hol_before(&cal, x);
		}
		while (k > 0) {
			x++;
			if (is_bus(&cal, x))
				k--;
		}
		while (k < 0) {
			x--;
			if (is_bus(&cal, x))
				k++;
		}
		*y = x;
	}
	res = wrap_out(ev, o, sc, 'M');
	o = NULL;
out:
	free(cal.hol);
	nd_decref(d);
	nd_decref(off);
	nd_decref(o);
	return res;
}

/* business days in [a, b) */
static int64_t count_between(const struct bdcal *c, int64_t a, int64_t b)
{
	__int128 days = (__int128)b - a, wk, n;
	int per = 0;
	if (days <= 0)
		return 0;
	for (int i = 0; i < 7; i++)
		per += c->mask[i];
	wk = days / 7;
	n = wk * per;
	for (__int128 x = a + wk * 7; x < b; x++)
		n += c->mask[weekday((int64_t)x)];
	n -= hol_before(c, b) - hol_before(c, a);
	return (int64_t)n;
}

/* np.busday_count(begindates, enddates, weekmask, holidays, busdaycal, out) */
static struct value *fn_busday_count(struct eval *ev, const struct builtin *bi, int argc,
				     struct value **argv, const struct kwargs *kw)
{
	struct value *bd = NULL, *ed = NULL, *weekmask = NULL, *holidays = NULL, *busdaycal = NULL,
		     *out = NULL, *res = NULL;
	struct bdcal cal = {{0}, NULL, 0};
	struct ndarray *a = NULL, *b = NULL, *o = NULL;
	int s1, s2;
	(void)bi;
	if (args_parse(ev, "busday_count", argc, argv, kw, "begindates,enddates|weekmask,holidays,busdaycal,out",
		       &bd, &ed, &weekmask, &holidays, &busdaycal, &out) < 0)
		return NULL;
	if (out && out->type != VT_NONE)
		return err_set(ev, TY_NotImplementedError, "busday_count(out=): not supported by Lumen");
	if (make_cal(ev, "busday_count", weekmask, holidays, busdaycal, &cal) < 0)
		return NULL;
	if (!(a = dt_days_of(ev, bd, &s1)) || !(b = dt_days_of(ev, ed, &s2)) || pair(ev, &a, &b) < 0 ||
	    !(o = dt_nd_new(ev, DT_INT64, a->ndim, a->shape)))
		goto out;
	for (int64_t i = 0; i < nd_size(o); i++) {
		int64_t x = ((int64_t *)nd_data(a))[i], y = ((int64_t *)nd_data(b))[i];
		if (x == DT_NAT || y == DT_NAT) {
			err_set(ev, TY_ValueError, "Cannot compute a business day count with a NaT (not-a-time) date");
			goto out;
		}
		/* backwards: the end date excluded, the begin date included */
		if (x == INT64_MAX || y == INT64_MAX) {
			err_set(ev, TY_OverflowError, "busday_count: a date beyond the range of dates");
			goto out;
		}
		((int64_t *)nd_data(o))[i] = y >= x ? count_between(&cal, x, y) :
					     -count_between(&cal, y + 1, x + 1);
	}
	res = wrap_out(ev, o, s1 && s2, 'i');
	o = NULL;
out:
	free(cal.hol);
	nd_decref(a);
	nd_decref(b);
	nd_decref(o);
	return res;
}

const struct arr_func arr_busday_funcs[] = {
	{"busdaycalendar", fn_busdaycalendar, "busdaycalendar(weekmask='1111100', holidays=None)",
	 "A business day calendar object that efficiently stores information defining valid days for the busday family of functions."},
	{"is_busday", fn_is_busday, "is_busday(dates, weekmask='1111100', holidays=None, busdaycal=None, out=None)",
	 "Calculates which of the given dates are valid days, and which are not."},
	{"busday_offset", fn_busday_offset, "busday_offset(dates, offsets, roll='raise', weekmask='1111100', holidays=None, busdaycal=None, out=None)",
	 "First adjusts the date to fall on a valid day according to the roll rule, then applies offsets to the given dates counted in valid days."},
	{"busday_count", fn_busday_count, "busday_count(begindates, enddates, weekmask='1111100', holidays=[], busdaycal=None, out=None)",
	 "Counts the number of valid days between begindates and enddates, not including the day of enddates."},
	{NULL, NULL, NULL, NULL},
};
