/*
 * magic_mem.c — the magics about the session's memory and device:
 * %memgetinfo (device free/total, the pools; text + an HTML bar), %free,
 * %device (every GPU), %who, %whos, %reset.  Reads the CUDA engineer's pool and device
 * state through the CUDA plugin's entry points (cuda_plugin.h) only; in
 * host mode each says so.  Never allocates device memory itself.
 */
#include "config.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lang/core.h"
#include "lang/error.h"
#include "array/arrapi.h"
#include "backend/backend.h"
#include "backend/cuda_plugin.h"
#include "array/xfer.h"
#include "array/memreport.h"
#include "session/magic_int.h"

/* "1.5 GiB" */
__attribute__((unused)) static void human(double b, char *buf, size_t n)
{
	static const char *const u[] = {"B", "KiB", "MiB", "GiB", "TiB"};
	int k = 0;
	while (b >= 1024 && k < 4) {
		b /= 1024;
		k++;
	}
	if (k == 0)
		snprintf(buf, n, "%.0f %s", b, u[k]);
	else
		snprintf(buf, n, "%.1f %s", b, u[k]);
}

/* why cp runs on the host, without cuda_describe's "host mode: " */
static const char *host_reason(void)
{
	const char *r = cuda_describe();
	return strncmp(r, "host mode: ", 11) == 0 ? r + 11 : r;
}

/* Shows text/plain (+ text/html when given) as display_data, or prints. */
static int show(struct eval *ev, struct sbuf *t, struct sbuf *h)
{
	char *ts = sb_take(t), *hs = h ? sb_take(h) : NULL;
	if (!ts || (h && !hs)) {
		free(ts);
		free(hs);
		err_nomem(ev);
		return -1;
	}
	if (hs && ev->sink && ev->sink->display) {
		struct engine_bundle b = { 2, {"text/plain", "text/html"}, {ts, hs},
					   {strlen(ts), strlen(hs)} };
		ev->sink->display(ev->sink->ctx, &b, 0, NULL, 0);
	} else {
		magic_out(ev, ts);
	}
	free(ts);
	free(hs);
	return 0;
}

/* %memgetinfo's lines for the GPUs other than the current one (one line
 * each; nothing on a one-GPU machine) */
static int other_devices(struct eval *ev, struct sbuf *t)
{
	const struct cuda_plugin *pl = cuda_plugin();
	int n = pl->device_count(), cur = pl->current_device();
	for (int i = 0; i < n; i++) {
		struct cuda_mem_info mi;
		struct cuda_device_info d;
		char a[32], b[32], c[32], e[32];
		int r;
		if (i == cur)
			continue;
		pl->device_info_of(i, &d);
		if ((r = pl->mem_info_of(ev, i, &mi)) < 0)
			return -1;
		if (r == 1) {
			human((double)d.total_mem, b, sizeof b);
			sb_printf(t, "Device %d:      %s, %s total; not used by this kernel yet\n", i, d.name, b);
			continue;
		}
		human((double)mi.free, a, sizeof a);
		human((double)mi.total, b, sizeof b);
		human((double)mi.pool_used, c, sizeof c);
		human((double)mi.pool_held, e, sizeof e);
		sb_printf(t, "Device %d:      %s, %s free / %s total; pool %s used, %s held\n", i, d.name, a, b, c, e);
	}
	return 0;
}

/* %memgetinfo: device memory and the pools (the current device's, then one
 * line for each other GPU) */
int magic_memgetinfo(struct eval *ev, const char *args, const char *cell, struct value **result)
{
	struct sbuf t = {0};
	int verbose = args && strstr(args, "-v") != NULL;
	if (!backend_cuda(NULL)) {
		sb_printf(&t, "Host mode (%s): cp arrays live in host memory; there is no device "
			  "memory or memory pool to report.\n", host_reason());
		if (verbose) {
			sb_adds(&t, "Live arrays in host memory, largest first:\n  ");
			if (!memrep_largest(ev, &t, 0, 1000, "  ", "\n"))
				sb_adds(&t, "(none held by a variable)\n");
		}
		return show(ev, &t, NULL);
	}
	struct sbuf h = {0};
	struct cuda_mem_info mi;
	if (cuda_plugin()->mem_info(ev, &mi) < 0)
		return -1;
	size_t fr = mi.free, tot = mi.total;
	size_t used = mi.pool_used, held = mi.pool_held;
	size_t nfree = mi.pool_free_blocks, npin = mi.pinned_free_blocks;
	char a[32], b[32], c[32], d[32], e[32];
	human((double)fr, a, sizeof a);
	human((double)tot, b, sizeof b);
	human((double)used, c, sizeof c);
	human((double)held, d, sizeof d);
	human((double)(tot - fr), e, sizeof e);
	if (cuda_plugin()->device_count() > 1) {   /* which of the GPUs these numbers are */
		struct cuda_device_info cd;
		int cur = cuda_plugin()->current_device();
		cuda_plugin()->device_info_of(cur, &cd);
		sb_printf(&t, "Device %d:      %s (current)\n", cur, cd.name);
	} else {
		sb_printf(&t, "Device:        %s\n", cuda_describe());
	}
	sb_printf(&t, "Device memory: %s free / %s total (%s in use by all processes)\n", a, b, e);
	sb_printf(&t, "Memory pool:   %zu bytes used (%s), %zu bytes held (%s), %zu free blocks\n",
		  used, c, held, d, nfree);
	sb_printf(&t, "Pinned pool:   %zu free blocks\n", npin);
	if (other_devices(ev, &t) < 0) {
		free(t.s);
		return -1;
	}
	if (verbose) {
		sb_adds(&t, "Live device arrays, largest first:\n  ");
		if (!memrep_largest(ev, &t, 1, 1000, "  ", "\n"))
			sb_adds(&t, "(none held by a variable)\n");
	}
	double pu = tot ? 100.0 * (double)used / (double)tot : 0;
	double ph = tot ? 100.0 * (double)(held - used) / (double)tot : 0;
	double po = tot ? 100.0 * (double)(tot - fr - (held < tot - fr ? held : tot - fr)) / (double)tot : 0;
	sb_adds(&h, "<div class=\"lumen-memgetinfo\">");
	sb_printf(&h, "<div><b>%s</b></div>", cuda_describe());
	sb_printf(&h, "<div style=\"display:flex;width:480px;height:16px;border:1px solid #888\">"
		  "<div title=\"pool used\" style=\"background:#76b900;width:%.2f%%\"></div>"
		  "<div title=\"pool held, free\" style=\"background:#b8e07a;width:%.2f%%\"></div>"
		  "<div title=\"other\" style=\"background:#999;width:%.2f%%\"></div></div>", pu, ph, po);
	sb_printf(&h, "<div style=\"font-size:smaller\">device: %s free / %s total &middot; pool: %s used, "
		  "%s held, %zu free blocks &middot; pinned pool: %zu free blocks</div></div>",
		  a, b, c, d, nfree, npin);
	return show(ev, &t, &h);
}

/* %free: returns the pools' cached blocks to the driver */
int magic_free(struct eval *ev, const char *args, const char *cell, struct value **result)
{
	if (!backend_cuda(NULL)) {
		magic_out(ev, "Host mode: there are no device memory pools to free.\n");
		return 0;
	}
	struct cuda_mem_info mi;
	const struct cuda_plugin *pl = cuda_plugin();
	if (pl->mem_info(ev, &mi) < 0)
		return -1;
	size_t before = mi.pool_held;
	pl->free_all_blocks();
	if (pl->mem_info(ev, &mi) < 0)
		return -1;
	size_t after = mi.pool_held;
	char a[32], b[32];
	human((double)(before > after ? before - after : 0), a, sizeof a);
	human((double)after, b, sizeof b);
	char line[160];
	snprintf(line, sizeof line, "Released %s of cached blocks; the pool now holds %s.\n", a, b);
	magic_out(ev, line);
	return 0;
}

/* %device: the GPU and the CUDA versions */
/* %device -v: the implicit device-to-host copies so far (array/xfer.h) */
static void transfers(struct sbuf *t)
{
	const char *names[8];
	int64_t counts[8];
	int n = xfer_sites(names, counts, 8);
	sb_printf(t, "  implicit device-to-host copies: %lld (%lld bytes)\n",
		  (long long)xfer_implicit_count(), (long long)xfer_implicit_bytes());
	for (int i = 0; i < n; i++)
		sb_printf(t, "    %-28s %lld\n", names[i], (long long)counts[i]);
}

int magic_device(struct eval *ev, const char *args, const char *cell, struct value **result)
{
	struct sbuf t = {0};
	int verbose = args && strstr(args, "-v") != NULL;
	if (!backend_cuda(NULL)) {
		sb_printf(&t, "Host mode (%s): cp runs on the CPU.\n", host_reason());
		if (verbose)
			transfers(&t);
		return show(ev, &t, NULL);
	}
	const struct cuda_plugin *pl = cuda_plugin();
	int n = pl->device_count(), cur = pl->current_device();
	for (int i = 0; i < n; i++) {   /* every GPU, the current one marked when there are several */
		struct cuda_device_info d;
		pl->device_info_of(i, &d);
		int drv = d.driver_version, rt = d.runtime_version;
		char m[32];
		human((double)d.total_mem, m, sizeof m);
		sb_printf(&t, "Device %d: %s%s\n", d.id, d.name, n > 1 && i == cur ? " (current)" : "");
		sb_printf(&t, "  compute capability: %d.%d\n", d.cc_major, d.cc_minor);
		sb_printf(&t, "  multiprocessors:    %d\n", d.sms);
		sb_printf(&t, "  memory:             %s (%zu bytes)\n", m, d.total_mem);
		sb_printf(&t, "  CUDA driver:        %d.%d\n", drv / 1000, drv % 1000 / 10);
		sb_printf(&t, "  CUDA runtime:       %d.%d\n", rt / 1000, rt % 1000 / 10);
		if (d.dead)
			sb_printf(&t, "  state:              dead (%s)\n", d.dead_msg);
	}
	if (verbose)
		transfers(&t);
	return show(ev, &t, NULL);
}

/* ---- %who, %whos ---- */

static const char *short_type(struct value *v)
{
	const char *tn = val_type_name(v);
	const char *dot = strrchr(tn, '.');
	return dot ? dot + 1 : tn;
}

static int cmp_name(const void *a, const void *b)
{
	const struct dict_entry *x = *(const struct dict_entry *const *)a;
	const struct dict_entry *y = *(const struct dict_entry *const *)b;
	return strcmp(x->key->u.str->s, y->key->u.str->s);
}

/* the user's variables, sorted by name (IPython's who_ls), filtered by the
 * type names in args; *n gets the count.  NULL with n 0: none. */
static struct dict_entry **who_ls(struct eval *ev, const char *args, size_t *n)
{
	struct dict *d = ev->globals->u.dict;
	struct dict_entry **v = malloc(sizeof *v * (d->n + 1));
	*n = 0;
	if (!v)
		return NULL;
	for (size_t i = 0; i < d->n; i++) {
		struct dict_entry *e = &d->entries[i];
		if (!e->key || e->key->type != VT_STR || e->key->u.str->s[0] == '_')
			continue;
		if (*args) {
			const char *tn = short_type(e->val), *p = args;
			int ok = 0;
			while (*p) {
				while (*p == ' ' || *p == ',')
					p++;
				size_t k = 0;
				while (p[k] && p[k] != ' ' && p[k] != ',')
					k++;
				if (k && strlen(tn) == k && !strncmp(tn, p, k))
					ok = 1;
				p += k;
			}
			if (!ok)
				continue;
		}
		v[(*n)++] = e;
	}
	qsort(v, *n, sizeof *v, cmp_name);
	return v;
}

int magic_who(struct eval *ev, const char *args, const char *cell, struct value **result)
{
	size_t n;
	struct dict_entry **v = who_ls(ev, args, &n);
	if (!v) {
		err_nomem(ev);
		return -1;
	}
	struct sbuf b = {0};
	if (!n) {
		sb_adds(&b, *args ? "No variables match your requested type.\n"
			: "Interactive namespace is empty.\n");
	} else {
		int count = 0;
		for (size_t i = 0; i < n; i++) {
			sb_printf(&b, "%s\t ", v[i]->key->u.str->s);
			if (++count > 8) {
				count = 0;
				sb_addc(&b, '\n');
			}
		}
		sb_addc(&b, '\n');
	}
	free(v);
	return show(ev, &b, NULL);
}

/* NumPy's str(shape) with ',' dropped and ' ' -> 'x', without the parens */
static void whos_shape(const struct ndarray *a, char *buf, size_t n)
{
	size_t k = 0;
	buf[0] = 0;
	for (int i = 0; i < a->ndim; i++)
		k += (size_t)snprintf(buf + k, k < n ? n - k : 0, "%s%lld", i ? "x" : "",
				      (long long)a->shape[i]);
}

int magic_whos(struct eval *ev, const char *args, const char *cell, struct value **result)
{
	size_t n;
	struct dict_entry **v = who_ls(ev, args, &n);
	if (!v) {
		err_nomem(ev);
		return -1;
	}
	struct sbuf b = {0};
	if (!n) {
		free(v);
		sb_adds(&b, *args ? "No variables match your requested type.\n"
			: "Interactive namespace is empty.\n");
		return show(ev, &b, NULL);
	}
	size_t vw = strlen("Variable"), tw = strlen("Type");
	for (size_t i = 0; i < n; i++) {
		size_t l = strlen(v[i]->key->u.str->s), m = strlen(short_type(v[i]->val));
		if (l > vw)
			vw = l;
		if (m > tw)
			tw = m;
	}
	vw += 3;
	tw += 3;
	sb_printf(&b, "%-*s%-*s Data/Info\n", (int)vw, "Variable", (int)tw, "Type");
	for (size_t i = 0; i < vw + tw + strlen("Data/Info") + 1; i++)
		sb_addc(&b, '-');
	sb_addc(&b, '\n');
	for (size_t i = 0; i < n; i++) {
		struct value *x = v[i]->val;
		const char *tn = short_type(x);
		sb_printf(&b, "%-*s%-*s ", (int)vw, v[i]->key->u.str->s, (int)tw, tn);
		if (x->type == VT_LIST || x->type == VT_TUPLE || x->type == VT_DICT) {
			sb_printf(&b, "n=%lld\n", (long long)val_len(ev, x));
		} else if (x->type == VT_NDARRAY) {
			const struct ndarray *a = x->u.arr;
			char shp[256];
			whos_shape(a, shp, sizeof shp);
			int64_t size = nd_size(a), bytes = size * dt_size(a->dtype);
			const char *dev = nd_backend(a)->name;
			sb_printf(&b, "%s: %lld elems, type `%s`, %lld bytes", shp, (long long)size,
				  dtype_table[a->dtype].name, (long long)bytes);
			if (bytes >= 100000) {
				double q = bytes < 1048576 ? (double)bytes / 1024 : (double)bytes / 1048576;
				char *r = fmt_float_repr(q, 1);
				sb_printf(&b, " (%s %s)", r ? r : "?", bytes < 1048576 ? "kb" : "Mb");
				free(r);
			}
			sb_printf(&b, ", device `%s`\n", dev);
		} else {
			char *s = val_str_of(ev, x);
			if (!s) {
				err_clear(ev);
				s = strdup("<object (str() failed)>");
			}
			struct sbuf e = {0};
			for (const char *p = s ? s : ""; *p; p++) {
				if (*p == '\n')
					sb_adds(&e, "\\n");
				else
					sb_addc(&e, *p);
			}
			free(s);
			char *es = sb_take(&e);
			size_t el = es ? utf8_len(es, strlen(es)) : 0;
			if (!es)
				sb_addc(&b, '\n');
			else if (el < 50)
				sb_printf(&b, "%s\n", es);
			else {
				size_t L = strlen(es);
				size_t a25 = utf8_offset(es, L, 25), z25 = utf8_offset(es, L, el - 25);
				sb_printf(&b, "%.*s<...>%s\n", (int)a25, es, es + z25);
			}
			free(es);
		}
	}
	free(v);
	return show(ev, &b, NULL);
}

/* %reset [-f]: forgets every variable (asks first without -f when the
 * frontend can answer) */
int magic_reset(struct eval *ev, const char *args, const char *cell, struct value **result)
{
	int force = strstr(args, "-f") != NULL;
	if (!force && ev->sink && ev->sink->input && ev->allow_stdin) {
		char *ans = ev->sink->input(ev->sink->ctx,
			"Once deleted, variables cannot be recovered. Proceed (y/[n])? ", 0);
		int yes = ans && (ans[0] == 'y' || ans[0] == 'Y');
		free(ans);
		if (!yes) {
			magic_out(ev, "Nothing done.\n");
			return 0;
		}
	}
	/* emptied in place: the running cell's scope holds this dict */
	struct value *g = ev->globals, *keys = val_list_new(0, NULL);
	if (!keys) {
		err_nomem(ev);
		return -1;
	}
	for (size_t i = 0; i < g->u.dict->n; i++) {
		struct value *k = g->u.dict->entries[i].key;
		if (k && !(k->type == VT_STR && !strcmp(k->u.str->s, "__name__")) &&
		    list_append(keys, val_incref(k)) < 0) {
			val_decref(keys);
			err_nomem(ev);
			return -1;
		}
	}
	for (size_t i = 0; i < keys->u.seq.n; i++)
		if (dict_del(ev, g, keys->u.seq.items[i]) < 0) {
			val_decref(keys);
			return -1;
		}
	val_decref(keys);
	return 0;
}
