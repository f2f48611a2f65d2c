/*
 * args.c — binds a builtin's positional and keyword arguments to its
 * signature spec ("shape|dtype,order$like"), with Python's messages.
 * Values stored are borrowed from the caller's argv / kwargs.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "lang/args.h"
#include "lang/error.h"

#define ARGS_MAX 32

int args_parse(struct eval *ev, const char *fname, int argc, struct value **argv,
	       const struct kwargs *kw, const char *spec, ...)
{
	char names[ARGS_MAX][48];
	int required[ARGS_MAX], kwonly[ARGS_MAX];
	struct value **out[ARGS_MAX];
	int n = 0, opt = 0, kwo = 0, npos;
	const char *p = spec;
	va_list ap;

	while (*p && n < ARGS_MAX) {
		if (*p == '|') { opt = 1; p++; continue; }
		if (*p == '$') { kwo = 1; opt = 1; p++; continue; }
		if (*p == ',') { p++; continue; }
		size_t k = strcspn(p, ",|$");
		if (k >= sizeof names[0])
			k = sizeof names[0] - 1;
		memcpy(names[n], p, k);
		names[n][k] = 0;
		required[n] = !opt;
		kwonly[n] = kwo;
		n++;
		p += strcspn(p, ",|$");
	}
	va_start(ap, spec);
	for (int i = 0; i < n; i++)
		out[i] = va_arg(ap, struct value **);
	va_end(ap);
	npos = 0;
	while (npos < n && !kwonly[npos])
		npos++;
	if (argc > npos) {
		int nreq = 0;
		for (int i = 0; i < n; i++)
			nreq += required[i];
		if (nreq == npos)
			err_set(ev, TY_TypeError, "%s() takes %s %d positional argument%s (%d given)", fname,
				"exactly", npos, npos == 1 ? "" : "s", argc);
		else
			err_set(ev, TY_TypeError, "%s() takes at most %d argument%s (%d given)", fname, npos,
				npos == 1 ? "" : "s", argc);
		return -1;
	}
	int given[ARGS_MAX] = {0};
	for (int i = 0; i < argc; i++) {
		*out[i] = argv[i];
		given[i] = 1;
	}
	for (int j = 0; kw && j < kw->n; j++) {
		int i;
		for (i = 0; i < n; i++)
			if (strcmp(names[i], kw->names[j]) == 0)
				break;
		if (i == n) {
			err_set(ev, TY_TypeError, "%s() got an unexpected keyword argument '%s'", fname, kw->names[j]);
			return -1;
		}
		if (given[i]) {
			err_set(ev, TY_TypeError, "argument for %s() given by name ('%s') and position (%d)",
				fname, names[i], i + 1);
			return -1;
		}
		*out[i] = kw->vals[j];
		given[i] = 1;
	}
	for (int i = 0; i < n; i++)
		if (required[i] && !given[i]) {
			err_set(ev, TY_TypeError, "%s() missing required argument '%s' (pos %d)", fname, names[i], i + 1);
			return -1;
		}
	return 0;
}

int args_int(struct eval *ev, struct value *v, int64_t def, int64_t *out)
{
	if (!v || v->type == VT_NONE) {
		*out = def;
		return 0;
	}
	return val_as_int64(ev, v, out);
}

int args_bool(struct eval *ev, struct value *v, int def, int *out)
{
	if (!v || v->type == VT_NONE) {
		*out = def;
		return 0;
	}
	int t = val_truth(ev, v);
	if (t < 0)
		return -1;
	*out = t;
	return 0;
}

int args_double(struct eval *ev, struct value *v, double def, double *out)
{
	if (!v || v->type == VT_NONE) {
		*out = def;
		return 0;
	}
	return val_as_double(ev, v, out);
}

int args_count(struct eval *ev, const char *fname, int argc, int lo, int hi)
{
	if (argc < lo || argc > hi) {
		if (lo == hi)
			err_set(ev, TY_TypeError, "%s() takes exactly %s (%d given)", fname,
				lo == 1 ? "one argument" : lo == 0 ? "no arguments" : "2 arguments", argc);
		else if (argc < lo)
			err_set(ev, TY_TypeError, "%s expected at least %d argument%s, got %d", fname, lo, lo == 1 ? "" : "s", argc);
		else
			err_set(ev, TY_TypeError, "%s expected at most %d argument%s, got %d", fname, hi, hi == 1 ? "" : "s", argc);
		return -1;
	}
	return 0;
}

struct value *args_kw(const struct kwargs *kw, const char *name)
{
	for (int i = 0; kw && i < kw->n; i++)
		if (!strcmp(kw->names[i], name))
			return kw->vals[i];
	return NULL;
}

struct value *args_at(int argc, struct value **argv, const struct kwargs *kw, int pos, const char *name)
{
	struct value *v = args_kw(kw, name);
	return v ? v : pos < argc ? argv[pos] : NULL;
}
