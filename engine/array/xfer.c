/*
 * xfer.c — the count of implicit device-to-host copies (xfer.h): totals,
 * the sites (the outermost builtin running when a copy is made, from
 * lang's val_call_site), the once-per-line warning behind
 * LUMEN_WARN_TRANSFERS=1, and cupy.cuda's lumen_transfer_* functions.
 * Owns only its counters; never copies anything itself.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "array/xfer.h"
#include "array/arrfuncs.h"
#include "lang/args.h"
#include "lang/error.h"
#include "lang/value.h"

#define XF_MAXSITES 128

static int user_depth;
static int64_t n_copies, n_bytes;
static int warn_mode = -1;   /* -1: not read yet */
static struct { const char *name; int64_t count; } sites[XF_MAXSITES];
static int nsites;

void xfer_user_begin(void)
{
	user_depth++;
}

void xfer_user_end(void)
{
	if (user_depth > 0)
		user_depth--;
}

static void note_site(const char *name)
{
	for (int i = 0; i < nsites; i++)
		if (sites[i].name == name || !strcmp(sites[i].name, name)) {
			sites[i].count++;
			return;
		}
	if (nsites < XF_MAXSITES) {
		sites[nsites].name = name;   /* builtin names are static strings */
		sites[nsites++].count = 1;
	}
}

void xfer_note_d2h(struct eval *ev, size_t nbytes)
{
	const char *site;
	if (user_depth > 0 || nbytes == 0)
		return;
	n_copies++;
	n_bytes += (int64_t)nbytes;
	site = val_call_site();
	note_site(site ? site : "an operator, index or conversion");
	if (warn_mode < 0) {
		const char *w = getenv("LUMEN_WARN_TRANSFERS");
		warn_mode = w && *w && strcmp(w, "0") != 0;
	}
	if (warn_mode && ev) {
		char msg[256];
		snprintf(msg, sizeof msg, "implicit device-to-host copy in %s",
			 site ? site : "an operator, index or conversion");
		ev_warn(ev, "UserWarning", msg);
	}
}

int64_t xfer_implicit_count(void)
{
	return n_copies;
}

int64_t xfer_implicit_bytes(void)
{
	return n_bytes;
}

int xfer_sites(const char **names, int64_t *counts, int max)
{
	int order[XF_MAXSITES], n = 0;
	for (int i = 0; i < nsites; i++) {
		int j = n++;
		while (j > 0 && sites[order[j - 1]].count < sites[i].count) {
			order[j] = order[j - 1];
			j--;
		}
		order[j] = i;
	}
	if (n > max)
		n = max;
	for (int i = 0; i < n; i++) {
		names[i] = sites[order[i]].name;
		counts[i] = sites[order[i]].count;
	}
	return n;
}

static struct value *fn_count(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	if (args_parse(ev, "lumen_transfer_count", argc, argv, kw, "") < 0)
		return NULL;
	return val_int(n_copies);
}

static struct value *fn_bytes(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	if (args_parse(ev, "lumen_transfer_bytes", argc, argv, kw, "") < 0)
		return NULL;
	return val_int(n_bytes);
}

static struct value *fn_reset(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	if (args_parse(ev, "lumen_transfer_reset", argc, argv, kw, "") < 0)
		return NULL;
	n_copies = n_bytes = 0;
	nsites = 0;
	return val_none();
}

static struct value *fn_sites(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	const char *names[XF_MAXSITES];
	int64_t counts[XF_MAXSITES];
	struct value *d;
	if (args_parse(ev, "lumen_transfer_sites", argc, argv, kw, "") < 0)
		return NULL;
	int n = xfer_sites(names, counts, XF_MAXSITES);
	if (!(d = val_dict_new()))
		return err_nomem(ev);
	for (int i = 0; i < n; i++)
		if (dict_setstr(d, names[i], val_int(counts[i])) < 0) {
			val_decref(d);
			return err_nomem(ev);
		}
	return d;
}

const struct arr_func xfer_cuda_funcs[] = {
	{"lumen_transfer_count", fn_count, "lumen_transfer_count()",
	 "Lumen extension: how many device-to-host copies the engine made without being asked "
	 "(anything but cp.asnumpy, .get(), printing, float()/int()/bool()/item()/tolist() of an "
	 "array); 0 in host mode.  LUMEN_WARN_TRANSFERS=1 warns at the first such copy of each line."},
	{"lumen_transfer_bytes", fn_bytes, "lumen_transfer_bytes()",
	 "Lumen extension: the bytes of the copies lumen_transfer_count() counts."},
	{"lumen_transfer_sites", fn_sites, "lumen_transfer_sites()",
	 "Lumen extension: {function: implicit copies} for every function that made one."},
	{"lumen_transfer_reset", fn_reset, "lumen_transfer_reset()",
	 "Lumen extension: sets the implicit-copy counters back to 0."},
	{NULL, NULL, NULL, NULL},
};
