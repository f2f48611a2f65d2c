/*
 * profiler.c — cupyx.profiler (arr_profiler_funcs): benchmark(func, args=(),
 * kwargs={}, n_repeat=10000, *, name=None, n_warmup=10, max_duration=inf)
 * calls func n_warmup times, then up to n_repeat timed times (stopping once
 * max_duration seconds have passed) and returns CuPy's _PerfCaseResult:
 * str() is CuPy's line
 *     name                :    CPU:   12.345 us   +/-  0.123 (min:   12.000 / max:   13.000) us     GPU-0: ...
 * and cpu_times / gpu_times are arrays of seconds.  The CPU time of a run
 * ends when func returns; its GPU time when the device has finished the
 * queued work as well (the namespace backend's sync; the same instant on the
 * host).  Owns the result object.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "array/arrapi.h"
#include "array/arrfuncs.h"
#include "lang/args.h"
#include "lang/error.h"

struct perf {
	char *name;
	int64_t n;
	double *cpu, *gpu;   /* seconds, n each */
};

static void perf_free(void *p)
{
	struct perf *r = p;
	free(r->name);
	free(r->cpu);
	free(r->gpu);
	free(r);
}

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

/* CuPy's _to_str_per_item */
static void item_str(char *buf, size_t cap, const char *dev, const double *t, int64_t n)
{
	double mean = 0, var = 0, mn = INFINITY, mx = -INFINITY;
	for (int64_t i = 0; i < n; i++) {
		double us = t[i] * 1e6;
		mean += us;
		mn = us < mn ? us : mn;
		mx = us > mx ? us : mx;
	}
	mean /= (double)(n ? n : 1);
	for (int64_t i = 0; i < n; i++)
		var += (t[i] * 1e6 - mean) * (t[i] * 1e6 - mean);
	var /= (double)(n ? n : 1);
	int k = snprintf(buf, cap, "    %s: %9.3f us", dev, mean);
	if (n > 1 && k > 0 && (size_t)k < cap)
		snprintf(buf + k, cap - (size_t)k, "   +/- %6.3f (min: %9.3f / max: %9.3f) us", sqrt(var), mn, mx);
}

static char *perf_repr(struct eval *ev, struct value *self)
{
	struct perf *r = self->u.obj.p;
	char c[256], g[256];
	size_t cap = strlen(r->name) + 600;
	char *s = malloc(cap);
	(void)ev;
	if (!s)
		return NULL;
	item_str(c, sizeof c, "CPU", r->cpu, r->n);
	item_str(g, sizeof g, "GPU-0", r->gpu, r->n);
	snprintf(s, cap, "%-20s:%s %s", r->name, c, g);
	return s;
}

static struct value *times_array(struct eval *ev, const double *t, int64_t n, int nd)
{
	int64_t sh[2] = { nd == 2 ? 1 : n, n };
	struct ndarray *a = nd_new(ev, &backend_host, DT_FLOAT64, nd, sh);
	if (!a)
		return NULL;
	if (n)
		memcpy(nd_data(a), t, sizeof(double) * (size_t)n);
	return arr_wrap(ev, a);
}

static struct value *perf_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct perf *r = self->u.obj.p;
	if (!strcmp(name, "name"))
		return val_cstr(r->name);
	if (!strcmp(name, "cpu_times"))
		return times_array(ev, r->cpu, r->n, 1);
	if (!strcmp(name, "gpu_times"))
		return times_array(ev, r->gpu, r->n, 2);
	return NULL;
}

static const char *const perf_attrs[] = { "name", "cpu_times", "gpu_times", NULL };
static const struct objtype perf_type = {
	"_PerfCaseResult", perf_free, perf_getattr, NULL, NULL, perf_repr, NULL, NULL, perf_attrs,
};

static struct value *fn_benchmark(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	struct value *fv, *av = NULL, *kwv = NULL, *nr = NULL, *nm = NULL, *nw = NULL, *md = NULL, *dv = NULL;
	int64_t n_repeat, n_warmup;
	double max_dur;
	const struct backend *be = arr_be(bi);
	struct value **cargv = NULL;
	int cargc = 0;
	struct kwargs ckw = { 0, NULL, NULL };
	struct perf *r = NULL;
	struct value *res = NULL;
	if (args_parse(ev, "benchmark", argc, argv, kw, "func|args,kwargs,n_repeat,$name,n_warmup,max_duration,devices",
		       &fv, &av, &kwv, &nr, &nm, &nw, &md, &dv) < 0 ||
	    args_int(ev, nr, 10000, &n_repeat) < 0 || args_int(ev, nw, 10, &n_warmup) < 0 ||
	    args_double(ev, md, INFINITY, &max_dur) < 0)
		return NULL;
	if (av && av->type != VT_NONE) {
		if (av->type != VT_TUPLE && av->type != VT_LIST)
			return err_set(ev, TY_TypeError, "args must be a tuple");
		cargc = (int)av->u.seq.n;
		cargv = av->u.seq.items;
	}
	if (kwv && kwv->type != VT_NONE) {
		if (kwv->type != VT_DICT)
			return err_set(ev, TY_TypeError, "kwargs must be a dict");
		struct dict *d = kwv->u.dict;
		ckw.names = calloc(d->n + 1, sizeof *ckw.names);
		ckw.vals = calloc(d->n + 1, sizeof *ckw.vals);
		if (!ckw.names || !ckw.vals)
			goto nomem;
		for (size_t i = 0; i < d->n; i++) {
			if (!d->entries[i].key)
				continue;
			if (d->entries[i].key->type != VT_STR) {
				err_set(ev, TY_TypeError, "keywords must be strings");
				goto out;
			}
			ckw.names[ckw.n] = d->entries[i].key->u.str->s;
			ckw.vals[ckw.n++] = d->entries[i].val;
		}
	}
	if (n_repeat < 0 || n_warmup < 0) {
		err_set(ev, TY_ValueError, "n_repeat and n_warmup must be non-negative");
		goto out;
	}
	r = calloc(1, sizeof *r);
	if (!r)
		goto nomem;
	if (nm && nm->type == VT_STR) {
		r->name = strdup(nm->u.str->s);
	} else {
		struct value *n = val_getattr(ev, fv, "__name__");
		if (!n) {
			err_clear(ev);
			r->name = strdup("<function>");
		} else {
			r->name = strdup(n->type == VT_STR ? n->u.str->s : "<function>");
			val_decref(n);
		}
	}
	r->cpu = malloc(sizeof(double) * (size_t)(n_repeat ? n_repeat : 1));
	r->gpu = malloc(sizeof(double) * (size_t)(n_repeat ? n_repeat : 1));
	if (!r->name || !r->cpu || !r->gpu)
		goto nomem;
	for (int64_t i = 0; i < n_warmup; i++) {
		struct value *x = val_call(ev, fv, cargc, cargv, &ckw);
		if (!x)
			goto out;
		val_decref(x);
	}
	if (be->sync && be->sync(ev) < 0)
		goto out;
	double start = now();
	for (int64_t i = 0; i < n_repeat; i++) {
		double t0 = now();
		struct value *x = val_call(ev, fv, cargc, cargv, &ckw);
		if (!x)
			goto out;
		double t1 = now();
		val_decref(x);
		if (be->sync && be->sync(ev) < 0)
			goto out;
		double t2 = now();
		r->cpu[r->n] = t1 - t0;
		r->gpu[r->n] = t2 - t0;
		r->n++;
		if (t2 - start >= max_dur || ev_check_interrupt(ev))
			break;
	}
	if (err_occurred(ev))
		goto out;
	res = val_object_new(&perf_type, r);
	r = NULL;
	if (!res)
		err_nomem(ev);
	goto out;
nomem:
	err_nomem(ev);
out:
	if (r)
		perf_free(r);
	free(ckw.names);
	free(ckw.vals);
	return res;
}

const struct arr_func arr_profiler_funcs[] = {
	{"benchmark", fn_benchmark,
	 "benchmark(func, args=(), kwargs={}, n_repeat=10000, *, name=None, n_warmup=10, max_duration=inf, devices=None)",
	 "Timing utility for measuring time spent by both CPU and GPU."},
	{NULL, NULL, NULL, NULL},
};
