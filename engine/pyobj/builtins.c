/*
 * builtins.c — Python's builtin functions and types (print, len, range,
 * int, sorted ...), the exception classes, and the methods of str, list,
 * dict, tuple and numbers.  Owns the builtins dict of a session.  Arrays
 * reach these only through value.h's protocol.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lang/core.h"
#include "pyobj/pyobj.h"
#include "lang/error.h"
#include "lang/args.h"
#include "pyobj/bigint.h"

#define BI(name) static struct value *bi_##name(struct eval *ev, const struct builtin *bi, \
	int argc, struct value **argv, const struct kwargs *kw)

static struct value *kwget(const struct kwargs *kw, const char *name)
{
	for (int i = 0; kw && i < kw->n; i++)
		if (strcmp(kw->names[i], name) == 0)
			return kw->vals[i];
	return NULL;
}

static int no_kwargs(struct eval *ev, const char *fname, const struct kwargs *kw)
{
	if (kw && kw->n) {
		err_set(ev, TY_TypeError, "%s() takes no keyword arguments", fname);
		return -1;
	}
	return 0;
}

/* ---- output ---- */

BI(print)
{
	struct value *sep = kwget(kw, "sep"), *end = kwget(kw, "end"), *file = kwget(kw, "file");
	for (int i = 0; kw && i < kw->n; i++)
		if (strcmp(kw->names[i], "sep") && strcmp(kw->names[i], "end") &&
		    strcmp(kw->names[i], "file") && strcmp(kw->names[i], "flush"))
			return err_set(ev, TY_TypeError, "'%s' is an invalid keyword argument for print()", kw->names[i]);
	if (sep && sep->type != VT_NONE && sep->type != VT_STR)
		return err_set(ev, TY_TypeError, "sep must be None or a string, not %s", val_type_name(sep));
	if (end && end->type != VT_NONE && end->type != VT_STR)
		return err_set(ev, TY_TypeError, "end must be None or a string, not %s", val_type_name(end));
	int fd = 1;
	if (file && file->type != VT_NONE) {
		fd = pymod_stream_fd(file);
		if (fd < 0 && file->type != VT_OBJECT)
			return err_set(ev, TY_AttributeError, "'%s' object has no attribute 'write'", val_type_name(file));
	}
	if (fd >= 0 && argc == 1 && argv[0]->type == VT_STR && argv[0]->u.str->len >= 65536) {
		/* one long string: written as it is, not copied into a buffer */
		ev_write(ev, fd, argv[0]->u.str->s, argv[0]->u.str->len);
		if (end && end->type == VT_STR)
			ev_write(ev, fd, end->u.str->s, end->u.str->len);
		else
			ev_write(ev, fd, "\n", 1);
		return val_none();
	}
	struct sbuf b = {0};
	const char *s_sep = sep && sep->type == VT_STR ? sep->u.str->s : " ";
	size_t n_sep = sep && sep->type == VT_STR ? sep->u.str->len : 1;
	for (int i = 0; i < argc; i++) {
		if (i)
			sb_add(&b, s_sep, n_sep);
		if (argv[i]->type == VT_STR) {
			sb_add(&b, argv[i]->u.str->s, argv[i]->u.str->len);
			continue;
		}
		char *s = val_str_of(ev, argv[i]);
		if (!s) {
			free(b.s);
			return NULL;
		}
		sb_adds(&b, s);
		free(s);
	}
	if (end && end->type == VT_STR)
		sb_add(&b, end->u.str->s, end->u.str->len);
	else
		sb_addc(&b, '\n');
	if (b.oom) {
		free(b.s);
		return err_nomem(ev);
	}
	if (fd < 0) { /* a file object (io.StringIO ...): its write method */
		struct value *w = val_getattr(ev, file, "write");
		struct value *str = w ? val_str(b.s ? b.s : "", b.n) : NULL;
		struct value *r = str ? val_call(ev, w, 1, &str, NULL) : NULL;
		val_decref(w);
		val_decref(str);
		free(b.s);
		if (!r)
			return NULL;
		val_decref(r);
		return val_none();
	}
	if (b.n)
		ev_write(ev, fd, b.s, b.n);
	free(b.s);
	return val_none();
}


int builtins_bundle(struct eval *ev, struct value *v, struct engine_bundle *b)
{
	memset(b, 0, sizeof *b);
	char *t = val_repr(ev, v);
	if (!t)
		return -1;
	b->mime[0] = strdup("text/plain");
	b->data[0] = t;
	b->len[0] = strlen(t);
	b->n = 1;
	if (!b->mime[0]) {
		free(t);
		b->n = 0;
		err_nomem(ev);
		return -1;
	}
	if (cls_is_instance(v) && cls_rich_bundle(ev, v, b) < 0)
		return -1;
	if (lang_hooks.html && v->type == VT_NDARRAY) {
		char *h = lang_hooks.html(ev, v);
		if (h) {
			b->mime[1] = strdup("text/html");
			b->data[1] = h;
			b->len[1] = strlen(h);
			b->n = 2;
		} else if (err_occurred(ev)) {
			val_decref(err_fetch(ev));
			err_tb_clear(ev);
		}
	}
	return 0;
}

/* display() and clear_output() are IPython's: the session's display.c
 * registers them (lang_hooks) */
BI(display)
{
	if (!lang_hooks.display)
		return err_set(ev, TY_NotImplementedError, "%s() needs the session", bi->name);
	return lang_hooks.display(ev, argc, argv, kw);
}

BI(clear_output)
{
	if (!lang_hooks.clear_output)
		return err_set(ev, TY_NotImplementedError, "%s() needs the session", bi->name);
	return lang_hooks.clear_output(ev, argc, argv, kw);
}

/* exit / quit: IPython's ExitAutocall.  Asks the frontend to end the session
 * (the execute_reply's ask_exit payload); the rest of the cell still runs.
 * With no sink (lumen run FILE.py) the script ends there with status 0, as
 * Python's exit() does. */
BI(exit)
{
	struct value *keep = NULL;
	int k;
	if (args_parse(ev, bi->name, argc, argv, kw, "|keep_kernel", &keep) < 0 ||
	    args_bool(ev, keep, 0, &k) < 0)
		return NULL;
	if (!ev->sink) {
		exit(lang_hooks.exit_process ? lang_hooks.exit_process(0) : 0);
	}
	if (!ev->sink->ask_exit)
		return err_set(ev, TY_NotImplementedError, "%s(): no frontend here to end the session", bi->name);
	ev->sink->ask_exit(ev->sink->ctx, k);
	return val_none();
}

int builtins_is_exit(const struct value *v)
{
	return v && v->type == VT_BUILTIN && !v->u.bi.self && v->u.bi.fn == bi_exit;
}

BI(input)
{
	struct value *prompt = NULL;
	if (args_parse(ev, "input", argc, argv, kw, "|prompt", &prompt) < 0)
		return NULL;
	char *p = prompt ? val_str_of(ev, prompt) : strdup("");
	if (!p)
		return NULL;
	char *line = NULL;
	if (ev->sink && ev->sink->input) {
		line = ev->sink->input(ev->sink->ctx, p, 0);
		if (!line) {
			free(p);
			return err_set(ev, TY_StdinNotImplementedError,
				       "raw_input was called, but this frontend does not support input requests.");
		}
	} else if (ev->sink) {
		free(p);
		return err_set(ev, TY_StdinNotImplementedError,
			       "raw_input was called, but this frontend does not support input requests.");
	} else {
		fputs(p, stdout);
		fflush(stdout);
		size_t cap = 0;
		ssize_t n = getline(&line, &cap, stdin);
		if (n < 0) {
			free(line);
			free(p);
			return err_set(ev, TY_EOFError, "EOF when reading a line");
		}
		if (n > 0 && line[n - 1] == '\n')
			line[n - 1] = 0;
	}
	free(p);
	struct value *r = val_cstr(line);
	free(line);
	return r ? r : err_nomem(ev);
}

/* ---- basics ---- */

BI(len)
{
	if (no_kwargs(ev, "len", kw) < 0 || args_count(ev, "len", argc, 1, 1) < 0)
		return NULL;
	int64_t n = val_len(ev, argv[0]);
	return n < 0 ? NULL : val_int(n);
}

BI(repr)
{
	if (args_count(ev, "repr", argc, 1, 1) < 0)
		return NULL;
	char *s = val_repr(ev, argv[0]);
	return s ? val_str_take(s, strlen(s)) : NULL;
}

BI(abs)
{
	if (args_count(ev, "abs", argc, 1, 1) < 0)
		return NULL;
	struct value *v = argv[0];
	switch (v->type) {
	case VT_BOOL: case VT_INT:
		if (v->u.i == INT64_MIN)
			return big_neg_i64(ev, v->u.i);
		return val_int(v->u.i < 0 ? -v->u.i : v->u.i);
	case VT_BIGINT:
		return big_abs(ev, v);
	case VT_FLOAT: return val_float(fabs(v->u.f));
	case VT_COMPLEX: return val_float(cabs(v->u.c));
	case VT_NDARRAY: case VT_SCALAR:
		return VAL_SLOT(v, abs)(ev, v);
	default:
		if (cls_is_instance(v)) {
			struct value *m = val_getattr(ev, v, "__abs__");
			if (m) {
				struct value *r = val_call(ev, m, 0, NULL, NULL);
				val_decref(m);
				return r;
			}
			err_clear(ev);
		}
		return err_set(ev, TY_TypeError, "bad operand type for abs(): '%s'", val_type_name(v));
	}
}

BI(hash)
{
	uint64_t h;
	if (args_count(ev, "hash", argc, 1, 1) < 0 || val_hash(ev, argv[0], &h) < 0)
		return NULL;
	return val_int((int64_t)h);
}

BI(id)
{
	if (args_count(ev, "id", argc, 1, 1) < 0)
		return NULL;
	return val_int((int64_t)(uintptr_t)argv[0]);
}

BI(callable)
{
	if (args_count(ev, "callable", argc, 1, 1) < 0)
		return NULL;
	struct value *v = argv[0];
	int c = v->type == VT_FUNCTION || v->type == VT_BUILTIN || v->type == VT_TYPE ||
		(v->type == VT_DTYPE && v->u.dt.is_type) ||
		(v->type == VT_OBJECT && v->u.obj.t && v->u.obj.t->call && cls_callable(v));
	return val_bool(c);
}

/* __import__(name, globals=None, locals=None, fromlist=(), level=0): the
 * module name names (imported as `import name` does), or its top-level
 * package when fromlist is empty; Lumen has no packages of its own, so a
 * relative import (level > 0) has no parent */
BI(__import__)
{
	struct value *name, *g = NULL, *l = NULL, *from = NULL, *level = NULL;
	if (args_parse(ev, "__import__", argc, argv, kw, "name|globals,locals,fromlist,level",
		       &name, &g, &l, &from, &level) < 0)
		return NULL;
	if (name->type != VT_STR)
		return err_set(ev, TY_TypeError, "module name must be a string");
	if (level && level->type != VT_INT && level->type != VT_BOOL)
		return err_set(ev, TY_TypeError, "'%s' object cannot be interpreted as an integer",
			       val_type_name(level));
	if (level && level->u.i < 0)
		return err_set(ev, TY_ValueError, "level must be >= 0");
	if (level && level->u.i > 0) {
		if (!g || g->type == VT_NONE)
			return err_set(ev, TY_KeyError, "'__name__' not in globals");
		return err_set(ev, TY_ImportError, "attempted relative import with no known parent package");
	}
	if (!name->u.str->len)
		return err_set(ev, TY_ValueError, "Empty module name");
	struct value *m = ev_import(ev, name->u.str->s);
	if (!m)
		return NULL;
	int fl = from ? val_truth(ev, from) : 0;
	const char *dot = strchr(name->u.str->s, '.');
	if (fl < 0) {
		val_decref(m);
		return NULL;
	}
	if (fl || !dot)
		return m;
	val_decref(m);
	char *top = strndup(name->u.str->s, (size_t)(dot - name->u.str->s));
	if (!top)
		return err_nomem(ev);
	m = ev_import(ev, top);
	free(top);
	return m;
}

BI(getattr)
{
	if (args_count(ev, "getattr", argc, 2, 3) < 0)
		return NULL;
	if (argv[1]->type != VT_STR)
		return err_set(ev, TY_TypeError, "attribute name must be string, not '%s'", val_type_name(argv[1]));
	struct value *r = val_getattr(ev, argv[0], argv[1]->u.str->s);
	if (!r && argc == 3 && ev->err && typeid_subclass(ev->err->u.exc.type, TY_AttributeError)) {
		err_clear(ev);
		return val_incref(argv[2]);
	}
	return r;
}

BI(hasattr)
{
	if (args_count(ev, "hasattr", argc, 2, 2) < 0)
		return NULL;
	if (argv[1]->type != VT_STR)
		return err_set(ev, TY_TypeError, "attribute name must be string, not '%s'", val_type_name(argv[1]));
	struct value *r = val_getattr(ev, argv[0], argv[1]->u.str->s);
	if (!r && ev->err && typeid_subclass(ev->err->u.exc.type, TY_AttributeError)) {
		err_clear(ev);
		return val_bool(0);
	}
	if (!r)
		return NULL;
	val_decref(r);
	return val_bool(1);
}

BI(setattr)
{
	if (args_count(ev, "setattr", argc, 3, 3) < 0)
		return NULL;
	if (argv[1]->type != VT_STR)
		return err_set(ev, TY_TypeError, "attribute name must be string, not '%s'", val_type_name(argv[1]));
	return val_setattr(ev, argv[0], argv[1]->u.str->s, argv[2]) < 0 ? NULL : val_none();
}

BI(isinstance);

static int isinst(struct eval *ev, struct value *v, struct value *t)
{
	if (cls_is_class(t))
		return cls_isinstance(v, t);
	if (union_is_union(t))
		return union_any(ev, v, t, isinst);
	if (t->type == VT_OBJECT) {
		int r = set_isinstance(v, t);
		if (r >= 0)
			return r;
		if (t->u.obj.t->instancecheck)
			return t->u.obj.t->instancecheck(ev, t, v);
	}
	if (union_is_dtype_class(t))
		/* its instances are the dtype objects, not the scalar types
		 * (np.float64 is no np.dtype) */
		return v->type == VT_DTYPE && !v->u.dt.is_type;
	switch (t->type) {
	case VT_TYPE:
		if (t->u.ty == TY_NDARRAY || t->u.ty == TY_CUPY_NDARRAY)
			return (v->type == VT_NDARRAY || v->type == VT_OBJECT) && val_typeid(v) == t->u.ty;
		if (t->u.ty == TY_FUNCTION)
			return v->type == VT_FUNCTION;
		return val_isinstance(v, t->u.ty);
	case VT_DTYPE: {
		if (!t->u.dt.is_type)
			break;
		if (v->type != VT_SCALAR || !VAL_SLOT(t, subtype))
			return 0;
		/* type(v) against the scalar type hierarchy (np.floating ...) */
		struct value *vt = val_dtype(v->u.sc.dtype, 1);
		if (!vt)
			return -1;
		int r = VAL_SLOT(t, subtype)(vt, t);
		val_decref(vt);
		return r;
	}
	case VT_TUPLE:
		for (size_t i = 0; i < t->u.seq.n; i++) {
			int r = isinst(ev, v, t->u.seq.items[i]);
			if (r)
				return r;
		}
		return 0;
	default:
		break;
	}
	err_set(ev, TY_TypeError, "isinstance() arg 2 must be a type, a tuple of types, or a union");
	return -1;
}

BI(isinstance)
{
	if (args_count(ev, "isinstance", argc, 2, 2) < 0)
		return NULL;
	int r = isinst(ev, argv[0], argv[1]);
	return r < 0 ? NULL : val_bool(r);
}

BI(type)
{
	if (args_count(ev, "type", argc, 1, 1) < 0)
		return NULL;
	struct value *v = argv[0];
	if (v->type == VT_SCALAR)
		return val_dtype(v->u.sc.dtype, 1);
	if (v->type == VT_DTYPE && v->u.dt.is_type)
		return val_type(TY_TYPE);
	if (cls_class_of(v))
		return val_incref(cls_class_of(v));
	if (cls_is_class(v))
		return val_type(TY_TYPE);
	if (set_is_set(v))
		return set_type_of(v);
	if (v->type == VT_OBJECT || v->type == VT_DTYPE) {
		/* no class objects for these: describe by name */
		return val_type(TY_OBJECT);
	}
	return val_type(val_typeid(v));
}

/* ---- iteration helpers ---- */

BI(enumerate)
{
	struct value *it = NULL, *start = NULL;
	int64_t s;
	if (args_parse(ev, "enumerate", argc, argv, kw, "iterable|start", &it, &start) < 0 ||
	    args_int(ev, start, 0, &s) < 0)
		return NULL;
	struct value *items = val_iter_list(ev, it);
	if (!items)
		return NULL;
	for (size_t i = 0; i < items->u.seq.n; i++) {
		struct value *pair[2] = { val_int(s + (int64_t)i), items->u.seq.items[i] };
		struct value *t = val_tuple_new(2, pair);
		if (!t) {
			items->u.seq.items[i] = NULL;
			items->u.seq.n = i;
			val_decref(items);
			return err_nomem(ev);
		}
		items->u.seq.items[i] = t;
	}
	return val_iterobj_new("enumerate", items);
}

/* zip over lazy iterators (itertools.cycle ...): drawn one tuple at a time,
 * each source in turn, stopping at the first exhausted one, as CPython's */
struct lazyzip {
	int n;
	struct value **src;   /* the lazy iterator, or a list of the items */
	size_t *pos;
};

static void lazyzip_free(void *p)
{
	struct lazyzip *z = p;
	for (int i = 0; i < z->n; i++)
		val_decref(z->src[i]);
	free(z->src);
	free(z->pos);
	free(z);
}

static struct value *lazyzip_next(struct eval *ev, struct value *self)
{
	struct lazyzip *z = self->u.obj.p;
	if (z->n == 0)
		return NULL;
	struct value **t = calloc((size_t)z->n, sizeof *t);
	if (!t)
		return err_nomem(ev);
	for (int i = 0; i < z->n; i++) {
		struct value *s = z->src[i];
		if (s->type == VT_LIST)
			t[i] = z->pos[i] < s->u.seq.n ? val_incref(s->u.seq.items[z->pos[i]++]) : NULL;
		else
			t[i] = s->u.obj.t->next(ev, s);
		if (!t[i]) {
			for (int j = 0; j < i; j++)
				val_decref(t[j]);
			free(t);
			return NULL;
		}
	}
	struct value *r = val_tuple_new((size_t)z->n, t);
	free(t);
	return r ? r : err_nomem(ev);
}

static const struct objtype lazyzip_type = {
	.name = "zip", .free = lazyzip_free, .next = lazyzip_next,
};

BI(zip)
{
	if (no_kwargs(ev, "zip", kw) < 0)
		return NULL;
	int lazy = 0;
	for (int i = 0; i < argc; i++)
		lazy |= argv[i]->type == VT_OBJECT && argv[i]->u.obj.t->next && (!argv[i]->u.obj.t->iter ||
									 gen_is_generator(argv[i]));
	if (lazy) {
		struct lazyzip *z = calloc(1, sizeof *z);
		if (!z || !(z->src = calloc((size_t)argc, sizeof *z->src)) || !(z->pos = calloc((size_t)argc, sizeof *z->pos))) {
			if (z)
				free(z->src);
			free(z);
			return err_nomem(ev);
		}
		for (int i = 0; i < argc; i++) {
			struct value *a = argv[i];
			z->src[i] = a->type == VT_OBJECT && a->u.obj.t->next && (!a->u.obj.t->iter || gen_is_generator(a)) ?
			val_incref(a) : val_iter_list(ev, a);
			if (!z->src[i]) {
				z->n = i;
				lazyzip_free(z);
				return NULL;
			}
		}
		z->n = argc;
		return val_object_new(&lazyzip_type, z);
	}
	struct value **lists = calloc((size_t)argc + 1, sizeof *lists);
	struct value *out = NULL;
	if (!lists)
		return err_nomem(ev);
	size_t n = SIZE_MAX;
	for (int i = 0; i < argc; i++) {
		lists[i] = val_iter_list(ev, argv[i]);
		if (!lists[i]) {
			if (ev->err && ev->err->u.exc.type == TY_TypeError) {
				val_decref(err_fetch(ev));
				err_set(ev, TY_TypeError, "'%s' object is not iterable", val_type_name(argv[i]));
			}
			goto out;
		}
		if (lists[i]->u.seq.n < n)
			n = lists[i]->u.seq.n;
	}
	if (argc == 0)
		n = 0;
	out = val_list_new(0, NULL);
	if (!out)
		goto nomem;
	for (size_t k = 0; k < n; k++) {
		struct value **t = malloc(sizeof *t * (size_t)(argc ? argc : 1));
		if (!t)
			goto nomem;
		for (int i = 0; i < argc; i++)
			t[i] = val_incref(lists[i]->u.seq.items[k]);
		struct value *tt = val_tuple_new((size_t)argc, t);
		free(t);
		if (list_append(out, tt) < 0)
			goto nomem;
	}
	for (int i = 0; i < argc; i++)
		val_decref(lists[i]);
	free(lists);
	return val_iterobj_new("zip", out);
nomem:
	err_nomem(ev);
out:
	for (int i = 0; i < argc; i++)
		val_decref(lists[i]);
	free(lists);
	val_decref(out);
	return NULL;
}

BI(reversed)
{
	if (args_count(ev, "reversed", argc, 1, 1) < 0)
		return NULL;
	struct value *v = argv[0];
	if (v->type == VT_DICT || v->type == VT_STR || v->type == VT_BYTES || v->type == VT_LIST || v->type == VT_TUPLE ||
	    v->type == VT_RANGE || v->type == VT_NDARRAY || val_iterobj_list_borrow(v)) {
		struct value *items = val_iter_list(ev, v);
		if (!items)
			return NULL;
		size_t n = items->u.seq.n;
		for (size_t i = 0; i < n / 2; i++) {
			struct value *t = items->u.seq.items[i];
			items->u.seq.items[i] = items->u.seq.items[n - 1 - i];
			items->u.seq.items[n - 1 - i] = t;
		}
		return val_iterobj_new(v->type == VT_LIST ? "list_reverseiterator" : "reversed", items);
	}
	return err_set(ev, TY_TypeError, "'%s' object is not reversible", val_type_name(v));
}

BI(map)
{
	if (argc < 2)
		return err_set(ev, TY_TypeError, "map() must have at least two arguments.");
	struct value *z = bi_zip(ev, bi, argc - 1, argv + 1, NULL);
	if (!z)
		return NULL;
	struct value *tuples = val_iter_list(ev, z);
	val_decref(z);
	if (!tuples)
		return NULL;
	struct value *out = val_list_new(0, NULL);
	for (size_t i = 0; out && i < tuples->u.seq.n; i++) {
		struct value *t = tuples->u.seq.items[i];
		struct value *r = val_call(ev, argv[0], (int)t->u.seq.n, t->u.seq.items, NULL);
		if (!r || list_append(out, r) < 0) {
			val_decref(out);
			out = NULL;
		}
	}
	val_decref(tuples);
	return out ? val_iterobj_new("map", out) : NULL;
}

BI(filter)
{
	if (args_count(ev, "filter", argc, 2, 2) < 0)
		return NULL;
	struct value *items = val_iter_list(ev, argv[1]);
	if (!items)
		return NULL;
	struct value *out = val_list_new(0, NULL);
	for (size_t i = 0; out && i < items->u.seq.n; i++) {
		struct value *x = items->u.seq.items[i], *r;
		int t;
		if (argv[0]->type == VT_NONE) {
			t = val_truth(ev, x);
		} else {
			r = val_call(ev, argv[0], 1, &x, NULL);
			t = r ? val_truth(ev, r) : -1;
			val_decref(r);
		}
		if (t < 0 || (t && list_append(out, val_incref(x)) < 0)) {
			val_decref(out);
			out = NULL;
		}
	}
	val_decref(items);
	return out ? val_iterobj_new("filter", out) : NULL;
}

BI(iter)
{
	if (args_count(ev, "iter", argc, 1, 1) < 0)
		return NULL;
	if (argv[0]->type == VT_OBJECT && (argv[0]->u.obj.t->iter || argv[0]->u.obj.t->next))
		return val_iter(ev, argv[0]);
	if (val_iterobj_list_borrow(argv[0]) && strncmp(val_type_name(argv[0]), "", 0) == 0 &&
	    argv[0]->u.obj.t && 0)
		return val_incref(argv[0]);
	struct value *items = val_iter_list(ev, argv[0]);
	if (!items)
		return NULL;
	const char *kind = argv[0]->type == VT_LIST ? "list_iterator" : argv[0]->type == VT_TUPLE ? "tuple_iterator"
		: argv[0]->type == VT_STR ? "str_ascii_iterator" : argv[0]->type == VT_DICT ? "dict_keyiterator"
		: argv[0]->type == VT_RANGE ? "range_iterator" : "iterator";
	return val_iterobj_new(kind, items);
}

BI(next)
{
	if (args_count(ev, "next", argc, 1, 2) < 0)
		return NULL;
	if (argc == 1 && gen_is_generator(argv[0]))
		return gen_send(ev, argv[0], NULL); /* StopIteration with its return value */
	if (argv[0]->type == VT_OBJECT && argv[0]->u.obj.t->next && !cls_is_instance(argv[0])) {
		struct value *x = argv[0]->u.obj.t->next(ev, argv[0]);
		if (x || err_occurred(ev))
			return x;
		if (argc == 2)
			return val_incref(argv[1]);
		err_set_value(ev, val_exception_new(TY_StopIteration, NULL));
		return NULL;
	}
	struct value *l = val_iterobj_list_borrow(argv[0]);
	if (!l && argv[0]->type == VT_OBJECT && argv[0]->u.obj.t->next) {
		struct value *x = val_next(ev, argv[0]);
		if (x || err_occurred(ev))
			return x;
		if (argc == 2)
			return val_incref(argv[1]);
		err_set_value(ev, val_exception_new(TY_StopIteration, NULL));
		return NULL;
	}
	if (!l)
		return err_set(ev, TY_TypeError, "'%s' object is not an iterator", val_type_name(argv[0]));
	if (l->u.seq.n == 0) {
		if (argc == 2)
			return val_incref(argv[1]);
		err_set_value(ev, val_exception_new(TY_StopIteration, NULL));
		return NULL;
	}
	struct value *x = l->u.seq.items[0];
	memmove(l->u.seq.items, l->u.seq.items + 1, sizeof(struct value *) * (l->u.seq.n - 1));
	l->u.seq.n--;
	return x;
}

static struct value *anyall(struct eval *ev, int argc, struct value **argv, int want_any)
{
	if (args_count(ev, want_any ? "any" : "all", argc, 1, 1) < 0)
		return NULL;
	if (argv[0]->type == VT_NDARRAY) {
		struct value *f = VAL_SLOT(argv[0], getattr)(ev, argv[0], want_any ? "any" : "all");
		if (!f)
			return NULL;
		struct value *r = val_call(ev, f, 0, NULL, NULL);
		val_decref(f);
		if (!r)
			return NULL;
		int t = val_truth(ev, r);
		val_decref(r);
		return t < 0 ? NULL : val_bool(t);
	}
	if (gen_is_generator(argv[0]) || cls_is_instance(argv[0])) {
		/* one item at a time: stops at the first that decides */
		struct value *it = val_iter(ev, argv[0]), *x;
		if (!it)
			return NULL;
		while ((x = val_next(ev, it))) {
			int t = val_truth(ev, x);
			val_decref(x);
			if (t < 0 || t == want_any) {
				val_decref(it);
				return t < 0 ? NULL : val_bool(want_any);
			}
		}
		val_decref(it);
		return err_occurred(ev) ? NULL : val_bool(!want_any);
	}
	struct value *items = val_iter_list(ev, argv[0]);
	if (!items)
		return NULL;
	int res = !want_any;
	for (size_t i = 0; i < items->u.seq.n; i++) {
		int t = val_truth(ev, items->u.seq.items[i]);
		if (t < 0) {
			val_decref(items);
			return NULL;
		}
		if (want_any && t) {
			res = 1;
			break;
		}
		if (!want_any && !t) {
			res = 0;
			break;
		}
	}
	val_decref(items);
	return val_bool(res);
}

BI(any) { return anyall(ev, argc, argv, 1); }
BI(all) { return anyall(ev, argc, argv, 0); }

/* ---- sorting ---- */

struct sortitem { struct value *key, *val; };

static int sort_less(struct eval *ev, struct sortitem *a, struct sortitem *b, int *err)
{
	if (*err)
		return 0;
	int r = val_compare(ev, CMP_LT, a->key, b->key);
	if (r < 0) {
		*err = 1;
		return 0;
	}
	return r;
}

static void merge_sort(struct eval *ev, struct sortitem *a, struct sortitem *tmp, size_t n, int *err)
{
	if (n < 2 || *err)
		return;
	size_t m = n / 2;
	merge_sort(ev, a, tmp, m, err);
	merge_sort(ev, a + m, tmp, n - m, err);
	size_t i = 0, j = m, k = 0;
	while (i < m && j < n) {
		if (sort_less(ev, &a[j], &a[i], err))
			tmp[k++] = a[j++];
		else
			tmp[k++] = a[i++];
	}
	while (i < m)
		tmp[k++] = a[i++];
	while (j < n)
		tmp[k++] = a[j++];
	memcpy(a, tmp, sizeof *a * n);
}

int builtins_sort_list(struct eval *ev, struct value *list, struct value *key, int reverse)
{
	size_t n = list->u.seq.n;
	struct sortitem *it = calloc(n + 1, sizeof *it), *tmp = calloc(n + 1, sizeof *tmp);
	int err = 0;
	if (!it || !tmp) {
		free(it);
		free(tmp);
		err_nomem(ev);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		it[i].val = list->u.seq.items[i];
		if (key && key->type != VT_NONE) {
			it[i].key = val_call(ev, key, 1, &it[i].val, NULL);
			if (!it[i].key) {
				err = 1;
				break;
			}
		} else {
			it[i].key = val_incref(it[i].val);
		}
	}
	if (!err) {
		if (reverse) {
			/* stable reverse sort: reverse, sort, reverse */
			for (size_t i = 0; i < n / 2; i++) {
				struct sortitem t = it[i];
				it[i] = it[n - 1 - i];
				it[n - 1 - i] = t;
			}
		}
		merge_sort(ev, it, tmp, n, &err);
		if (reverse)
			for (size_t i = 0; i < n / 2; i++) {
				struct sortitem t = it[i];
				it[i] = it[n - 1 - i];
				it[n - 1 - i] = t;
			}
		if (!err)
			for (size_t i = 0; i < n; i++)
				list->u.seq.items[i] = it[i].val;
	}
	for (size_t i = 0; i < n; i++)
		val_decref(it[i].key);
	free(it);
	free(tmp);
	return err ? -1 : 0;
}

BI(sorted)
{
	struct value *it = NULL, *key = NULL, *rev = NULL;
	int r;
	if (args_parse(ev, "sorted", argc, argv, kw, "iterable|$key,reverse", &it, &key, &rev) < 0 ||
	    args_bool(ev, rev, 0, &r) < 0)
		return NULL;
	struct value *l = val_iter_list(ev, it);
	if (!l)
		return NULL;
	if (builtins_sort_list(ev, l, key, r) < 0) {
		val_decref(l);
		return NULL;
	}
	return l;
}

static struct value *minmax(struct eval *ev, int argc, struct value **argv, const struct kwargs *kw, int ismax)
{
	const char *fname = ismax ? "max" : "min";
	struct value *key = kwget(kw, "key"), *def = kwget(kw, "default");
	struct value *items;
	if (argc == 0)
		return err_set(ev, TY_TypeError, "%s expected at least 1 argument, got 0", fname);
	if (argc == 1) {
		items = val_iter_list(ev, argv[0]);
		if (!items)
			return NULL;
	} else {
		if (def)
			return err_set(ev, TY_TypeError, "Cannot specify a default for %s() with multiple positional arguments", fname);
		items = val_list_new(0, NULL);
		for (int i = 0; items && i < argc; i++)
			list_append(items, val_incref(argv[i]));
		if (!items)
			return err_nomem(ev);
	}
	if (items->u.seq.n == 0) {
		val_decref(items);
		if (def)
			return val_incref(def);
		return err_set(ev, TY_ValueError, "%s() iterable argument is empty", fname); /* 3.12+ */
	}
	struct value *best = NULL, *bestk = NULL;
	for (size_t i = 0; i < items->u.seq.n; i++) {
		struct value *x = items->u.seq.items[i];
		struct value *k = key && key->type != VT_NONE ? val_call(ev, key, 1, &x, NULL) : val_incref(x);
		if (!k)
			goto fail;
		if (!best) {
			best = x;
			bestk = k;
			continue;
		}
		int c = val_compare(ev, ismax ? CMP_GT : CMP_LT, k, bestk);
		if (c < 0) {
			val_decref(k);
			goto fail;
		}
		if (c) {
			val_decref(bestk);
			best = x;
			bestk = k;
		} else {
			val_decref(k);
		}
	}
	val_incref(best);
	val_decref(bestk);
	val_decref(items);
	return best;
fail:
	val_decref(bestk);
	val_decref(items);
	return NULL;
}

BI(min) { return minmax(ev, argc, argv, kw, 0); }
BI(max) { return minmax(ev, argc, argv, kw, 1); }

BI(sum)
{
	struct value *it = NULL, *start = NULL;
	if (args_parse(ev, "sum", argc, argv, kw, "iterable|start", &it, &start) < 0)
		return NULL;
	if (start && start->type == VT_STR)
		return err_set(ev, TY_TypeError, "sum() can't sum strings [use ''.join(seq) instead]");
	struct value *items = val_iter_list(ev, it);
	if (!items)
		return NULL;
	struct value *acc = start ? val_incref(start) : val_int(0);
	for (size_t i = 0; acc && i < items->u.seq.n; i++) {
		struct value *x = items->u.seq.items[i], *r;
		if (acc->type == VT_INT && x->type == VT_INT && acc->refcnt == 1) {
			int64_t s;
			if (!__builtin_add_overflow(acc->u.i, x->u.i, &s)) {
				acc->u.i = s;
				continue;
			}
		}
		if (acc->type == VT_FLOAT && (x->type == VT_FLOAT || x->type == VT_INT) && acc->refcnt == 1) {
			acc->u.f += x->type == VT_FLOAT ? x->u.f : (double)x->u.i;
			continue;
		}
		r = val_binop(ev, OP_ADD, acc, x);
		val_decref(acc);
		acc = r;
	}
	val_decref(items);
	return acc;
}

/* ---- numbers ---- */

static double round_half_even(double x)
{
	return nearbyint(x);
}

BI(round)
{
	struct value *x = NULL, *nd = NULL;
	if (args_parse(ev, "round", argc, argv, kw, "number|ndigits", &x, &nd) < 0)
		return NULL;
	if (cls_is_instance(x)) {
		/* a number class's __round__ (fractions.Fraction) */
		struct value *m = val_getattr(ev, x, "__round__");
		if (m) {
			struct value *r = val_call(ev, m, nd ? 1 : 0, &nd, NULL);
			val_decref(m);
			return r;
		}
		err_clear(ev);
	}
	if (x->type == VT_SCALAR || x->type == VT_NDARRAY) {
		if (!nd || nd->type == VT_NONE) {
			double d;
			if (x->type == VT_SCALAR && VAL_SLOT(x, has_index)(x))
				return VAL_SLOT(x, to_pyint)(ev, x);
			if (VAL_SLOT(x, as_double)(ev, x, &d) < 0)
				return NULL;
			if (!isfinite(d))
				return err_set(ev, isnan(d) ? TY_ValueError : TY_OverflowError, "%s",
					       isnan(d) ? "cannot convert float NaN to integer" : "cannot convert float infinity to integer");
			return val_int((int64_t)round_half_even(d));
		}
		struct value *f = VAL_SLOT(x, getattr)(ev, x, "round");
		if (!f)
			return NULL;
		struct value *r = val_call(ev, f, 1, &nd, NULL);
		val_decref(f);
		return r;
	}
	if (x->type == VT_BIGINT || (nd && nd->type == VT_BIGINT && big_is_int(x)))
		return nd && nd->type != VT_NONE ? big_round(ev, x, nd) : val_incref(x);
	if (x->type == VT_INT || x->type == VT_BOOL) {
		int64_t n = 0;
		if (nd && nd->type != VT_NONE && val_as_int64(ev, nd, &n) < 0)
			return NULL;
		if (n >= 0)
			return val_int(x->u.i);
		if (-n > 18)
			return big_round(ev, x, nd); /* 10**-n is beyond int64 */
		int64_t p = 1;
		for (int64_t i = 0; i < -n && p < INT64_MAX / 10; i++)
			p *= 10;
		if (-n > 18)
			return val_int(0);
		int64_t q = x->u.i / p, r = x->u.i % p;
		if (r < 0) {
			q--;
			r += p;
		}
		if (r * 2 > p || (r * 2 == p && (q & 1)))
			q++;
		return val_int(q * p);
	}
	if (x->type != VT_FLOAT)
		return err_set(ev, TY_TypeError, "type %s doesn't define __round__ method", val_type_name(x));
	double d = x->u.f;
	if (!nd || nd->type == VT_NONE) {
		if (isnan(d))
			return err_set(ev, TY_ValueError, "cannot convert float NaN to integer");
		if (isinf(d))
			return err_set(ev, TY_OverflowError, "cannot convert float infinity to integer");
		double r = round_half_even(d);
		if (fabs(r) >= 9.2233720368547758e18)
			return big_from_double(ev, r);
		return val_int((int64_t)r);
	}
	int64_t n;
	if (val_as_int64(ev, nd, &n) < 0)
		return NULL;
	if (!isfinite(d))
		return val_float(d);
	if (n > 300)
		return val_float(d);
	if (n >= 0) {
		char buf[400];
		snprintf(buf, sizeof buf, "%.*f", (int)n, d);
		return val_float(strtod(buf, NULL));
	}
	if (n < -308)
		return val_float(copysign(0.0, d));
	double p = pow(10.0, (double)-n);
	return val_float(round_half_even(d / p) * p);
}

BI(divmod)
{
	if (args_count(ev, "divmod", argc, 2, 2) < 0)
		return NULL;
	struct value *a = argv[0], *b = argv[1];
	if ((a->type == VT_FLOAT || b->type == VT_FLOAT) && (a->type != VT_COMPLEX && b->type != VT_COMPLEX)) {
		double y;
		if (val_as_double(ev, b, &y) == 0 && y == 0 && (a->type == VT_FLOAT || a->type == VT_INT || a->type == VT_BOOL))
			return err_set(ev, TY_ZeroDivisionError, "float divmod()");
		if (err_occurred(ev))
			val_decref(err_fetch(ev)), err_tb_clear(ev);
	}
	struct value *q = val_binop(ev, OP_FLOORDIV, a, b);
	struct value *r = q ? val_binop(ev, OP_MOD, a, b) : NULL;
	if (!r) {
		val_decref(q);
		return NULL;
	}
	struct value *t[2] = { q, r };
	return val_tuple_new(2, t);
}

BI(pow)
{
	struct value *b = NULL, *e = NULL, *m = NULL;
	if (args_parse(ev, "pow", argc, argv, kw, "base,exp|mod", &b, &e, &m) < 0)
		return NULL;
	if (!m || m->type == VT_NONE)
		return val_binop(ev, OP_POW, b, e);
	if (!big_is_int(b) || !big_is_int(e) || !big_is_int(m))
		return err_set(ev, TY_TypeError, "pow() 3rd argument not allowed unless all arguments are integers");
	if (b->type == VT_BIGINT || e->type == VT_BIGINT || m->type == VT_BIGINT || e->u.i < 0)
		return big_powmod(ev, b, e, m);
	int64_t mod = m->u.i, base = b->u.i, ex = e->u.i;
	if (mod == 0)
		return err_set(ev, TY_ValueError, "pow() 3rd argument cannot be 0");
	if (ex < 0)
		return err_set(ev, TY_ValueError, "base is not invertible for the given modulus");
	__int128 r = 1, x = ((base % mod) + mod) % mod;
	__int128 md = mod < 0 ? -(__int128)mod : mod;
	x = ((base % md) + md) % md;
	while (ex > 0) {
		if (ex & 1)
			r = r * x % md;
		x = x * x % md;
		ex >>= 1;
	}
	int64_t res = (int64_t)(r % md);
	if (mod < 0 && res > 0)
		res += mod;
	return val_int(res);
}

static struct value *int_to_base(struct eval *ev, struct value *v, int base, const char *prefix)
{
	int64_t i;
	if (v->type == VT_BIGINT) {
		char *d = big_digits(ev, v, base, 0);
		if (!d)
			return NULL;
		struct sbuf sb = {0};
		sb_adds(&sb, big_sign(v) < 0 ? "-" : "");
		sb_adds(&sb, prefix);
		sb_adds(&sb, d);
		free(d);
		char *s = sb_take(&sb);
		return s ? val_str_take(s, strlen(s)) : err_nomem(ev);
	}
	if (val_as_int64(ev, v, &i) < 0)
		return NULL;
	char buf[80], *p = buf + sizeof buf - 1;
	*p = 0;
	uint64_t u = i < 0 ? (uint64_t)0 - (uint64_t)i : (uint64_t)i;
	do {
		*--p = "0123456789abcdef"[u % (unsigned)base];
		u /= (unsigned)base;
	} while (u);
	p -= strlen(prefix);
	memcpy(p, prefix, strlen(prefix));
	if (i < 0)
		*--p = '-';
	return val_cstr(p);
}

BI(hex) { return args_count(ev, "hex", argc, 1, 1) < 0 ? NULL : int_to_base(ev, argv[0], 16, "0x"); }
BI(oct) { return args_count(ev, "oct", argc, 1, 1) < 0 ? NULL : int_to_base(ev, argv[0], 8, "0o"); }
BI(bin) { return args_count(ev, "bin", argc, 1, 1) < 0 ? NULL : int_to_base(ev, argv[0], 2, "0b"); }

BI(chr)
{
	int64_t c;
	if (args_count(ev, "chr", argc, 1, 1) < 0 || val_as_int64(ev, argv[0], &c) < 0)
		return NULL;
	if (c < 0 || c > 0x10FFFF)
		return err_set(ev, TY_ValueError, "chr() arg not in range(0x110000)");
	char buf[5], *o = buf;
	if (c < 0x80) {
		*o++ = (char)c;
	} else if (c < 0x800) {
		*o++ = (char)(0xC0 | (c >> 6));
		*o++ = (char)(0x80 | (c & 0x3F));
	} else if (c < 0x10000) {
		*o++ = (char)(0xE0 | (c >> 12));
		*o++ = (char)(0x80 | ((c >> 6) & 0x3F));
		*o++ = (char)(0x80 | (c & 0x3F));
	} else {
		*o++ = (char)(0xF0 | (c >> 18));
		*o++ = (char)(0x80 | ((c >> 12) & 0x3F));
		*o++ = (char)(0x80 | ((c >> 6) & 0x3F));
		*o++ = (char)(0x80 | (c & 0x3F));
	}
	return val_str(buf, (size_t)(o - buf));
}

BI(ord)
{
	if (args_count(ev, "ord", argc, 1, 1) < 0)
		return NULL;
	struct value *s = argv[0];
	if (s->type == VT_BYTES) {
		if (s->u.str->len != 1)
			return err_set(ev, TY_TypeError, "ord() expected a character, but string of length %zu found",
				       s->u.str->len);
		return val_int((unsigned char)s->u.str->s[0]);
	}
	if (s->type != VT_STR)
		return err_set(ev, TY_TypeError, "ord() expected string of length 1, but %s found", val_type_name(s));
	size_t n = utf8_len(s->u.str->s, s->u.str->len);
	if (n != 1)
		return err_set(ev, TY_TypeError, "ord() expected a character, but string of length %zu found", n);
	const unsigned char *p = (const unsigned char *)s->u.str->s;
	int64_t c;
	if (p[0] < 0x80) c = p[0];
	else if (p[0] < 0xE0) c = ((p[0] & 0x1F) << 6) | (p[1] & 0x3F);
	else if (p[0] < 0xF0) c = ((p[0] & 0x0F) << 12) | ((p[1] & 0x3F) << 6) | (p[2] & 0x3F);
	else c = ((int64_t)(p[0] & 0x07) << 18) | ((p[1] & 0x3F) << 12) | ((p[2] & 0x3F) << 6) | (p[3] & 0x3F);
	return val_int(c);
}

BI(format)
{
	struct value *v = NULL, *spec = NULL;
	if (args_parse(ev, "format", argc, argv, kw, "value|format_spec", &v, &spec) < 0)
		return NULL;
	if (spec && spec->type != VT_STR)
		return err_set(ev, TY_TypeError, "format() argument 2 must be str, not %s", val_type_name(spec));
	char *s = strfmt_spec(ev, v, spec ? spec->u.str->s : "");
	return s ? val_str_take(s, strlen(s)) : NULL;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

BI(dir)
{
	struct value *out = val_list_new(0, NULL);
	const char *names[1024];
	int n = 0;
	if (!out)
		return err_nomem(ev);
	struct value *d = NULL;
	if (argc == 0)
		d = ev->globals;
	else if (argv[0]->type == VT_MODULE)
		d = argv[0]->u.mod.attrs;
	if (d) {
		for (size_t i = 0; i < d->u.dict->n && n < 1024; i++)
			if (d->u.dict->entries[i].key && d->u.dict->entries[i].key->type == VT_STR)
				names[n++] = d->u.dict->entries[i].key->u.str->s;
	} else {
		const char *const *m = builtins_method_names(argv[0]);
		for (; m && *m && n < 1024; m++)
			names[n++] = *m;
		if (argv[0]->type == VT_OBJECT && argv[0]->u.obj.t && argv[0]->u.obj.t->attrs)
			for (m = argv[0]->u.obj.t->attrs; *m && n < 1024; m++)
				names[n++] = *m;
	}
	qsort(names, (size_t)n, sizeof *names, cmp_str);
	for (int i = 0; i < n; i++)
		if (list_append(out, val_cstr(names[i])) < 0) {
			val_decref(out);
			return err_nomem(ev);
		}
	return out;
}

BI(help)
{
	if (argc == 0) {
		static const char msg[] = "Lumen: NumPy/CuPy-style Python cells. Use `name?` for help on a name.\n";
		ev_write(ev, 1, msg, sizeof msg - 1);
		return val_none();
	}
	struct value *v = argv[0];
	char *t = NULL;
	if (v->type == VT_FUNCTION) {
		struct sbuf b = {0};
		sb_printf(&b, "Help on function %s:\n\n%s\n", v->u.func->fd->name,
			  v->u.func->fd->doc ? v->u.func->fd->doc : "");
		t = sb_take(&b);
	} else {
		t = val_repr(ev, v);
	}
	if (!t)
		return NULL;
	ev_write(ev, 1, t, strlen(t));
	ev_write(ev, 1, "\n", 1);
	free(t);
	return val_none();
}

/* ---- the table ---- */

static const struct { const char *name; builtin_fn fn; } builtin_table[] = {
	{"print", bi_print}, {"__type", bi_type}, {"display", bi_display}, {"clear_output", bi_clear_output},
	{"input", bi_input}, {"len", bi_len}, {"repr", bi_repr}, {"ascii", bi_repr},
	{"abs", bi_abs}, {"hash", bi_hash}, {"__import__", bi___import__}, {"id", bi_id}, {"callable", bi_callable},
	{"getattr", bi_getattr}, {"hasattr", bi_hasattr}, {"setattr", bi_setattr},
	{"isinstance", bi_isinstance}, {"enumerate", bi_enumerate}, {"zip", bi_zip},
	{"reversed", bi_reversed}, {"map", bi_map}, {"filter", bi_filter}, {"iter", bi_iter},
	{"next", bi_next}, {"any", bi_any}, {"all", bi_all}, {"sorted", bi_sorted},
	{"min", bi_min}, {"max", bi_max}, {"sum", bi_sum}, {"round", bi_round},
	{"divmod", bi_divmod}, {"pow", bi_pow}, {"hex", bi_hex}, {"oct", bi_oct}, {"bin", bi_bin},
	{"chr", bi_chr}, {"ord", bi_ord}, {"format", bi_format}, {"globals", ev_bi_globals},
	{"locals", ev_bi_locals}, {"eval", ev_bi_eval}, {"exec", ev_bi_exec}, {"vars", ev_bi_vars}, {"dir", bi_dir}, {"help", bi_help}, {"exit", bi_exit}, {"quit", bi_exit},
};

static const struct { const char *name; enum typeid t; } type_table[] = {
	{"object", TY_OBJECT}, {"bool", TY_BOOL}, {"int", TY_INT}, {"float", TY_FLOAT},
	{"complex", TY_COMPLEX}, {"str", TY_STR}, {"bytes", TY_BYTES}, {"tuple", TY_TUPLE}, {"list", TY_LIST},
	{"dict", TY_DICT}, {"slice", TY_SLICE}, {"range", TY_RANGE}, {"type", TY_TYPE},
};

int builtins_init(struct eval *ev)
{
	for (size_t i = 0; i < sizeof builtin_table / sizeof builtin_table[0]; i++)
		if (dict_setstr(ev->builtins, builtin_table[i].name,
				val_builtin(builtin_table[i].name, builtin_table[i].fn, NULL, NULL)) < 0)
			return -1;
	for (size_t i = 0; i < sizeof type_table / sizeof type_table[0]; i++)
		if (dict_setstr(ev->builtins, type_table[i].name, val_type(type_table[i].t)) < 0)
			return -1;
	for (int t = TY_BaseException; t < TY_COUNT; t++) {
		if (strcmp(typeid_qualname((enum typeid)t), typeid_name((enum typeid)t)) != 0)
			continue; /* numpy.linalg.LinAlgError ...: not a builtin */
		if (dict_setstr(ev->builtins, typeid_name((enum typeid)t), val_type((enum typeid)t)) < 0)
			return -1;
	}
	if (pyobj_init(ev) < 0)
		return -1;
	if (dict_setstr(ev->builtins, "None", val_none()) < 0 ||
	    dict_setstr(ev->builtins, "Ellipsis", val_ellipsis()) < 0 ||
	    dict_setstr(ev->builtins, "__name__", val_cstr("builtins")) < 0)
		return -1;
	return 0;
}
