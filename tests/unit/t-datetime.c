/*
 * t-datetime.c — TAP tests of lib/datetime/dt_core.c, the calendar and unit
 * arithmetic under np.datetime64: civil dates <-> day counts over a wide
 * range, ISO 8601 parsing (units found, NumPy's errors) and printing,
 * floored casts between units, the common unit of two operands, and
 * overflow reported rather than wrapped.
 */
#include <stdio.h>
#include <string.h>
#include "lib/datetime/dt_int.h"
#include "lang/eval.h"
#include "lang/error.h"
#include "engine.h"
#include "tap.h"

static struct eval *ev;

/* clears a pending error; 1 if there was one */
static int had_error(void)
{
	struct value *e = err_fetch(ev);
	int r = e != NULL;
	val_decref(e);
	return r;
}

static void test_civil(void)
{
	int good = 1;
	int64_t y;
	int m, d;
	ok(dt_days_from_civil(1970, 1, 1) == 0, "1970-01-01 is day 0");
	ok(dt_days_from_civil(1969, 12, 31) == -1, "1969-12-31 is day -1");
	ok(dt_days_from_civil(2000, 3, 1) == 11017, "2000-03-01 is day 11017");
	ok(dt_days_from_civil(2005, 2, 25) == 12839, "2005-02-25 is day 12839 (NumPy's count)");
	for (int64_t z = -3000000; z <= 3000000; z += 997) {
		dt_civil(z, &y, &m, &d);
		if (dt_days_from_civil(y, m, d) != z || m < 1 || m > 12 || d < 1 || d > 31)
			good = 0;
	}
	ok(good, "civil dates round-trip over +-8000 years");
	dt_civil(INT64_MAX, &y, &m, &d);
	ok(y == 25252734927768524LL && m == 7 && d == 27, "the largest day count has NumPy's date");
}

static void test_parse(void)
{
	struct dt_moment t;
	int unit, nat;
	char buf[128];
	static const char *const round[] = {
		"2005", "2005-02", "2005-02-25", "2005-02-25T03", "2005-02-25T03:30", "2005-02-25T03:30:15",
		"2005-02-25T03:30:15.500", "2005-02-25T03:30:15.123456", "1969-12-31T23:59:59.999999999",
		"-001-01-01", "10000-12-31", "1600-02-29",
	};
	ok(dt_parse_iso(ev, "2005-02-25", &t, &unit, &nat) == 0 && unit == DU_D && t.days == 12839 && !nat,
	   "'2005-02-25' names days");
	ok(dt_parse_iso(ev, "2005-02-25T03:30:15.5", &t, &unit, &nat) == 0 && unit == DU_ms &&
	   t.sod == 3 * 3600 + 30 * 60 + 15 && t.as == 500000000000000000LL, "a fraction of 1 digit names ms");
	ok(dt_parse_iso(ev, "NaT", &t, &unit, &nat) == 0 && nat && unit == DU_GENERIC, "'NaT' is NaT");
	ok(dt_parse_iso(ev, "2005-13-01", &t, &unit, &nat) < 0 && had_error(), "month 13 is an error");
	ok(dt_parse_iso(ev, "1900-02-29", &t, &unit, &nat) < 0 && had_error(), "1900 is no leap year");
	ok(dt_parse_iso(ev, "2005-2-5", &t, &unit, &nat) < 0 && had_error(), "one-digit months are an error");
	ok(dt_parse_iso(ev, "2011-03-04 ", &t, &unit, &nat) < 0 && had_error(), "a trailing blank is an error");
	for (size_t i = 0; i < sizeof round / sizeof round[0]; i++) {
		int rc = dt_parse_iso(ev, round[i], &t, &unit, &nat);
		if (rc == 0)
			dt_format_iso(&t, unit, buf, sizeof buf);
		char what[96];
		snprintf(what, sizeof what, "'%s' prints back the same", round[i]);
		ok(rc == 0 && !strcmp(buf, round[i]), what);
	}
}

static void test_casts(void)
{
	struct dt_meta D = { DU_D, 1 }, h = { DU_h, 1 }, s = { DU_s, 1 }, Y = { DU_Y, 1 }, s25 = { DU_s, 25 };
	struct dt_meta M = { DU_M, 1 }, ns = { DU_ns, 1 }, s10 = { DU_s, 10 }, s15 = { DU_s, 15 }, out;
	int64_t v;
	char buf[128];
	ok(dt_cast_datetime(ev, 12839 * 24 + 12, &h, &D, &v) == 0 && v == 12839, "noon floors to its day");
	ok(dt_cast_datetime(ev, -1, &s, &D, &v) == 0 && v == -1, "1969-12-31T23:59:59 floors to day -1");
	ok(dt_cast_datetime(ev, 12839, &D, &Y, &v) == 0 && v == 35, "2005-02-25 is year 35 of the epoch");
	ok(dt_cast_datetime(ev, 10, &s25, &s, &v) == 0 && v == 250, "10 of [25s] are 250 s");
	ok(dt_cast_datetime(ev, INT64_MAX / 2, &D, &ns, &v) < 0 && had_error(), "days beyond ns overflow");
	ok(dt_cast_timedelta(ev, -25, &h, &D, 0, &v) == 0 && v == -2, "-25 h floor to -2 days");
	ok(dt_cast_timedelta(ev, 1, &Y, &M, 0, &v) == 0 && v == 12, "a year is 12 months");
	ok(dt_cast_timedelta(ev, 1, &Y, &D, 0, &v) < 0 && had_error(), "years to days only by astype");
	ok(dt_cast_timedelta(ev, 1, &Y, &D, 1, &v) == 0 && v == 365, "astype: a year of 365.2425 days");
	ok(dt_common_meta(ev, 'm', &s10, &s15, &out) == 0 && out.unit == DU_s && out.num == 5,
	   "[10s] and [15s] meet at [5s]");
	ok(dt_common_meta(ev, 'm', &s25, &h, &out) == 0 && out.unit == DU_s && out.num == 25,
	   "[25s] and [h] meet at [25s]");
	ok(dt_common_meta(ev, 'm', &Y, &D, &out) < 0 && had_error(), "timedeltas in Y and D have no common unit");
	ok(dt_common_meta(ev, 'M', &M, &D, &out) == 0 && out.unit == DU_D, "datetimes in M and D meet at D");
	dt_iso_of(INT64_MAX / 4, &Y, buf, sizeof buf);
	ok(!strcmp(buf, "2305843009213695921"), "huge years print from the count");
	dt_iso_of(-1971 - 12, &Y, buf, sizeof buf);
	ok(!strcmp(buf, "-013"), "negative years keep NumPy's width");
	ok(dt_parse_unit("25s", 3, &out) == 0 && out.num == 25 && dt_parse_unit("3generic", 8, &out) < 0 &&
	   dt_parse_unit("xs", 2, &out) < 0, "unit texts");
}

int main(void)
{
	engine_init_layers();
	ev = ev_new();
	test_civil();
	test_parse();
	test_casts();
	ev_free(ev);
	printf("1..%d\n", nt);
	return nfail != 0;
}
