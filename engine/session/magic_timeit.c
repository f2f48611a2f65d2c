/*
 * magic_timeit.c — %time / %%time and %timeit / %%timeit with IPython's
 * semantics and text (autorange to >= 0.2 s, 7 runs, -n -r -q -o -p, the
 * "slowest run" warning, TimeitResult), the device synchronised at the end
 * of every timed run, and Lumen's -c / --compare (the same statement on the
 * host with `cp` rebound to numpy).  Runs code only through ev_compile /
 * ev_run; never parses Python itself.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>
#include "lang/core.h"
#include "lang/error.h"
#include "array/arrapi.h"
#include "backend/backend.h"
#include "session/magic_int.h"

static double wall(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* waits for the device's queued work (no-op in host mode) */
static int dev_sync(struct eval *ev)
{
	const struct backend *be = backend_cuda(NULL);
	if (be && be->sync)
		return be->sync(ev);
	return 0;
}

void magic_format_time(double t, int precision, char *buf, size_t n)
{
	if (t >= 60.0) {
		static const char *const suf[] = {"d", "h", "min", "s"};
		static const double len[] = {86400, 3600, 60, 1};
		double left = t;
		size_t k = 0;
		buf[0] = 0;
		for (int i = 0; i < 4; i++) {
			long v = (long)(left / len[i]);
			if (v > 0) {
				left = fmod(left, len[i]);
				k += (size_t)snprintf(buf + k, k < n ? n - k : 0, "%s%ld%s",
						      k ? " " : "", v, suf[i]);
			}
			if (left < 1)
				break;
		}
		return;
	}
	static const char *const units[] = {"s", "ms", "\xc2\xb5s", "ns"};
	static const double scale[] = {1, 1e3, 1e6, 1e9};
	int order = 3;
	if (t > 0.0) {
		order = -(int)floor(floor(log10(t)) / 3);
		if (order > 3)
			order = 3;
		if (order < 0)
			order = 0;
	}
	snprintf(buf, n, "%.*g %s", precision, t * scale[order], units[order]);
}

void magic_out(struct eval *ev, const char *s)
{
	ev_write(ev, 1, s, strlen(s));
}

/* ---- %time ---- */

static void cpu_times(double *user, double *sys)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	*user = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6;
	*sys = (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
}

/* %time STMT, %%time: runs once; the value of a final expression is the
 * magic's result (IPython shows it as Out). */
int magic_time(struct eval *ev, const char *args, const char *cell, struct value **result)
{
	/* `%time` alone times nothing, as IPython's does */
	const char *code = cell ? cell : args;
	struct code *c = ev_compile(ev, code, strlen(code), "<timed exec>", result != NULL);
	if (!c)
		return -1;
	double u0, s0, u1, s1, w0 = wall();
	cpu_times(&u0, &s0);
	int r = ev_run(ev, c, result);
	if (r == 0)
		r = dev_sync(ev);
	cpu_times(&u1, &s1);
	double w = wall() - w0;
	ev_code_free(c);
	char a[48], b[48], t[48], wt[48], line[256];
	magic_format_time(u1 - u0, 3, a, sizeof a);
	magic_format_time(s1 - s0, 3, b, sizeof b);
	magic_format_time(u1 - u0 + s1 - s0, 3, t, sizeof t);
	magic_format_time(w, 3, wt, sizeof wt);
	snprintf(line, sizeof line, "CPU times: user %s, sys: %s, total: %s\nWall time: %s\n",
		 a, b, t, wt);
	magic_out(ev, line);
	if (r < 0 && result) {
		val_decref(*result);
		*result = NULL;
	}
	return r;
}

/* ---- TimeitResult ---- */

struct tres {
	long loops, repeat;
	double best, worst, compile_time;
	double *all_runs;  /* repeat totals, seconds for `loops` runs */
	int precision;
};

static double tres_average(const struct tres *t)
{
	double s = 0;
	for (long i = 0; i < t->repeat; i++)
		s += t->all_runs[i] / (double)t->loops;
	return s / (double)t->repeat;
}

static double tres_stdev(const struct tres *t)
{
	double m = tres_average(t), s = 0;
	for (long i = 0; i < t->repeat; i++) {
		double d = t->all_runs[i] / (double)t->loops - m;
		s += d * d;
	}
	return sqrt(s / (double)t->repeat);
}

/* "1.23 ms ± 4.56 µs per loop (mean ± std. dev. of 7 runs, 1,000 loops each)" */
static void tres_str(const struct tres *t, char *buf, size_t n)
{
	char m[48], s[48], raw[32], loops[48];
	magic_format_time(tres_average(t), t->precision, m, sizeof m);
	magic_format_time(tres_stdev(t), t->precision, s, sizeof s);
	snprintf(raw, sizeof raw, "%ld", t->loops);
	size_t L = strlen(raw), k = 0;
	for (size_t i = 0; i < L; i++) {
		loops[k++] = raw[i];
		if ((L - i - 1) % 3 == 0 && i != L - 1)
			loops[k++] = ',';
	}
	loops[k] = 0;
	snprintf(buf, n, "%s \xc2\xb1 %s per loop (mean \xc2\xb1 std. dev. of %ld run%s, %s loop%s each)",
		 m, s, t->repeat, t->repeat == 1 ? "" : "s", loops, t->loops == 1 ? "" : "s");
}

static void tres_free(void *p)
{
	struct tres *t = p;
	if (t)
		free(t->all_runs);
	free(t);
}

static struct value *float_list(const double *v, long n, double div)
{
	struct value *l = val_list_new(0, NULL);
	for (long i = 0; l && i < n; i++)
		if (list_append(l, val_float(v[i] / div)) < 0) {
			val_decref(l);
			return NULL;
		}
	return l;
}

static struct value *tres_getattr(struct eval *ev, struct value *self, const char *name)
{
	const struct tres *t = self->u.obj.p;
	struct value *v;
	if (!strcmp(name, "average"))
		v = val_float(tres_average(t));
	else if (!strcmp(name, "stdev"))
		v = val_float(tres_stdev(t));
	else if (!strcmp(name, "best"))
		v = val_float(t->best);
	else if (!strcmp(name, "worst"))
		v = val_float(t->worst);
	else if (!strcmp(name, "compile_time"))
		v = val_float(t->compile_time);
	else if (!strcmp(name, "loops"))
		v = val_int(t->loops);
	else if (!strcmp(name, "repeat"))
		v = val_int(t->repeat);
	else if (!strcmp(name, "all_runs"))
		v = float_list(t->all_runs, t->repeat, 1.0);
	else if (!strcmp(name, "timings"))
		v = float_list(t->all_runs, t->repeat, (double)t->loops);
	else
		return NULL;
	if (!v)
		err_nomem(ev);
	return v;
}

static char *tres_repr(struct eval *ev, struct value *self)
{
	char s[256], *r = malloc(300);
	if (!r) {
		err_nomem(ev);
		return NULL;
	}
	tres_str(self->u.obj.p, s, sizeof s);
	snprintf(r, 300, "<TimeitResult : %s>", s);
	return r;
}

static const char *const tres_attrs[] = {
	"all_runs", "average", "best", "compile_time", "loops", "repeat", "stdev", "timings",
	"worst", NULL,
};

static const struct objtype tres_type = {
	.name = "TimeitResult", .free = tres_free, .getattr = tres_getattr,
	.repr = tres_repr, .attrs = tres_attrs,
};

/* ---- %timeit ---- */

struct topts {
	long number, repeat;
	int quiet, ret, compare, precision;
	const char *rest;   /* the statement (line) or the setup (cell) */
};

/* getopt("n:r:tcp:qo") as IPython's parse_options, plus --compare */
static int parse_opts(struct eval *ev, const char *p, struct topts *o)
{
	o->number = 0;
	o->repeat = 7;
	o->quiet = o->ret = o->compare = 0;
	o->precision = 3;
	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (p[0] != '-' || !(isalpha((unsigned char)p[1]) || p[1] == '-'))
			break;
		if (!strncmp(p, "--compare", 9) && (p[9] == 0 || isspace((unsigned char)p[9]))) {
			o->compare = 1;
			p += 9;
			continue;
		}
		p++;
		while (*p && !isspace((unsigned char)*p)) {
			char f = *p++;
			if (f == 'n' || f == 'r' || f == 'p') {
				while (*p == ' ' || *p == '\t')
					p++;
				char *end;
				long v = strtol(p, &end, 10);
				if (end == p) {
					err_set(ev, TY_UsageError, "option -%c requires an argument", f);
					return -1;
				}
				p = end;
				if (f == 'n')
					o->number = v;
				else if (f == 'r')
					o->repeat = v;
				else
					o->precision = (int)v;
				break;
			} else if (f == 'q') {
				o->quiet = 1;
			} else if (f == 'o') {
				o->ret = 1;
			} else if (f == 'c') {
				o->compare = 1;
			} else if (f == 't') {
				/* time.time: always the wall clock here */
			} else {
				err_set(ev, TY_UsageError, "option -%c not recognized", f);
				return -1;
			}
		}
	}
	o->rest = p;
	if (o->repeat < 1)
		o->repeat = 1;
	if (o->precision < 1)
		o->precision = 1;
	return 0;
}

/* total seconds for n runs of c, the device synchronised at the end */
static int time_n(struct eval *ev, struct code *c, long n, double *out)
{
	double t0 = wall();
	for (long i = 0; i < n; i++)
		if (ev_run(ev, c, NULL) < 0)
			return -1;
	if (dev_sync(ev) < 0)
		return -1;
	*out = wall() - t0;
	return 0;
}

static int run_setup(struct eval *ev, struct code *setup)
{
	return setup ? ev_run(ev, setup, NULL) : 0;
}

/* Times code (setup before each timing): a new TimeitResult in *res. */
static int timeit_core(struct eval *ev, const struct topts *o, const char *code,
		       const char *setup_src, struct tres **res)
{
	struct code *setup = NULL, *c = NULL;
	struct tres *t = NULL;
	int rc = -1;
	double c0 = wall();
	if (setup_src && *setup_src) {
		setup = ev_compile(ev, setup_src, strlen(setup_src), "<magic-timeit>", 0);
		if (!setup)
			goto out;
	}
	c = ev_compile(ev, code, strlen(code), "<magic-timeit>", 0);
	if (!c)
		goto out;
	t = calloc(1, sizeof *t);
	if (t)
		t->all_runs = calloc((size_t)o->repeat, sizeof *t->all_runs);
	if (!t || !t->all_runs) {
		err_nomem(ev);
		goto out;
	}
	t->compile_time = wall() - c0;
	t->repeat = o->repeat;
	t->precision = o->precision;
	long number = o->number;
	if (number <= 0) {
		/* IPython: 10**index for index in range(10) until >= 0.2 s */
		number = 1;
		for (int idx = 0; idx < 10; idx++) {
			double tn;
			if (run_setup(ev, setup) < 0 || time_n(ev, c, number, &tn) < 0)
				goto out;
			if (tn >= 0.2 || idx == 9)
				break;
			number *= 10;
		}
	}
	t->loops = number;
	for (long r = 0; r < o->repeat; r++)
		if (run_setup(ev, setup) < 0 || time_n(ev, c, number, &t->all_runs[r]) < 0)
			goto out;
	double lo = t->all_runs[0], hi = lo;
	for (long r = 1; r < o->repeat; r++) {
		if (t->all_runs[r] < lo)
			lo = t->all_runs[r];
		if (t->all_runs[r] > hi)
			hi = t->all_runs[r];
	}
	t->best = lo / (double)number;
	t->worst = hi / (double)number;
	*res = t;
	t = NULL;
	rc = 0;
out:
	tres_free(t);
	if (setup)
		ev_code_free(setup);
	if (c)
		ev_code_free(c);
	return rc;
}

static void print_result(struct eval *ev, const struct tres *t, const char *label)
{
	char s[256], line[512];
	if (t->worst > 4 * t->best && t->best > 0 && t->worst > 1e-6) {
		snprintf(line, sizeof line, "The slowest run took %0.2f times longer than the fastest. "
			 "This could mean that an intermediate result is being cached.\n",
			 t->worst / t->best);
		magic_out(ev, line);
	}
	tres_str(t, s, sizeof s);
	snprintf(line, sizeof line, "%s%s\n", label ? label : "", s);
	magic_out(ev, line);
}

/* ---- -c / --compare: the statement on the host ---- */

static int is_id0(int c) { return c == '_' || isalpha(c) || c >= 0x80; }
static int is_id(int c) { return is_id0(c) || isdigit(c); }

/* A copy of the globals where `cp` (any module named cupy) is numpy and
 * every device array the code names is a host copy (copied once, here). */
static struct value *host_globals(struct eval *ev, const char *code)
{
	struct value *g = val_dict_new(), *np = NULL;
	if (!g) {
		err_nomem(ev);
		return NULL;
	}
	struct dict *d = ev->globals->u.dict;
	for (size_t i = 0; i < d->n; i++)
		if (d->entries[i].key && dict_set(ev, g, d->entries[i].key, d->entries[i].val) < 0)
			goto fail;
	np = ev_import(ev, "numpy");
	if (!np)
		goto fail;
	for (size_t i = 0; i < d->n; i++) {
		struct value *v = d->entries[i].val;
		if (d->entries[i].key && v->type == VT_MODULE && v->u.mod.name &&
		    !strcmp(v->u.mod.name, "cupy") &&
		    dict_set(ev, g, d->entries[i].key, np) < 0)
			goto fail;
	}
	for (const unsigned char *p = (const unsigned char *)code; *p; ) {
		if (!is_id0(*p)) {
			p++;
			continue;
		}
		const unsigned char *s = p;
		while (is_id(*p))
			p++;
		if (s > (const unsigned char *)code && s[-1] == '.')
			continue;
		char name[128];
		size_t n = (size_t)(p - s);
		if (n >= sizeof name)
			continue;
		memcpy(name, s, n);
		name[n] = 0;
		struct value *v = dict_getstr_borrow(ev->globals, name);
		if (!v || v->type != VT_NDARRAY || !arr_is_cupy(nd_backend(v->u.arr)))
			continue;
		struct ndarray *h = arr_to_backend(ev, v->u.arr, &backend_host);
		struct value *hv = h ? arr_wrap(ev, h) : NULL;
		if (!hv || dict_setstr(g, name, hv) < 0)
			goto fail;
	}
	val_decref(np);
	return g;
fail:
	val_decref(np);
	val_decref(g);
	return NULL;
}

static void add_bar(struct sbuf *b, const char *label, double t, double tmax, const char *colour,
		    const char *text)
{
	double w = tmax > 0 ? 100.0 * t / tmax : 0;
	if (w < 0.5)
		w = 0.5;
	sb_printf(b, "<tr><td style=\"padding-right:8px;white-space:nowrap\">%s</td>"
		  "<td style=\"width:320px\"><div style=\"background:%s;height:14px;width:%.1f%%\">"
		  "</div></td><td style=\"padding-left:8px;white-space:nowrap\">%s</td></tr>",
		  label, colour, w, text);
}

static int compare(struct eval *ev, const struct topts *o, const char *code,
		   const char *setup, struct value **result)
{
	struct tres *dev = NULL, *host = NULL;
	if (timeit_core(ev, o, code, setup, &dev) < 0)
		return -1;
	struct value *g = host_globals(ev, code);
	if (!g) {
		tres_free(dev);
		return -1;
	}
	struct value *saved = ev->globals;
	ev->globals = g;
	int rc = timeit_core(ev, o, code, setup, &host);
	ev->globals = saved;
	val_decref(g);
	if (rc < 0) {
		tres_free(dev);
		return -1;
	}
	int gpu = backend_cuda(NULL) != NULL;
	const char *dl = gpu ? "cp (GPU):   " : "cp (host):  ";
	const char *hl = "np (CPU):   ";
	double da = tres_average(dev), ha = tres_average(host);
	char ds[256], hs[256], sp[128];
	tres_str(dev, ds, sizeof ds);
	tres_str(host, hs, sizeof hs);
	if (da > 0)
		snprintf(sp, sizeof sp, "speed-up: %.1fx%s", ha / da,
			 gpu ? "" : " (host mode: no GPU, cp runs on the CPU)");
	else
		snprintf(sp, sizeof sp, "speed-up: n/a");
	if (!o->quiet) {
		struct sbuf t = {0}, h = {0};
		sb_printf(&t, "%s%s\n%s%s\n%s\n", dl, ds, hl, hs, sp);
		double mx = da > ha ? da : ha;
		char dm[48], hm[48];
		magic_format_time(da, o->precision, dm, sizeof dm);
		magic_format_time(ha, o->precision, hm, sizeof hm);
		sb_adds(&h, "<div class=\"lumen-timeit\"><table style=\"border-collapse:collapse\">");
		add_bar(&h, gpu ? "cp (GPU)" : "cp (host)", da, mx, "#76b900", dm);
		add_bar(&h, "np (CPU)", ha, mx, "#4c72b0", hm);
		sb_printf(&h, "</table><div><b>%s</b></div><pre style=\"font-size:smaller\">%s%s\n%s%s</pre></div>",
			  sp, dl, ds, hl, hs);
		char *ts = sb_take(&t), *hsx = sb_take(&h);
		if (!ts || !hsx) {
			free(ts);
			free(hsx);
			tres_free(dev);
			tres_free(host);
			err_nomem(ev);
			return -1;
		}
		if (ev->sink && ev->sink->display) {
			struct engine_bundle b = { 2, {"text/plain", "text/html"}, {ts, hsx},
						   {strlen(ts), strlen(hsx)} };
			ev->sink->display(ev->sink->ctx, &b, 0, NULL, 0);
		} else {
			magic_out(ev, ts);
		}
		free(ts);
		free(hsx);
	}
	tres_free(host);
	if (o->ret && result) {
		*result = val_object_new(&tres_type, dev);
		return *result ? 0 : -1;
	}
	tres_free(dev);
	return 0;
}

/* %timeit [-n<N> -r<R> [-t|-c] -q -p<P> -o] statement
 * %%timeit [options] setup_code \n code */
int magic_timeit(struct eval *ev, const char *args, const char *cell, struct value **result)
{
	struct topts o;
	if (parse_opts(ev, args, &o) < 0)
		return -1;
	const char *code = cell ? cell : o.rest;
	const char *setup = cell ? o.rest : NULL;
	const char *q = code;
	while (*q && isspace((unsigned char)*q))
		q++;
	if (!*q) {
		if (cell)
			return 0;  /* IPython: an empty cell times nothing */
		err_set(ev, TY_UsageError, "%%timeit requires a statement");
		return -1;
	}
	if (o.compare)
		return compare(ev, &o, code, setup, result);
	struct tres *t;
	if (timeit_core(ev, &o, code, setup, &t) < 0)
		return -1;
	if (!o.quiet)
		print_result(ev, t, NULL);
	if (o.ret && result) {
		*result = val_object_new(&tres_type, t);
		return *result ? 0 : -1;
	}
	tres_free(t);
	return 0;
}
