/*
 * small.c — the small pure modules: operator (the operator functions,
 * itemgetter, attrgetter, methodcaller), bisect (bisect/insort left and
 * right, with key=), heapq (CPython's sift algorithms, so heaps have CPython's
 * layout; nlargest/nsmallest), gc (collect returns 0: Lumen frees by
 * reference counts, there are no cycles to find) and __future__ (CPython's
 * feature records, all mandatory here).  Owns nothing.
 */
#include <stdlib.h>
#include <string.h>
#include "pylib/pylib_int.h"
#include "lang/ast.h"

/* ---- operator ---- */

static const struct { const char *name; enum binop op; } op_bin[] = {
	{"add", OP_ADD}, {"sub", OP_SUB}, {"mul", OP_MUL}, {"truediv", OP_TRUEDIV}, {"floordiv", OP_FLOORDIV},
	{"mod", OP_MOD}, {"pow", OP_POW}, {"matmul", OP_MATMUL}, {"lshift", OP_LSHIFT}, {"rshift", OP_RSHIFT},
	{"and_", OP_AND}, {"or_", OP_OR}, {"xor", OP_XOR}, {"lt", OP_LT}, {"le", OP_LE}, {"eq", OP_EQ},
	{"ne", OP_NE}, {"gt", OP_GT}, {"ge", OP_GE}, {"concat", OP_ADD},
};

PYFN(op_binary)
{
	if (pylib_nokw(ev, bi->name, kw) < 0)
		return NULL;
	if (argc != 2)
		return err_set(ev, TY_TypeError, "%s expected 2 arguments, got %d", bi->name, argc);
	return val_binop(ev, (enum binop)(intptr_t)bi->data, argv[0], argv[1]);
}

static int one_arg(struct eval *ev, const char *name, int argc, const struct kwargs *kw)
{
	if (pylib_nokw(ev, name, kw) < 0)
		return -1;
	if (argc != 1) {
		err_set(ev, TY_TypeError, "%s() takes exactly one argument (%d given)", name, argc);
		return -1;
	}
	return 0;
}

PYFN(op_neg) { return one_arg(ev, "neg", argc, kw) < 0 ? NULL : val_unop(ev, UOP_NEG, argv[0]); }
PYFN(op_pos) { return one_arg(ev, "pos", argc, kw) < 0 ? NULL : val_unop(ev, UOP_POS, argv[0]); }
PYFN(op_invert) { return one_arg(ev, bi->name, argc, kw) < 0 ? NULL : val_unop(ev, UOP_INVERT, argv[0]); }
PYFN(op_not)
{
	if (one_arg(ev, "not_", argc, kw) < 0)
		return NULL;
	int t = val_truth(ev, argv[0]);
	return t < 0 ? NULL : val_bool(!t);
}
PYFN(op_truth)
{
	if (one_arg(ev, "truth", argc, kw) < 0)
		return NULL;
	int t = val_truth(ev, argv[0]);
	return t < 0 ? NULL : val_bool(t);
}
PYFN(op_abs)
{
	if (one_arg(ev, "abs", argc, kw) < 0)
		return NULL;
	struct value *f = dict_getstr_borrow(ev->builtins, "abs");
	return f ? val_call(ev, f, 1, argv, NULL) : err_set(ev, TY_NameError, "abs");
}
PYFN(op_index)
{
	int64_t i;
	if (one_arg(ev, "index", argc, kw) < 0 || val_as_int64(ev, argv[0], &i) < 0)
		return NULL;
	return val_int(i);
}
PYFN(op_getitem)
{
	if (argc != 2)
		return err_set(ev, TY_TypeError, "getitem expected 2 arguments, got %d", argc);
	return val_getitem(ev, argv[0], argv[1]);
}
PYFN(op_contains)
{
	if (argc != 2)
		return err_set(ev, TY_TypeError, "contains expected 2 arguments, got %d", argc);
	int c = val_compare(ev, CMP_IN, argv[1], argv[0]);
	return c < 0 ? NULL : val_bool(c);
}
PYFN(op_is)
{
	if (argc != 2)
		return err_set(ev, TY_TypeError, "%s expected 2 arguments, got %d", bi->name, argc);
	int s = val_is(argv[0], argv[1]);
	return val_bool(strcmp(bi->name, "is_not") == 0 ? !s : s);
}

/* itemgetter / attrgetter / methodcaller: a callable over a tuple of items */
enum getter_kind { G_ITEM, G_ATTR, G_METHOD };
struct getter {
	enum getter_kind kind;
	struct value *items;  /* tuple: keys, attribute names, or (name, args...) */
	struct value *kw;     /* methodcaller's keywords: a dict or NULL */
};

static void getter_free(void *p)
{
	struct getter *g = p;
	val_decref(g->items);
	val_decref(g->kw);
	free(g);
}

static struct value *attr_path(struct eval *ev, struct value *obj, const char *dotted)
{
	struct value *cur = val_incref(obj);
	char *s = strdup(dotted), *save = NULL;
	for (char *part = s ? strtok_r(s, ".", &save) : NULL; cur && part; part = strtok_r(NULL, ".", &save)) {
		struct value *n = val_getattr(ev, cur, part);
		val_decref(cur);
		cur = n;
	}
	free(s);
	return cur;
}

static struct value *getter_one(struct eval *ev, struct getter *g, struct value *obj, struct value *key)
{
	return g->kind == G_ITEM ? val_getitem(ev, obj, key) : attr_path(ev, obj, key->u.str->s);
}

static struct value *getter_call(struct eval *ev, struct value *self, int argc, struct value **argv,
				 const struct kwargs *kw)
{
	struct getter *g = self->u.obj.p;
	if (argc != 1 || (kw && kw->n))
		return err_set(ev, TY_TypeError, "%s expected 1 argument, got %d",
			       g->kind == G_ITEM ? "itemgetter" : g->kind == G_ATTR ? "attrgetter" : "methodcaller", argc);
	struct seq *s = &g->items->u.seq;
	if (g->kind == G_METHOD) {
		struct value *m = val_getattr(ev, argv[0], s->items[0]->u.str->s);
		if (!m)
			return NULL;
		size_t nk = g->kw ? g->kw->u.dict->n : 0;
		const char **names = calloc(nk + 1, sizeof *names);
		struct value **vals = calloc(nk + 1, sizeof *vals);
		int k = 0;
		for (size_t i = 0; names && vals && i < nk; i++)
			if (g->kw->u.dict->entries[i].key) {
				names[k] = g->kw->u.dict->entries[i].key->u.str->s;
				vals[k++] = g->kw->u.dict->entries[i].val;
			}
		struct kwargs kk = { k, names, vals };
		struct value *r = names && vals ? val_call(ev, m, (int)s->n - 1, s->items + 1, &kk) : err_nomem(ev);
		free(names);
		free(vals);
		val_decref(m);
		return r;
	}
	if (s->n == 1)
		return getter_one(ev, g, argv[0], s->items[0]);
	struct value **out = calloc(s->n + 1, sizeof *out);
	if (!out)
		return err_nomem(ev);
	for (size_t i = 0; i < s->n; i++)
		if (!(out[i] = getter_one(ev, g, argv[0], s->items[i]))) {
			for (size_t j = 0; j < i; j++)
				val_decref(out[j]);
			free(out);
			return NULL;
		}
	struct value *t = val_tuple_new(s->n, out);
	free(out);
	return t;
}

static char *getter_repr(struct eval *ev, struct value *self)
{
	struct getter *g = self->u.obj.p;
	struct sbuf b = {0};
	sb_printf(&b, "operator.%s(", g->kind == G_ITEM ? "itemgetter" : g->kind == G_ATTR ? "attrgetter" : "methodcaller");
	for (size_t i = 0; i < g->items->u.seq.n; i++) {
		char *r = val_repr(ev, g->items->u.seq.items[i]);
		sb_printf(&b, "%s%s", i ? ", " : "", r ? r : "?");
		free(r);
	}
	for (size_t i = 0; g->kw && i < g->kw->u.dict->n; i++) {
		struct dict_entry *e = &g->kw->u.dict->entries[i];
		if (!e->key)
			continue;
		char *r = val_repr(ev, e->val);
		sb_printf(&b, ", %s=%s", e->key->u.str->s, r ? r : "?");
		free(r);
	}
	sb_addc(&b, ')');
	return sb_take(&b);
}

static const struct objtype getter_type = {
	.name = "operator.itemgetter", .free = getter_free, .call = getter_call, .repr = getter_repr,
};

static struct value *getter_new(struct eval *ev, enum getter_kind k, int argc, struct value **argv,
				const struct kwargs *kw, const char *name)
{
	if (argc < 1)
		return err_set(ev, TY_TypeError, "%s expected 1 argument, got 0", name);
	if (k != G_METHOD && pylib_nokw(ev, name, kw) < 0)
		return NULL;
	for (int i = 0; i < (k == G_ITEM ? 0 : k == G_ATTR ? argc : 1); i++)
		if (argv[i]->type != VT_STR)
			return err_set(ev, TY_TypeError, k == G_ATTR ? "attribute name must be a string"
							    : "method name must be a string");
	struct getter *g = calloc(1, sizeof *g);
	if (!g)
		return err_nomem(ev);
	g->kind = k;
	for (int i = 0; i < argc; i++)
		val_incref(argv[i]);
	g->items = val_tuple_new((size_t)argc, argv);
	if (kw && kw->n) {
		g->kw = val_dict_new();
		for (int i = 0; g->kw && i < kw->n; i++)
			dict_setstr(g->kw, kw->names[i], val_incref(kw->vals[i]));
	}
	if (!g->items) {
		getter_free(g);
		return err_nomem(ev);
	}
	return val_object_new(&getter_type, g);
}

PYFN(op_itemgetter) { return getter_new(ev, G_ITEM, argc, argv, kw, "itemgetter"); }
PYFN(op_attrgetter) { return getter_new(ev, G_ATTR, argc, argv, kw, "attrgetter"); }
PYFN(op_methodcaller) { return getter_new(ev, G_METHOD, argc, argv, kw, "methodcaller"); }

static const struct pyfn operator_fns[] = {
	{"neg", op_neg}, {"pos", op_pos}, {"invert", op_invert}, {"inv", op_invert}, {"not_", op_not},
	{"truth", op_truth}, {"abs", op_abs}, {"index", op_index}, {"getitem", op_getitem},
	{"contains", op_contains}, {"is_", op_is}, {"is_not", op_is}, {"itemgetter", op_itemgetter},
	{"attrgetter", op_attrgetter}, {"methodcaller", op_methodcaller},
};

struct value *operator_build(struct eval *ev, const char *name)
{
	(void)name;
	struct value *m = pylib_module(ev, "operator", operator_fns, sizeof operator_fns / sizeof operator_fns[0]);
	for (size_t i = 0; m && i < sizeof op_bin / sizeof op_bin[0]; i++)
		if (pylib_add(ev, m, op_bin[i].name, val_builtin(op_bin[i].name, op_binary, NULL, (void *)(intptr_t)op_bin[i].op)) < 0) {
			val_decref(m);
			return NULL;
		}
	return m;
}

/* ---- bisect ---- */

static int lt(struct eval *ev, struct value *a, struct value *b)
{
	return val_compare(ev, CMP_LT, a, b);
}

/* the insertion point of x in a[lo:hi] (right: after equal items) */
static int64_t bisect_at(struct eval *ev, struct value *a, struct value *x, int64_t lo, int64_t hi,
			 struct value *key, int right)
{
	while (lo < hi) {
		int64_t mid = (lo + hi) / 2;
		struct value *idx = val_int(mid), *item = idx ? val_getitem(ev, a, idx) : NULL;
		val_decref(idx);
		if (!item)
			return -1;
		struct value *k = key && key->type != VT_NONE ? val_call(ev, key, 1, &item, NULL) : val_incref(item);
		val_decref(item);
		if (!k)
			return -1;
		int c = right ? lt(ev, x, k) : lt(ev, k, x);
		val_decref(k);
		if (c < 0)
			return -1;
		if (right ? c : !c)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

static struct value *bisect_common(struct eval *ev, const char *name, int argc, struct value **argv,
				   const struct kwargs *kw, int right, int insert)
{
	struct value *a = NULL, *x = NULL, *lov = NULL, *hiv = NULL, *key = NULL;
	int64_t lo, hi;
	if (args_parse(ev, name, argc, argv, kw, "a,x|lo,hi$key", &a, &x, &lov, &hiv, &key) < 0 ||
	    args_int(ev, lov, 0, &lo) < 0)
		return NULL;
	if (lo < 0)
		return err_set(ev, TY_ValueError, "lo must be non-negative");
	if (!hiv || hiv->type == VT_NONE) {
		if ((hi = val_len(ev, a)) < 0)
			return NULL;
	} else if (val_as_int64(ev, hiv, &hi) < 0) {
		return NULL;
	}
	struct value *kx = insert && key && key->type != VT_NONE ? val_call(ev, key, 1, &x, NULL) : val_incref(x);
	if (!kx)
		return NULL;
	int64_t at = bisect_at(ev, a, kx, lo, hi, key, right);
	val_decref(kx);
	if (at < 0)
		return NULL;
	if (!insert)
		return val_int(at);
	if (a->type != VT_LIST)
		return err_set(ev, TY_NotImplementedError, "bisect.%s into a '%s' is not supported by Lumen", name, val_type_name(a));
	if (list_append(a, val_incref(x)) < 0)
		return err_nomem(ev);
	struct seq *s = &a->u.seq;
	memmove(s->items + at + 1, s->items + at, sizeof *s->items * (s->n - 1 - (size_t)at));
	s->items[at] = x;
	return val_none();
}

PYFN(bs_left) { return bisect_common(ev, "bisect_left", argc, argv, kw, 0, 0); }
PYFN(bs_right) { return bisect_common(ev, "bisect_right", argc, argv, kw, 1, 0); }
PYFN(bs_insort_left) { return bisect_common(ev, "insort_left", argc, argv, kw, 0, 1); }
PYFN(bs_insort_right) { return bisect_common(ev, "insort_right", argc, argv, kw, 1, 1); }

static const struct pyfn bisect_fns[] = {
	{"bisect_left", bs_left}, {"bisect_right", bs_right}, {"bisect", bs_right},
	{"insort_left", bs_insort_left}, {"insort_right", bs_insort_right}, {"insort", bs_insort_right},
};

struct value *bisect_build(struct eval *ev, const char *name)
{
	(void)name;
	return pylib_module(ev, "bisect", bisect_fns, sizeof bisect_fns / sizeof bisect_fns[0]);
}

/* ---- heapq: heapq.py's _siftdown / _siftup ---- */

static int heap_list(struct eval *ev, struct value *h)
{
	if (h->type != VT_LIST) {
		err_set(ev, TY_TypeError, "heap argument must be a list");
		return -1;
	}
	return 0;
}

static int siftdown(struct eval *ev, struct value **it, size_t start, size_t pos)
{
	struct value *x = it[pos];
	while (pos > start) {
		size_t parent = (pos - 1) >> 1;
		int c = lt(ev, x, it[parent]);
		if (c < 0)
			return -1;
		if (!c)
			break;
		it[pos] = it[parent];
		pos = parent;
	}
	it[pos] = x;
	return 0;
}

static int siftup(struct eval *ev, struct value **it, size_t n, size_t pos)
{
	size_t start = pos, child = 2 * pos + 1;
	struct value *x = it[pos];
	while (child < n) {
		size_t right = child + 1;
		if (right < n) {
			int c = lt(ev, it[child], it[right]);
			if (c < 0) {
				it[pos] = x;
				return -1;
			}
			if (!c)
				child = right;
		}
		it[pos] = it[child];
		pos = child;
		child = 2 * pos + 1;
	}
	it[pos] = x;
	return siftdown(ev, it, start, pos);
}

PYFN(hq_heappush)
{
	if (argc != 2)
		return err_set(ev, TY_TypeError, "heappush expected 2 arguments, got %d", argc);
	if (heap_list(ev, argv[0]) < 0 || list_append(argv[0], val_incref(argv[1])) < 0)
		return err_occurred(ev) ? NULL : err_nomem(ev);
	return siftdown(ev, argv[0]->u.seq.items, 0, argv[0]->u.seq.n - 1) < 0 ? NULL : val_none();
}

PYFN(hq_heappop)
{
	if (argc != 1)
		return err_set(ev, TY_TypeError, "heappop() takes exactly one argument (%d given)", argc);
	if (heap_list(ev, argv[0]) < 0)
		return NULL;
	struct seq *s = &argv[0]->u.seq;
	if (!s->n)
		return err_set(ev, TY_IndexError, "index out of range");
	struct value *last = s->items[--s->n];
	if (!s->n)
		return last;
	struct value *ret = s->items[0];
	s->items[0] = last;
	if (siftup(ev, s->items, s->n, 0) < 0) {
		val_decref(ret);
		return NULL;
	}
	return ret;
}

PYFN(hq_heapify)
{
	if (argc != 1)
		return err_set(ev, TY_TypeError, "heapify() takes exactly one argument (%d given)", argc);
	if (heap_list(ev, argv[0]) < 0)
		return NULL;
	struct seq *s = &argv[0]->u.seq;
	for (size_t i = s->n / 2; i-- > 0;)
		if (siftup(ev, s->items, s->n, i) < 0)
			return NULL;
	return val_none();
}

PYFN(hq_heapreplace)
{
	if (argc != 2)
		return err_set(ev, TY_TypeError, "heapreplace expected 2 arguments, got %d", argc);
	if (heap_list(ev, argv[0]) < 0)
		return NULL;
	struct seq *s = &argv[0]->u.seq;
	if (!s->n)
		return err_set(ev, TY_IndexError, "index out of range");
	struct value *ret = s->items[0];
	s->items[0] = val_incref(argv[1]);
	if (siftup(ev, s->items, s->n, 0) < 0) {
		val_decref(ret);
		return NULL;
	}
	return ret;
}

PYFN(hq_heappushpop)
{
	if (argc != 2)
		return err_set(ev, TY_TypeError, "heappushpop expected 2 arguments, got %d", argc);
	if (heap_list(ev, argv[0]) < 0)
		return NULL;
	struct seq *s = &argv[0]->u.seq;
	if (!s->n)
		return val_incref(argv[1]);
	int c = lt(ev, s->items[0], argv[1]);
	if (c < 0)
		return NULL;
	if (!c)
		return val_incref(argv[1]);
	struct value *ret = s->items[0];
	s->items[0] = val_incref(argv[1]);
	if (siftup(ev, s->items, s->n, 0) < 0) {
		val_decref(ret);
		return NULL;
	}
	return ret;
}

/* nlargest / nsmallest: sorted(iterable, key=key, reverse=...)[:n], as documented */
static struct value *n_best(struct eval *ev, const char *name, int argc, struct value **argv,
			    const struct kwargs *kw, int largest)
{
	struct value *nv = NULL, *it = NULL, *key = NULL;
	int64_t n;
	if (args_parse(ev, name, argc, argv, kw, "n,iterable|key", &nv, &it, &key) < 0 || val_as_int64(ev, nv, &n) < 0)
		return NULL;
	struct value *l = val_iter_list(ev, it);
	if (!l)
		return NULL;
	if (builtins_sort_list(ev, l, key && key->type != VT_NONE ? key : NULL, largest) < 0) {
		val_decref(l);
		return NULL;
	}
	if (n < 0)
		n = 0;
	while ((int64_t)l->u.seq.n > n)
		val_decref(l->u.seq.items[--l->u.seq.n]);
	return l;
}

PYFN(hq_nlargest) { return n_best(ev, "nlargest", argc, argv, kw, 1); }
PYFN(hq_nsmallest) { return n_best(ev, "nsmallest", argc, argv, kw, 0); }

static const struct pyfn heapq_fns[] = {
	{"heappush", hq_heappush}, {"heappop", hq_heappop}, {"heapify", hq_heapify},
	{"heapreplace", hq_heapreplace}, {"heappushpop", hq_heappushpop}, {"nlargest", hq_nlargest},
	{"nsmallest", hq_nsmallest},
};

struct value *heapq_build(struct eval *ev, const char *name)
{
	(void)name;
	return pylib_module(ev, "heapq", heapq_fns, sizeof heapq_fns / sizeof heapq_fns[0]);
}

/* ---- gc ---- */

/* lang/fncycle.c's collector: collect() runs it now (the count is of the
 * functions and instances it freed, not CPython's of every object);
 * disable() stops the automatic runs (a frame's end still frees its own
 * cycles) */
PYFN(gc_collect) { return val_int(fn_collect()); }
PYFN(gc_enable) { fn_gc_enable(1); return val_none(); }
PYFN(gc_disable) { fn_gc_enable(0); return val_none(); }
PYFN(gc_isenabled) { return val_bool(fn_gc_enable(-1)); }

static const struct pyfn gc_fns[] = {
	{"collect", gc_collect}, {"enable", gc_enable}, {"disable", gc_disable}, {"isenabled", gc_isenabled},
};

struct value *gc_build(struct eval *ev, const char *name)
{
	(void)name;
	return pylib_module(ev, "gc", gc_fns, sizeof gc_fns / sizeof gc_fns[0]);
}

/* ---- __future__ ---- */

/* CPython's Lib/__future__.py, its features and their releases: every one
 * is mandatory in Lumen's Python (annotations are kept unevaluated where
 * they cannot be evaluated, as the feature asks) */
static const char future_src[] =
	"class _Feature:\n"
	"    def __init__(self, optionalRelease, mandatoryRelease, compiler_flag):\n"
	"        self.optional = optionalRelease\n"
	"        self.mandatory = mandatoryRelease\n"
	"        self.compiler_flag = compiler_flag\n"
	"    def getOptionalRelease(self):\n"
	"        return self.optional\n"
	"    def getMandatoryRelease(self):\n"
	"        return self.mandatory\n"
	"    def __repr__(self):\n"
	"        return '_Feature' + repr((self.optional, self.mandatory, self.compiler_flag))\n"
	"all_feature_names = ['nested_scopes', 'generators', 'division', 'absolute_import',\n"
	"                     'with_statement', 'print_function', 'unicode_literals', 'barry_as_FLUFL',\n"
	"                     'generator_stop', 'annotations']\n"
	"nested_scopes = _Feature((2, 1, 0, 'beta', 1), (2, 2, 0, 'alpha', 0), 0x0010)\n"
	"generators = _Feature((2, 2, 0, 'alpha', 1), (2, 3, 0, 'final', 0), 0)\n"
	"division = _Feature((2, 2, 0, 'alpha', 2), (3, 0, 0, 'alpha', 0), 0x20000)\n"
	"absolute_import = _Feature((2, 5, 0, 'alpha', 1), (3, 0, 0, 'alpha', 0), 0x40000)\n"
	"with_statement = _Feature((2, 5, 0, 'alpha', 1), (2, 6, 0, 'alpha', 0), 0x80000)\n"
	"print_function = _Feature((2, 6, 0, 'alpha', 2), (3, 0, 0, 'alpha', 0), 0x100000)\n"
	"unicode_literals = _Feature((2, 6, 0, 'alpha', 2), (3, 0, 0, 'alpha', 0), 0x200000)\n"
	"barry_as_FLUFL = _Feature((3, 1, 0, 'alpha', 2), (4, 0, 0, 'alpha', 0), 0x400000)\n"
	"generator_stop = _Feature((3, 5, 0, 'beta', 1), (3, 7, 0, 'alpha', 0), 0x800000)\n"
	"annotations = _Feature((3, 7, 0, 'beta', 1), None, 0x1000000)\n";

struct value *future_build(struct eval *ev, const char *name)
{
	return pylib_source_module(ev, name, future_src, NULL, 0);
}
