/*
 * magic.c — IPython-style magics: %lsmagic, %time / %%time, %timeit /
 * %%timeit (IPython's output format), %who, %whos, %reset -f.  Unknown
 * magics are UsageError as in IPython.  Runs code through the evaluator
 * (ev_compile / ev_run); never parses Python itself.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core.h"
#include "error.h"

const char *const magic_names[] = {
	"lsmagic", "time", "timeit", "who", "whos", "reset", NULL,
};

static double wall(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void cpu(double *user, double *sys)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	*user = (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
	*sys = 0;
}

/* IPython's _format_time */
static void format_time(double t, char *buf, size_t n)
{
	if (t >= 60.0) {
		long s = (long)t;
		long h = s / 3600, m = (s % 3600) / 60, sec = s % 60;
		if (h)
			snprintf(buf, n, "%ldh %ldmin %lds", h, m, sec);
		else
			snprintf(buf, n, "%ldmin %lds", m, sec);
		return;
	}
	static const char *const units[] = {"s", "ms", "\xc2\xb5s", "ns"};
	static const double scale[] = {1, 1e3, 1e6, 1e9};
	int order = 3;
	if (t > 0) {
		order = -(int)floor(floor(log10(t)) / 3);
		if (order > 3)
			order = 3;
		if (order < 0)
			order = 0;
	}
	snprintf(buf, n, "%.3g %s", t * scale[order], units[order]);
}

static void out(struct eval *ev, const char *s)
{
	ev_write(ev, 1, s, strlen(s));
}

static int do_time(struct eval *ev, const char *code, struct value **result)
{
	struct code *c = ev_compile(ev, code, strlen(code), "<timed exec>", result != NULL);
	if (!c)
		return -1;
	double u0, s0, u1, s1, w0 = wall();
	cpu(&u0, &s0);
	int r = ev_run(ev, c, result);
	cpu(&u1, &s1);
	double w = wall() - w0;
	ev_code_free(c);
	char a[32], b[32], t[32], wt[32], line[200];
	format_time(u1 - u0, a, sizeof a);
	format_time(s1 - s0, b, sizeof b);
	format_time(u1 - u0 + s1 - s0, t, sizeof t);
	format_time(w, wt, sizeof wt);
	snprintf(line, sizeof line, "CPU times: user %s, sys: %s, total: %s\nWall time: %s\n", a, b, t, wt);
	out(ev, line);
	return r;
}

static int do_timeit(struct eval *ev, const char *args, const char *cell)
{
	long number = 0, repeat = 7;
	int quiet = 0;
	const char *p = args;
	while (*p) {
		while (*p == ' ')
			p++;
		if (p[0] == '-' && (p[1] == 'n' || p[1] == 'r')) {
			char opt = p[1];
			p += 2;
			while (*p == ' ')
				p++;
			long v = strtol(p, (char **)&p, 10);
			if (opt == 'n')
				number = v;
			else
				repeat = v;
		} else if (p[0] == '-' && p[1] == 'q') {
			quiet = 1;
			p += 2;
		} else if (p[0] == '-' && p[1] == 'o') {
			p += 2;
		} else {
			break;
		}
	}
	const char *code = cell ? cell : p;
	struct code *setup = NULL, *c;
	if (cell && *p) {
		setup = ev_compile(ev, p, strlen(p), "<magic-timeit>", 0);
		if (!setup)
			return -1;
		if (ev_run(ev, setup, NULL) < 0) {
			ev_code_free(setup);
			return -1;
		}
		ev_code_free(setup);
	}
	c = ev_compile(ev, code, strlen(code), "<magic-timeit>", 0);
	if (!c)
		return -1;
	if (repeat < 1)
		repeat = 1;
	if (number <= 0) {
		/* IPython's autorange: 1, 2, 5, 10, ... until 0.2 s */
		for (long n = 1;; ) {
			double t0 = wall();
			for (long i = 0; i < n; i++)
				if (ev_run(ev, c, NULL) < 0) {
					ev_code_free(c);
					return -1;
				}
			double t = wall() - t0;
			number = n;
			if (t >= 0.2 || n >= 1000000000L)
				break;
			long next = n;
			for (int k = 0; k < 3; k++) {
				static const long mult[] = {1, 2, 5};
				long base = 1;
				while (base * 10 <= n)
					base *= 10;
				(void)mult;
			}
			/* sequence 1 2 5 10 20 50 ... */
			long d = n;
			while (d >= 10)
				d /= 10;
			next = d == 1 ? n * 2 : d == 2 ? n / 2 * 5 : n * 2;
			n = next;
		}
	}
	double *times = calloc((size_t)repeat, sizeof *times);
	if (!times) {
		ev_code_free(c);
		err_nomem(ev);
		return -1;
	}
	for (long r = 0; r < repeat; r++) {
		double t0 = wall();
		for (long i = 0; i < number; i++)
			if (ev_run(ev, c, NULL) < 0) {
				free(times);
				ev_code_free(c);
				return -1;
			}
		times[r] = (wall() - t0) / (double)number;
	}
	ev_code_free(c);
	double mean = 0, sd = 0;
	for (long r = 0; r < repeat; r++)
		mean += times[r];
	mean /= (double)repeat;
	for (long r = 0; r < repeat; r++)
		sd += (times[r] - mean) * (times[r] - mean);
	sd = sqrt(sd / (double)repeat);
	free(times);
	if (quiet)
		return 0;
	char m[32], s[32], loops[32], line[256];
	format_time(mean, m, sizeof m);
	format_time(sd, s, sizeof s);
	/* loops with thousands separators */
	char raw[32];
	snprintf(raw, sizeof raw, "%ld", number);
	size_t L = strlen(raw), k = 0;
	for (size_t i = 0; i < L; i++) {
		loops[k++] = raw[i];
		if ((L - i - 1) % 3 == 0 && i != L - 1)
			loops[k++] = ',';
	}
	loops[k] = 0;
	snprintf(line, sizeof line, "%s \xc2\xb1 %s per loop (mean \xc2\xb1 std. dev. of %ld run%s, %s loop%s each)\n",
		 m, s, repeat, repeat == 1 ? "" : "s", loops, number == 1 ? "" : "s");
	out(ev, line);
	return 0;
}

static int do_who(struct eval *ev, int detail)
{
	struct value *g = ev->globals;
	struct sbuf b = {0};
	int any = 0;
	for (size_t i = 0; i < g->u.dict->n; i++) {
		struct dict_entry *e = &g->u.dict->entries[i];
		if (!e->key || e->key->type != VT_STR || e->key->u.str->s[0] == '_' ||
		    e->val->type == VT_MODULE)
			continue;
		any = 1;
		if (detail) {
			char *r = val_repr(ev, e->val);
			if (!r) {
				free(b.s);
				return -1;
			}
			char *nl = strchr(r, '\n');
			if (nl)
				*nl = 0;
			sb_printf(&b, "%-10s %-10s %s\n", e->key->u.str->s, val_type_name(e->val), r);
			free(r);
		} else {
			sb_printf(&b, "%s\t", e->key->u.str->s);
		}
	}
	if (!any) {
		out(ev, "Interactive namespace is empty.\n");
		free(b.s);
		return 0;
	}
	if (!detail)
		sb_addc(&b, '\n');
	char *s = sb_take(&b);
	if (s)
		out(ev, s);
	free(s);
	return 0;
}

int magic_run(struct eval *ev, const char *line, const char *cell, struct value **result)
{
	char name[64];
	size_t n = 0;
	if (result)
		*result = NULL;
	while (*line == ' ')
		line++;
	while (line[n] && !isspace((unsigned char)line[n]) && n < sizeof name - 1) {
		name[n] = line[n];
		n++;
	}
	name[n] = 0;
	const char *args = line + n;
	while (*args == ' ' || *args == '\t')
		args++;
	if (strcmp(name, "lsmagic") == 0) {
		out(ev, "Available line magics:\n%lsmagic  %reset  %time  %timeit  %who  %whos\n\n"
			"Available cell magics:\n%%time  %%timeit\n");
		return 0;
	}
	if (strcmp(name, "time") == 0)
		return do_time(ev, cell ? cell : args, cell ? NULL : result);
	if (strcmp(name, "timeit") == 0)
		return do_timeit(ev, args, cell);
	if (!cell && strcmp(name, "who") == 0)
		return do_who(ev, 0);
	if (!cell && strcmp(name, "whos") == 0)
		return do_who(ev, 1);
	if (!cell && strcmp(name, "reset") == 0) {
		struct value *g = val_dict_new();
		if (!g || dict_setstr(g, "__name__", val_cstr("__main__")) < 0) {
			val_decref(g);
			err_nomem(ev);
			return -1;
		}
		/* keep imported modules out of it, as IPython's -f does not */
		val_decref(ev->globals);
		ev->globals = g;
		return 0;
	}
	if (cell)
		err_set(ev, TY_UsageError, "Cell magic `%%%%%s` not found.", name);
	else
		err_set(ev, TY_UsageError, "Line magic function `%%%s` not found.", name);
	return -1;
}
