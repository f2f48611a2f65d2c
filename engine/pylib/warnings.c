/*
 * warnings.c — the warnings module: warn (categories, stacklevel, "FILE:LINE:
 * Category: message" and the source line on stderr), the filters
 * (filterwarnings, simplefilter, resetwarnings; actions default, always,
 * ignore, error, once, module; message patterns as POSIX extended regexes,
 * case-insensitive, matched at the start), and catch_warnings (saves and
 * restores the filters; record=True collects WarningMessage objects).  The
 * filters also decide NumPy's RuntimeWarnings (lang/error.c's ev_warn_hook).
 * Owns the process-wide filter list and registries, as CPython's module does.
 */
#include <regex.h>
#include <stdlib.h>
#include <string.h>
#include "pylib/pylib_int.h"
#include "lang/ast.h"

enum wact { WA_DEFAULT, WA_ALWAYS, WA_IGNORE, WA_ERROR, WA_ONCE, WA_MODULE };
static const char *const act_names[] = {"default", "always", "ignore", "error", "once", "module"};

struct wfilter {
	enum wact action;
	char *pattern;      /* NULL: any message */
	regex_t re;
	enum typeid cat;
	int lineno;         /* 0: any */
};

struct wstate {
	struct wfilter *f;
	size_t n;
};
static struct wstate filters;
static char **shown;          /* registry keys of warnings shown once */
static size_t nshown;
static struct value *recording; /* catch_warnings(record=True)'s list, or NULL */

static void filter_clear(struct wfilter *f)
{
	if (f->pattern) {
		regfree(&f->re);
		free(f->pattern);
	}
}

static int filter_copy(struct wfilter *dst, const struct wfilter *src)
{
	*dst = *src;
	if (src->pattern) {
		dst->pattern = strdup(src->pattern);
		if (!dst->pattern || regcomp(&dst->re, dst->pattern, REG_EXTENDED | REG_ICASE) != 0) {
			free(dst->pattern);
			dst->pattern = NULL;
			return -1;
		}
	}
	return 0;
}

static void state_free(struct wstate *s)
{
	for (size_t i = 0; i < s->n; i++)
		filter_clear(&s->f[i]);
	free(s->f);
	s->f = NULL;
	s->n = 0;
}

static int state_copy(struct wstate *dst, const struct wstate *src)
{
	dst->n = 0;
	dst->f = calloc(src->n + 1, sizeof *dst->f);
	if (!dst->f)
		return -1;
	for (size_t i = 0; i < src->n; i++) {
		if (filter_copy(&dst->f[i], &src->f[i]) < 0) {
			state_free(dst);
			return -1;
		}
		dst->n++;
	}
	return 0;
}

static int pattern_match(const struct wfilter *f, const char *text)
{
	regmatch_t m;
	if (!f->pattern)
		return 1;
	return regexec(&f->re, text, 1, &m, 0) == 0 && m.rm_so == 0;
}

/* the action for (category, text, line): the first matching filter, else
 * CPython's defaults (PendingDeprecationWarning ignored, the rest shown) */
static enum wact action_for(enum typeid cat, const char *text, int line)
{
	for (size_t i = 0; i < filters.n; i++) {
		const struct wfilter *f = &filters.f[i];
		if (typeid_subclass(cat, f->cat) && (!f->lineno || f->lineno == line) && pattern_match(f, text))
			return f->action;
	}
	return cat == TY_PendingDeprecationWarning ? WA_IGNORE : WA_DEFAULT;
}

/* 1 if key was shown before, else records it */
static int seen_before(const char *key)
{
	for (size_t i = 0; i < nshown; i++)
		if (!strcmp(shown[i], key))
			return 1;
	char **n = realloc(shown, sizeof *n * (nshown + 1));
	if (!n)
		return 0;
	shown = n;
	if ((shown[nshown] = strdup(key)))
		nshown++;
	return 0;
}

/* ---- WarningMessage ---- */

struct wmsg { struct value *message, *category, *filename; int lineno; };

static void wmsg_free(void *p)
{
	struct wmsg *w = p;
	val_decref(w->message);
	val_decref(w->category);
	val_decref(w->filename);
	free(w);
}

static struct value *wmsg_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct wmsg *w = self->u.obj.p;
	if (!strcmp(name, "message")) return val_incref(w->message);
	if (!strcmp(name, "category")) return val_incref(w->category);
	if (!strcmp(name, "filename")) return val_incref(w->filename);
	if (!strcmp(name, "lineno")) return val_int(w->lineno);
	if (!strcmp(name, "line") || !strcmp(name, "file") || !strcmp(name, "source")) return val_none();
	return NULL;
}

static char *wmsg_str(struct eval *ev, struct value *self)
{
	struct wmsg *w = self->u.obj.p;
	char *m = val_repr(ev, w->message), *f = val_repr(ev, w->filename);
	const char *cn = typeid_name(w->category->u.ty);
	struct sbuf b = {0};
	if (m && f)
		sb_printf(&b, "{message : %s, category : '%s', filename : %s, lineno : %d, line : None}", m, cn, f, w->lineno);
	free(m);
	free(f);
	return b.s ? sb_take(&b) : NULL;
}

static char *wmsg_repr(struct eval *ev, struct value *self)
{
	struct sbuf b = {0};
	sb_printf(&b, "<warnings.WarningMessage object at %p>", (void *)self);
	return sb_take(&b);
}

static const char *const wmsg_attrs[] = {"message", "category", "filename", "lineno", "line", NULL};
static const struct objtype wmsg_type = {
	.name = "warnings.WarningMessage", .free = wmsg_free, .getattr = wmsg_getattr, .str = wmsg_str,
	.repr = wmsg_repr, .attrs = wmsg_attrs,
};

static int record(struct eval *ev, enum typeid cat, const char *text, const char *file, int line)
{
	struct wmsg *w = calloc(1, sizeof *w);
	if (!w) {
		err_nomem(ev);
		return -1;
	}
	w->message = val_exception_new(cat, text);
	w->category = val_type(cat);
	w->filename = val_cstr(file);
	w->lineno = line;
	if (w->message && w->message->u.exc.args == NULL) {
		struct value *t = val_cstr(text);
		w->message->u.exc.args = val_tuple_new(1, &t);
	}
	if (list_append(recording, val_object_new(&wmsg_type, w)) < 0) {
		err_nomem(ev);
		return -1;
	}
	return 0;
}

/* where a warning points: the frame stacklevel-1 below the top */
static void warn_place(struct eval *ev, int stacklevel, const char **file, int *line, const char **src, size_t *srclen)
{
	*file = "sys";
	*line = 1;
	*src = NULL;
	*srclen = 0;
	int k = ev->nframes - stacklevel;
	if (k >= 0 && k < ev->nframes) {
		const struct frame *f = &ev->frames[k];
		*line = f->line;
		if (f->arena) {
			*file = f->arena->name ? f->arena->name : "<string>";
			*src = arena_line(f->arena, *line, srclen);
		}
	}
}

static void print_warning(struct eval *ev, const char *cat, const char *text, const char *file, int line,
			  const char *src, size_t srclen)
{
	while (src && srclen && (*src == ' ' || *src == '\t')) {
		src++;
		srclen--;
	}
	while (src && srclen && (src[srclen - 1] == ' ' || src[srclen - 1] == '\t' || src[srclen - 1] == '\r'))
		srclen--;
	struct sbuf b = {0};
	sb_printf(&b, "%s:%d: %s: %s\n", file, line, cat, text);
	if (src && srclen)
		sb_printf(&b, "  %.*s\n", (int)srclen, src);
	if (b.s)
		ev_write(ev, 2, b.s, b.n);
	free(b.s);
}

/* decides and shows (or records, or raises) one warning; 0 or -1 */
static int warn_emit(struct eval *ev, enum typeid cat, const char *text, int stacklevel)
{
	const char *file, *src;
	size_t srclen;
	int line;
	warn_place(ev, stacklevel, &file, &line, &src, &srclen);
	enum wact a = action_for(cat, text, line);
	if (a == WA_IGNORE)
		return 0;
	if (a == WA_ERROR) {
		err_set(ev, cat, "%s", text);
		return -1;
	}
	if (a != WA_ALWAYS) {
		struct sbuf k = {0};
		if (a == WA_ONCE)
			sb_printf(&k, "once\n%s\n%s", typeid_name(cat), text);
		else if (a == WA_MODULE)
			sb_printf(&k, "module\n%s\n%s\n%s", file, typeid_name(cat), text);
		else
			sb_printf(&k, "default\n%s\n%d\n%s\n%s", file, line, typeid_name(cat), text);
		int seen = k.s ? seen_before(k.s) : 0;
		free(k.s);
		if (seen)
			return 0;
	}
	if (recording)
		return record(ev, cat, text, file, line);
	print_warning(ev, typeid_name(cat), text, file, line, src, srclen);
	return 0;
}

/* ufunc/fpe.c's warnings (NumPy's RuntimeWarning, ComplexWarning) */
static int fpe_hook(struct eval *ev, const char *category, const char *msg)
{
	enum typeid cat = TY_RuntimeWarning;
	for (int t = TY_Warning; t < TY_COUNT; t++)
		if (typeid_subclass((enum typeid)t, TY_Warning) && !strcmp(typeid_name((enum typeid)t), category))
			cat = (enum typeid)t;
	const char *file, *src;
	size_t srclen;
	int line;
	warn_place(ev, 1, &file, &line, &src, &srclen);
	switch (action_for(cat, msg, line)) {
	case WA_IGNORE:
		return 1;
	case WA_ALWAYS:
		if (!recording)
			print_warning(ev, category, msg, file, line, src, srclen);
		break;
	default:
		if (!recording)
			return 0; /* fpe.c prints it once per place */
		break;
	}
	if (recording) {
		struct value *saved = err_occurred(ev) ? err_fetch(ev) : NULL;
		if (record(ev, cat, msg, file, line) < 0) {
			val_decref(err_fetch(ev));
			err_tb_clear(ev);
		}
		if (saved)
			err_set_value(ev, saved);
	}
	return 1;
}

static int category_arg(struct eval *ev, struct value *c, enum typeid def, enum typeid *out)
{
	if (!c || c->type == VT_NONE) {
		*out = def;
		return 0;
	}
	if (c->type != VT_TYPE || !typeid_subclass(c->u.ty, TY_Warning)) {
		err_set(ev, TY_TypeError, "category must be a Warning subclass, not '%s'", val_type_name(c));
		return -1;
	}
	*out = c->u.ty;
	return 0;
}

PYFN(w_warn)
{
	struct value *msg = NULL, *cat = NULL, *sl = NULL, *source = NULL;
	int64_t stacklevel;
	enum typeid t;
	if (args_parse(ev, "warn", argc, argv, kw, "message|category,stacklevel,source", &msg, &cat, &sl, &source) < 0 ||
	    args_int(ev, sl, 1, &stacklevel) < 0)
		return NULL;
	if (msg->type == VT_EXCEPTION && typeid_subclass(msg->u.exc.type, TY_Warning))
		t = msg->u.exc.type;
	else if (category_arg(ev, cat, TY_UserWarning, &t) < 0)
		return NULL;
	char *text = val_str_of(ev, msg);
	if (!text)
		return NULL;
	int r = warn_emit(ev, t, text, stacklevel < 1 ? 1 : (int)stacklevel);
	free(text);
	return r < 0 ? NULL : val_none();
}

static int parse_action(struct eval *ev, struct value *a, enum wact *out)
{
	if (a && a->type == VT_STR)
		for (int i = 0; i < 6; i++)
			if (!strcmp(a->u.str->s, act_names[i])) {
				*out = (enum wact)i;
				return 0;
			}
	char *r = a ? val_repr(ev, a) : NULL;
	err_set(ev, TY_AssertionError, "invalid action: %s", r ? r : "None");
	free(r);
	return -1;
}

static int add_filter(struct eval *ev, enum wact act, const char *pattern, enum typeid cat, int64_t lineno, int append)
{
	struct wfilter f = { act, NULL, {0}, cat, (int)lineno };
	if (pattern && *pattern) {
		f.pattern = strdup(pattern);
		if (!f.pattern) {
			err_nomem(ev);
			return -1;
		}
		if (regcomp(&f.re, pattern, REG_EXTENDED | REG_ICASE) != 0) {
			free(f.pattern);
			err_set(ev, TY_ValueError, "warnings: cannot compile the message pattern %s", pattern);
			return -1;
		}
	}
	/* an identical filter moves instead of repeating, as CPython's */
	for (size_t i = 0; i < filters.n; i++) {
		struct wfilter *g = &filters.f[i];
		if (g->action == f.action && g->cat == f.cat && g->lineno == f.lineno &&
		    ((!g->pattern && !f.pattern) || (g->pattern && f.pattern && !strcmp(g->pattern, f.pattern)))) {
			if (append) {
				filter_clear(&f);
				return 0;
			}
			filter_clear(g);
			memmove(filters.f + i, filters.f + i + 1, sizeof *filters.f * (filters.n - i - 1));
			filters.n--;
			break;
		}
	}
	struct wfilter *nf = realloc(filters.f, sizeof *nf * (filters.n + 1));
	if (!nf) {
		filter_clear(&f);
		err_nomem(ev);
		return -1;
	}
	filters.f = nf;
	if (append) {
		filters.f[filters.n++] = f;
	} else {
		memmove(filters.f + 1, filters.f, sizeof *filters.f * filters.n);
		filters.f[0] = f;
		filters.n++;
	}
	return 0;
}

PYFN(w_filterwarnings)
{
	struct value *a = NULL, *m = NULL, *c = NULL, *mod = NULL, *ln = NULL, *ap = NULL;
	enum wact act;
	enum typeid cat;
	int64_t lineno;
	int append;
	if (args_parse(ev, "filterwarnings", argc, argv, kw, "action|message,category,module,lineno,append",
		       &a, &m, &c, &mod, &ln, &ap) < 0 || parse_action(ev, a, &act) < 0 ||
	    category_arg(ev, c, TY_Warning, &cat) < 0 || args_int(ev, ln, 0, &lineno) < 0 || args_bool(ev, ap, 0, &append) < 0)
		return NULL;
	if (m && m->type != VT_STR)
		return err_set(ev, TY_AssertionError, "message must be a string");
	return add_filter(ev, act, m ? m->u.str->s : NULL, cat, lineno, append) < 0 ? NULL : val_none();
}

PYFN(w_simplefilter)
{
	struct value *a = NULL, *c = NULL, *ln = NULL, *ap = NULL;
	enum wact act;
	enum typeid cat;
	int64_t lineno;
	int append;
	if (args_parse(ev, "simplefilter", argc, argv, kw, "action|category,lineno,append", &a, &c, &ln, &ap) < 0 ||
	    parse_action(ev, a, &act) < 0 || category_arg(ev, c, TY_Warning, &cat) < 0 ||
	    args_int(ev, ln, 0, &lineno) < 0 || args_bool(ev, ap, 0, &append) < 0)
		return NULL;
	return add_filter(ev, act, NULL, cat, lineno, append) < 0 ? NULL : val_none();
}

PYFN(w_resetwarnings)
{
	state_free(&filters);
	return val_none();
}

/* ---- catch_warnings ---- */

struct catcher {
	int record, entered;
	struct wstate saved;
	struct value *saved_rec, *log;
	int has_action;
	enum wact action;
	enum typeid cat;
	int64_t lineno;
	int append;
};

static void catcher_free(void *p)
{
	struct catcher *c = p;
	state_free(&c->saved);
	val_decref(c->saved_rec);
	val_decref(c->log);
	free(c);
}

static int catcher_enter(struct eval *ev, struct value *self)
{
	struct catcher *c = self->u.obj.p;
	if (c->entered) {
		err_set(ev, TY_RuntimeError, "Cannot enter %s twice", "<warnings.catch_warnings object>");
		return -1;
	}
	if (state_copy(&c->saved, &filters) < 0) {
		err_nomem(ev);
		return -1;
	}
	c->entered = 1;
	c->saved_rec = recording ? val_incref(recording) : NULL;
	if (c->has_action && add_filter(ev, c->action, NULL, c->cat, c->lineno, c->append) < 0)
		return -1;
	if (c->record) {
		val_decref(c->log);
		c->log = val_list_new(0, NULL);
		if (!c->log) {
			err_nomem(ev);
			return -1;
		}
		val_decref(recording);
		recording = val_incref(c->log);
	}
	return 0;
}

/* `with catch_warnings(record=True) as w`: w is the list of warnings */
static struct value *catcher_value(struct eval *ev, struct value *self)
{
	struct catcher *c = self->u.obj.p;
	return c->log ? val_incref(c->log) : val_none();
}

static int catcher_exit(struct eval *ev, struct value *self)
{
	struct catcher *c = self->u.obj.p;
	if (!c->entered)
		return 0;
	state_free(&filters);
	filters = c->saved;
	c->saved.f = NULL;
	c->saved.n = 0;
	val_decref(recording);
	recording = c->saved_rec;
	c->saved_rec = NULL;
	c->entered = 0;
	return 0;
}

static char *catcher_repr(struct eval *ev, struct value *self)
{
	struct catcher *c = self->u.obj.p;
	return strdup(c->record ? "catch_warnings(record=True)" : "catch_warnings()");
}

static const struct objtype catcher_type = {
	.name = "warnings.catch_warnings", .free = catcher_free, .repr = catcher_repr,
	.enter = catcher_enter, .enter_value = catcher_value, .exit = catcher_exit,
};

PYFN(w_catch_warnings)
{
	struct value *rec = NULL, *mod = NULL, *a = NULL, *c = NULL, *ln = NULL, *ap = NULL;
	if (args_parse(ev, "catch_warnings", argc, argv, kw, "$record,module,action,category,lineno,append",
		       &rec, &mod, &a, &c, &ln, &ap) < 0)
		return NULL;
	struct catcher *k = calloc(1, sizeof *k);
	if (!k)
		return err_nomem(ev);
	if (args_bool(ev, rec, 0, &k->record) < 0 || (a && a->type != VT_NONE && parse_action(ev, a, &k->action) < 0) ||
	    category_arg(ev, c, TY_Warning, &k->cat) < 0 || args_int(ev, ln, 0, &k->lineno) < 0 ||
	    args_bool(ev, ap, 0, &k->append) < 0) {
		free(k);
		return NULL;
	}
	k->has_action = a && a->type != VT_NONE;
	return val_object_new(&catcher_type, k);
}

static const struct pyfn warnings_fns[] = {
	{"warn", w_warn}, {"filterwarnings", w_filterwarnings}, {"simplefilter", w_simplefilter},
	{"resetwarnings", w_resetwarnings}, {"catch_warnings", w_catch_warnings},
};

struct value *warnings_build(struct eval *ev, const char *name)
{
	(void)name;
	ev_warn_hook = fpe_hook;
	return pylib_module(ev, "warnings", warnings_fns, sizeof warnings_fns / sizeof warnings_fns[0]);
}
