/*
 * plot_color.c — matplotlib's colour specs and colormaps: names (the
 * generated table), '#rrggbb[aa]', 'C0'..'C9' (the tab10 cycle), grey
 * levels as strings, RGB(A) tuples; colormap lookup by name ('_r' reverses).
 * Owns no state; never draws.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "lang/error.h"
#include "plot/plot.h"

static const unsigned tab10[10] = {
	0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd,
	0x8c564b, 0xe377c2, 0x7f7f7f, 0xbcbd22, 0x17becf,
};

struct pl_color pl_cycle_color(int i)
{
	unsigned c = tab10[((i % 10) + 10) % 10];
	return (struct pl_color){ ((c >> 16) & 255) / 255.0, ((c >> 8) & 255) / 255.0,
				  (c & 255) / 255.0, 1.0 };
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = tolower(c);
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

static int hex_color(const char *s, struct pl_color *out)
{
	size_t n = strlen(s);
	int v[8];
	if (n != 6 && n != 8 && n != 3 && n != 4)
		return -1;
	for (size_t i = 0; i < n; i++)
		if ((v[i] = hexval((unsigned char)s[i])) < 0)
			return -1;
	if (n <= 4) {
		out->r = v[0] * 17 / 255.0;
		out->g = v[1] * 17 / 255.0;
		out->b = v[2] * 17 / 255.0;
		out->a = n == 4 ? v[3] * 17 / 255.0 : 1;
	} else {
		out->r = (v[0] * 16 + v[1]) / 255.0;
		out->g = (v[2] * 16 + v[3]) / 255.0;
		out->b = (v[4] * 16 + v[5]) / 255.0;
		out->a = n == 8 ? (v[6] * 16 + v[7]) / 255.0 : 1;
	}
	return 0;
}

int pl_color_name(const char *s, struct pl_color *out)
{
	if (s[0] == '#')
		return hex_color(s + 1, out);
	if ((s[0] == 'C') && isdigit((unsigned char)s[1]) && !s[2 + (isdigit((unsigned char)s[2]) ? 1 : 0)]) {
		*out = pl_cycle_color(atoi(s + 1));
		return 0;
	}
	char *end;
	double g = strtod(s, &end);
	if (end != s && !*end && g >= 0 && g <= 1 && (isdigit((unsigned char)s[0]) || s[0] == '.')) {
		*out = (struct pl_color){ g, g, g, 1 };
		return 0;
	}
	int lo = 0, hi = pl_n_named_colors - 1;
	while (lo <= hi) {  /* the table is sorted by name (case sensitive) */
		int mid = (lo + hi) / 2, c = strcmp(s, pl_named_colors[mid].name);
		if (!c) {
			*out = (struct pl_color){ pl_named_colors[mid].r, pl_named_colors[mid].g,
						  pl_named_colors[mid].b, 1 };
			return 0;
		}
		if (c < 0)
			hi = mid - 1;
		else
			lo = mid + 1;
	}
	for (int i = 0; i < pl_n_named_colors; i++)  /* CSS names ignore case */
		if (!strcasecmp(s, pl_named_colors[i].name)) {
			*out = (struct pl_color){ pl_named_colors[i].r, pl_named_colors[i].g,
						  pl_named_colors[i].b, 1 };
			return 0;
		}
	return -1;
}

int pl_color_parse(struct eval *ev, struct value *v, struct pl_color *out)
{
	const char *s = val_as_cstr(v);
	if (s) {
		if (pl_color_name(s, out) == 0)
			return 0;
		err_set(ev, TY_ValueError, "'%s' is not a valid color value.", s);
		return -1;
	}
	if (v->type == VT_TUPLE || v->type == VT_LIST) {
		size_t n = v->u.seq.n;
		double c[4] = { 0, 0, 0, 1 };
		if (n != 3 && n != 4) {
			err_set(ev, TY_ValueError, "RGBA sequence should have length 3 or 4");
			return -1;
		}
		for (size_t i = 0; i < n; i++) {
			if (val_as_double(ev, v->u.seq.items[i], &c[i]) < 0)
				return -1;
			if (c[i] < 0 || c[i] > 1) {
				err_set(ev, TY_ValueError, "RGBA values should be within 0-1 range");
				return -1;
			}
		}
		*out = (struct pl_color){ c[0], c[1], c[2], c[3] };
		return 0;
	}
	if (v->type == VT_NDARRAY) {  /* a row of a colormap's output */
		int64_t n;
		double *c = pl_doubles(ev, v, &n, NULL, NULL);
		if (!c)
			return -1;
		if (n != 3 && n != 4) {
			free(c);
			err_set(ev, TY_ValueError, "RGBA sequence should have length 3 or 4");
			return -1;
		}
		*out = (struct pl_color){ c[0], c[1], c[2], n == 4 ? c[3] : 1 };
		free(c);
		return 0;
	}
	err_set(ev, TY_ValueError, "Invalid RGBA argument: %s", val_type_name(v));
	return -1;
}

/* colormaps: index i < pl_n_cmaps, or i + pl_n_cmaps for the reversed one */
int pl_cmap_find(const char *name)
{
	size_t n = strlen(name);
	int rev = n > 2 && !strcmp(name + n - 2, "_r");
	for (int i = 0; i < pl_n_cmaps; i++)
		if (strlen(pl_cmap_tables[i].name) == n - (rev ? 2 : 0) &&
		    !strncmp(pl_cmap_tables[i].name, name, n - (rev ? 2 : 0)))
			return i + (rev ? pl_n_cmaps : 0);
	return -1;
}

/* the session's own colormaps (matplotlib.colors.ListedColormap): index
 * 2 * pl_n_cmaps + k, kept until exit (a colormap value holds its index) */
#define PL_MAX_USER_CMAPS 4096
struct user_cmap { char *name; int n; struct pl_color *c; };
static struct user_cmap *ucm;
static int n_ucm, cap_ucm;

static const struct user_cmap *user_cmap(int cmap)
{
	int k = cmap - 2 * pl_n_cmaps;
	return k >= 0 && k < n_ucm ? &ucm[k] : NULL;
}

int pl_cmap_add(struct eval *ev, const char *name, int n, const struct pl_color *c)
{
	if (n < 1)
		return err_set(ev, TY_ValueError, "a colormap needs at least one colour"), -1;
	if (n_ucm >= PL_MAX_USER_CMAPS)
		return err_set(ev, TY_MemoryError, "more than %d colormaps made in this session", PL_MAX_USER_CMAPS), -1;
	if (n_ucm == cap_ucm) {
		int cap = cap_ucm ? 2 * cap_ucm : 8;
		struct user_cmap *u = realloc(ucm, sizeof *u * (size_t)cap);
		if (!u)
			return err_nomem(ev), -1;
		ucm = u;
		cap_ucm = cap;
	}
	struct user_cmap *u = &ucm[n_ucm];
	u->name = strdup(name ? name : "from_list");
	u->c = malloc(sizeof *c * (size_t)n);
	if (!u->name || !u->c) {
		free(u->name);
		free(u->c);
		return err_nomem(ev), -1;
	}
	memcpy(u->c, c, sizeof *c * (size_t)n);
	u->n = n;
	return 2 * pl_n_cmaps + n_ucm++;
}

int pl_cmap_size(int cmap)
{
	const struct user_cmap *u = user_cmap(cmap);
	return u ? u->n : 256;
}

const struct pl_color *pl_cmap_colors(int cmap)
{
	const struct user_cmap *u = user_cmap(cmap);
	return u ? u->c : NULL;
}

const char *pl_cmap_name(int cmap)
{
	const struct user_cmap *u = user_cmap(cmap);
	return u ? u->name : pl_cmap_tables[cmap % pl_n_cmaps].name;
}

struct pl_color pl_cmap_at(int cmap, double t)
{
	if (isnan(t))
		return (struct pl_color){ 0, 0, 0, 0 };
	if (t < 0)
		t = 0;
	if (t > 1)
		t = 1;
	const struct user_cmap *u = user_cmap(cmap);
	if (u) {   /* matplotlib's lookup: N bins, the last including 1.0 */
		int i = (int)(t * u->n);
		return u->c[i >= u->n ? u->n - 1 : i];
	}
	if (cmap >= pl_n_cmaps) {
		cmap -= pl_n_cmaps;
		t = 1 - t;
	}
	/* matplotlib's lookup: N = 256 bins, the last including 1.0 */
	int i = (int)(t * 256);
	if (i > 255)
		i = 255;
	const double *c = pl_cmap_tables[cmap].rgb[i];
	return (struct pl_color){ c[0], c[1], c[2], 1 };
}
