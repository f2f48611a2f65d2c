/*
 * memreport.c — the words of an out-of-memory error: how much the host can
 * still give and which variables hold the largest live arrays.
 *
 * Owns the names hook (set by the session at start-up) and the probes of
 * /proc/meminfo, the rlimits and the cgroup.  Never allocates an array and
 * never frees one: it only reports.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include "array/memreport.h"
#include "array/ndarray.h"
#include "array/arrapi.h"
#include "array/dtype.h"
#include "lang/core.h"
#include "lang/error.h"
#include "lang/strbuf.h"

static memrep_names_fn names_hook;

void memrep_set_names_hook(memrep_names_fn fn)
{
	names_hook = fn;
}

static int by_bytes_desc(const void *x, const void *y)
{
	const struct memrep_named *a = x, *b = y;
	size_t na = a->a->buf ? a->a->buf->nbytes : 0, nb = b->a->buf ? b->a->buf->nbytes : 0;
	return na < nb ? 1 : na > nb ? -1 : strcmp(a->name, b->name);
}

enum { NAMED_MAX = 256 };

int memrep_largest(struct eval *ev, struct sbuf *sb, int device, int max, const char *sep,
		   const char *after)
{
	struct memrep_named all[NAMED_MAX];
	size_t n, k = 0;
	int shown = 0;

	if (!names_hook)
		return 0;
	n = names_hook(ev, all, NAMED_MAX);
	if (n > NAMED_MAX)
		n = NAMED_MAX;
	for (size_t i = 0; i < n; i++)
		if (all[i].a->buf && !nd_host_memory(all[i].a) == !!device)
			all[k++] = all[i];
	qsort(all, k, sizeof *all, by_bytes_desc);
	for (size_t i = 0; i < k && shown < max; i++) {
		const struct ndarray *a = all[i].a;
		char sz[64], sh[256];
		nd_size_string(sz, sizeof sz, (double)a->buf->nbytes);
		arr_format_shape(sh, sizeof sh, a->ndim, a->shape);
		sb_printf(sb, "%s%s: %s %s %s%s", shown ? sep : "", all[i].name,
			  dtype_table[a->dtype].name, sh, sz, after);
		shown++;
	}
	return shown;
}

/* a "Key:  N kB" line of a /proc file, in bytes; -1 when absent */
static long long proc_kb(const char *path, const char *key)
{
	char line[256];
	size_t kl = strlen(key);
	long long v = -1;
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof line, f))
		if (!strncmp(line, key, kl) && line[kl] == ':') {
			v = strtoll(line + kl + 1, NULL, 10) * 1024;
			break;
		}
	fclose(f);
	return v;
}

/* a file holding one number ("max" or absent: -1) */
static long long file_num(const char *path)
{
	char buf[64];
	long long v = -1;
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	if (fgets(buf, sizeof buf, f) && buf[0] >= '0' && buf[0] <= '9')
		v = strtoll(buf, NULL, 10);
	fclose(f);
	return v;
}

static void take_min(size_t *best, const char **why, long long v, const char *name)
{
	if (v >= 0 && (size_t)v < *best) {
		*best = (size_t)v;
		*why = name;
	}
}

size_t memrep_host_avail(const char **why)
{
	size_t best = SIZE_MAX;
	struct rlimit rl;
	long long v;

	*why = "unknown";
	take_min(&best, why, proc_kb("/proc/meminfo", "MemAvailable"), "MemAvailable");
	if (!getrlimit(RLIMIT_AS, &rl) && rl.rlim_cur != RLIM_INFINITY &&
	    (v = proc_kb("/proc/self/status", "VmSize")) >= 0)
		take_min(&best, why, (long long)rl.rlim_cur > v ? (long long)rl.rlim_cur - v : 0, "RLIMIT_AS");
	if (!getrlimit(RLIMIT_DATA, &rl) && rl.rlim_cur != RLIM_INFINITY &&
	    (v = proc_kb("/proc/self/status", "VmData")) >= 0)
		take_min(&best, why, (long long)rl.rlim_cur > v ? (long long)rl.rlim_cur - v : 0, "RLIMIT_DATA");
	{
		/* cgroup v2: this process's group is "0::/path" in /proc/self/cgroup */
		char line[512], path[700];
		FILE *f = fopen("/proc/self/cgroup", "r");
		while (f && fgets(line, sizeof line, f)) {
			if (strncmp(line, "0::", 3))
				continue;
			line[strcspn(line, "\n")] = 0;
			const char *g = strcmp(line + 3, "/") ? line + 3 : "";
			snprintf(path, sizeof path, "/sys/fs/cgroup%s/memory.max", g);
			long long mx = file_num(path);
			snprintf(path, sizeof path, "/sys/fs/cgroup%s/memory.current", g);
			long long cur = file_num(path);
			if (mx >= 0 && cur >= 0)
				take_min(&best, why, mx > cur ? mx - cur : 0, "cgroup memory.max");
		}
		if (f)
			fclose(f);
	}
	return best;
}

void memrep_enrich(struct eval *ev, int device)
{
	struct sbuf sb = {0};
	struct value *e;
	char *msg;

	if (!ev || !ev->err || ev->err->type != VT_EXCEPTION ||
	    (ev->err->u.exc.type != TY_MemoryError && ev->err->u.exc.type != TY_OutOfMemoryError))
		return;
	if (!memrep_largest(ev, &sb, device, 5, ", ", "")) {
		free(sb_take(&sb));
		return;
	}
	msg = sb_take(&sb);
	if (!msg)
		return;
	e = err_fetch(ev);
	err_set(ev, e->u.exc.type, "%s; largest live arrays: %s", e->u.exc.msg ? e->u.exc.msg : "", msg);
	val_decref(e);
	free(msg);
}
