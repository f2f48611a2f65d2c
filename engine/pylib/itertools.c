/*
 * itertools.c — the itertools module as lazy iterators (objtype.next): count,
 * cycle, repeat, chain(.from_iterable), islice, accumulate, takewhile,
 * dropwhile, filterfalse, compress, starmap, zip_longest, pairwise draw from
 * their sources one item at a time (so count() and islice of it work in a
 * for loop); product, permutations, combinations(_with_replacement), groupby
 * and cycle hold their (finite) pools, as CPython's do.
 */
#include <stdlib.h>
#include <string.h>
#include "pylib/pylib_int.h"

/* A source: a lazy iterator drawn with its next slot, or any iterable's items. */
struct src {
	struct value *it;    /* lazy iterator (has next), or NULL */
	struct value *list;  /* materialised items, or NULL */
	size_t pos;
};

static int src_init(struct eval *ev, struct src *s, struct value *v)
{
	s->pos = 0;
	s->it = s->list = NULL;
	if (v->type == VT_OBJECT && v->u.obj.t->next) {
		s->it = val_incref(v);
		return 0;
	}
	s->list = val_iter_list(ev, v);
	return s->list ? 0 : -1;
}

/* next item (new ref), or NULL: exhausted (no error) or failed (error set) */
static struct value *src_next(struct eval *ev, struct src *s)
{
	if (s->it)
		return s->it->u.obj.t->next(ev, s->it);
	if (s->list && s->pos < s->list->u.seq.n)
		return val_incref(s->list->u.seq.items[s->pos++]);
	return NULL;
}

static void src_clear(struct src *s)
{
	val_decref(s->it);
	val_decref(s->list);
	s->it = s->list = NULL;
}

enum itkind {
	IT_COUNT, IT_CYCLE, IT_REPEAT, IT_CHAIN, IT_ISLICE, IT_ACCUMULATE, IT_TAKEWHILE,
	IT_DROPWHILE, IT_FILTERFALSE, IT_COMPRESS, IT_STARMAP, IT_ZIP_LONGEST, IT_PAIRWISE,
	IT_PRODUCT, IT_PERMUTATIONS, IT_COMBINATIONS, IT_COMBINATIONS_WR, IT_GROUPBY,
};
/* ORDER IT */
static const char *const it_names[] = {
	"count", "cycle", "repeat", "chain", "islice", "accumulate", "takewhile", "dropwhile",
	"filterfalse", "compress", "starmap", "zip_longest", "pairwise", "product", "permutations",
	"combinations", "combinations_with_replacement", "groupby",
};

struct itr {
	enum itkind kind;
	struct src *srcs;     /* nsrc sources */
	int nsrc, cur;        /* chain: current source; zip_longest: live sources */
	struct value *a, *b;  /* count: value, step; repeat: object; func; fillvalue; accumulate total */
	struct value *pool;   /* list: cycle's saved items, product's pools (list of lists) ... */
	struct value *outer;  /* chain.from_iterable: the iterable of iterables */
	int64_t i, stop, step, n, r;
	int64_t *idx, *cyc;   /* combinatoric indices */
	int state;            /* 0 before the first item, 1 running, 2 exhausted */
};

static void itr_free(void *p)
{
	struct itr *t = p;
	for (int i = 0; i < t->nsrc; i++)
		src_clear(&t->srcs[i]);
	free(t->srcs);
	if (t->outer && t->idx) /* chain.from_iterable keeps its outer source in idx */
		src_clear((struct src *)t->idx);
	val_decref(t->a);
	val_decref(t->b);
	val_decref(t->pool);
	val_decref(t->outer);
	free(t->idx);
	free(t->cyc);
	free(t);
}

static struct value *tuple_from(struct eval *ev, struct value *pool, const int64_t *idx, int64_t r)
{
	struct value **it = malloc(sizeof *it * (size_t)(r ? r : 1));
	if (!it)
		return err_nomem(ev);
	for (int64_t k = 0; k < r; k++)
		it[k] = val_incref(pool->u.seq.items[idx[k]]);
	struct value *t = val_tuple_new((size_t)r, it);
	free(it);
	return t ? t : err_nomem(ev);
}

static int truth_of_call(struct eval *ev, struct value *f, struct value *x)
{
	struct value *r = f->type == VT_NONE ? val_incref(x) : val_call(ev, f, 1, &x, NULL);
	if (!r)
		return -1;
	int t = val_truth(ev, r);
	val_decref(r);
	return t;
}

static struct value *next_combinatoric(struct eval *ev, struct itr *t);
static struct value *next_groupby(struct eval *ev, struct itr *t);

static struct value *itr_next(struct eval *ev, struct value *self)
{
	struct itr *t = self->u.obj.p;
	struct value *x, *y;
	if (t->state == 2)
		return NULL;
	switch (t->kind) {
	case IT_COUNT:
		x = val_incref(t->a);
		y = val_binop(ev, OP_ADD, t->a, t->b);
		if (!y) {
			val_decref(x);
			return NULL;
		}
		val_decref(t->a);
		t->a = y;
		return x;
	case IT_REPEAT:
		if (t->n >= 0 && t->n-- == 0) {
			t->n = 0;
			return NULL;
		}
		return val_incref(t->a);
	case IT_CYCLE:
		if (t->state == 0) {
			x = src_next(ev, &t->srcs[0]);
			if (x) {
				if (list_append(t->pool, val_incref(x)) < 0) {
					val_decref(x);
					return err_nomem(ev);
				}
				return x;
			}
			if (err_occurred(ev))
				return NULL;
			t->state = 1;
			t->i = 0;
		}
		if (!t->pool->u.seq.n)
			return NULL;
		x = val_incref(t->pool->u.seq.items[t->i]);
		t->i = (t->i + 1) % (int64_t)t->pool->u.seq.n;
		return x;
	case IT_CHAIN:
		for (;;) {
			if (t->outer && t->cur >= t->nsrc) {
				/* from_iterable: open the next inner iterable */
				struct value *inner = src_next(ev, (struct src *)t->idx);
				if (!inner)
					return NULL;
				struct src *ns = realloc(t->srcs, sizeof *ns * (size_t)(t->nsrc + 1));
				if (!ns) {
					val_decref(inner);
					return err_nomem(ev);
				}
				t->srcs = ns;
				int r = src_init(ev, &t->srcs[t->nsrc], inner);
				val_decref(inner);
				if (r < 0)
					return NULL;
				t->nsrc++;
			}
			if (t->cur >= t->nsrc)
				return NULL;
			x = src_next(ev, &t->srcs[t->cur]);
			if (x || err_occurred(ev))
				return x;
			src_clear(&t->srcs[t->cur]);
			t->cur++;
		}
	case IT_ISLICE:
		/* items start, start+step, ... below stop (stop < 0: none) */
		while (t->i < t->n) {
			x = src_next(ev, &t->srcs[0]);
			if (!x) {
				t->state = 2;
				return NULL;
			}
			val_decref(x);
			t->i++;
		}
		if (t->stop >= 0 && t->n >= t->stop) {
			t->state = 2;
			return NULL;
		}
		x = src_next(ev, &t->srcs[0]);
		if (!x) {
			t->state = 2;
			return NULL;
		}
		t->i++;
		t->n += t->step;
		return x;
	case IT_ACCUMULATE:
		if (t->state == 0 && t->b) {
			t->state = 1;
			t->a = val_incref(t->b);
			return val_incref(t->a);
		}
		x = src_next(ev, &t->srcs[0]);
		if (!x)
			return NULL;
		if (!t->a) {
			t->state = 1;
			t->a = x;
			return val_incref(x);
		}
		if (t->pool) {
			struct value *args[2] = { t->a, x };
			y = val_call(ev, t->pool, 2, args, NULL);
		} else {
			y = val_binop(ev, OP_ADD, t->a, x);
		}
		val_decref(x);
		if (!y)
			return NULL;
		val_decref(t->a);
		t->a = y;
		return val_incref(y);
	case IT_TAKEWHILE:
		x = src_next(ev, &t->srcs[0]);
		if (!x)
			return NULL;
		{
			int k = truth_of_call(ev, t->a, x);
			if (k <= 0) {
				val_decref(x);
				t->state = 2;
				return NULL;
			}
		}
		return x;
	case IT_DROPWHILE: case IT_FILTERFALSE:
		for (;;) {
			x = src_next(ev, &t->srcs[0]);
			if (!x)
				return NULL;
			if (t->kind == IT_DROPWHILE && t->state == 1)
				return x;
			int k = truth_of_call(ev, t->a, x);
			if (k < 0) {
				val_decref(x);
				return NULL;
			}
			if (!k) {
				t->state = 1;
				return x;
			}
			val_decref(x);
		}
	case IT_COMPRESS:
		for (;;) {
			x = src_next(ev, &t->srcs[0]);
			if (!x)
				return NULL;
			y = src_next(ev, &t->srcs[1]);
			if (!y) {
				val_decref(x);
				return NULL;
			}
			int k = val_truth(ev, y);
			val_decref(y);
			if (k > 0)
				return x;
			val_decref(x);
			if (k < 0)
				return NULL;
		}
	case IT_STARMAP: {
		x = src_next(ev, &t->srcs[0]);
		if (!x)
			return NULL;
		struct value *args = val_iter_list(ev, x);
		val_decref(x);
		if (!args)
			return NULL;
		y = val_call(ev, t->a, (int)args->u.seq.n, args->u.seq.items, NULL);
		val_decref(args);
		return y;
	}
	case IT_ZIP_LONGEST: {
		if (t->cur == 0)
			return NULL;
		struct value **it = calloc((size_t)t->nsrc + 1, sizeof *it);
		if (!it)
			return err_nomem(ev);
		for (int k = 0; k < t->nsrc; k++) {
			x = t->idx[k] ? NULL : src_next(ev, &t->srcs[k]);
			if (!x && err_occurred(ev)) {
				for (int j = 0; j < k; j++)
					val_decref(it[j]);
				free(it);
				return NULL;
			}
			if (!x && !t->idx[k]) {
				t->idx[k] = 1;
				t->cur--;
			}
			it[k] = x ? x : val_incref(t->a);
		}
		if (t->cur == 0) {
			for (int k = 0; k < t->nsrc; k++)
				val_decref(it[k]);
			free(it);
			return NULL;
		}
		y = val_tuple_new((size_t)t->nsrc, it);
		free(it);
		return y;
	}
	case IT_PAIRWISE:
		if (!t->a) {
			t->a = src_next(ev, &t->srcs[0]);
			if (!t->a)
				return NULL;
		}
		x = src_next(ev, &t->srcs[0]);
		if (!x)
			return NULL;
		{
			struct value *p[2] = { t->a, val_incref(x) };
			t->a = x;
			return val_tuple_new(2, p);
		}
	case IT_GROUPBY:
		return next_groupby(ev, t);
	default:
		return next_combinatoric(ev, t);
	}
}

/* product / permutations / combinations(_with_replacement): CPython's index
 * algorithms (the itertools documentation's equivalents). */
static struct value *next_combinatoric(struct eval *ev, struct itr *t)
{
	int64_t r = t->r, n = t->n;
	if (t->kind == IT_PRODUCT) {
		/* pool: list of tuples (one per position), idx: odometer */
		struct value *pools = t->pool;
		if (t->state == 0) {
			t->state = 1;
			for (int64_t k = 0; k < r; k++)
				if (!pools->u.seq.items[k]->u.seq.n) {
					t->state = 2;
					return NULL;
				}
		} else {
			int64_t k = r - 1;
			for (; k >= 0; k--) {
				if (++t->idx[k] < (int64_t)pools->u.seq.items[k]->u.seq.n)
					break;
				t->idx[k] = 0;
			}
			if (k < 0) {
				t->state = 2;
				return NULL;
			}
		}
		struct value **it = malloc(sizeof *it * (size_t)(r ? r : 1));
		if (!it)
			return err_nomem(ev);
		for (int64_t k = 0; k < r; k++)
			it[k] = val_incref(pools->u.seq.items[k]->u.seq.items[t->idx[k]]);
		struct value *tu = val_tuple_new((size_t)r, it);
		free(it);
		if (r == 0)
			t->state = 2;
		return tu;
	}
	if (t->state == 0) {
		t->state = 1;
		if (t->kind == IT_COMBINATIONS_WR ? (n == 0 && r > 0) : r > n) {
			t->state = 2;
			return NULL;
		}
		return tuple_from(ev, t->pool, t->idx, r);
	}
	int64_t *idx = t->idx, i;
	switch (t->kind) {
	case IT_COMBINATIONS:
		for (i = r - 1; i >= 0 && idx[i] == i + n - r; i--)
			;
		if (i < 0)
			goto done;
		idx[i]++;
		for (int64_t j = i + 1; j < r; j++)
			idx[j] = idx[j - 1] + 1;
		return tuple_from(ev, t->pool, idx, r);
	case IT_COMBINATIONS_WR:
		for (i = r - 1; i >= 0 && idx[i] == n - 1; i--)
			;
		if (i < 0)
			goto done;
		{
			int64_t v = idx[i] + 1;
			for (int64_t j = i; j < r; j++)
				idx[j] = v;
		}
		return tuple_from(ev, t->pool, idx, r);
	case IT_PERMUTATIONS: {
		int64_t *c = t->cyc;
		for (i = r - 1; i >= 0; i--) {
			c[i]--;
			if (c[i] == 0) {
				int64_t first = idx[i];
				memmove(idx + i, idx + i + 1, sizeof *idx * (size_t)(n - i - 1));
				idx[n - 1] = first;
				c[i] = n - i;
			} else {
				int64_t j = c[i], tmp = idx[i];
				idx[i] = idx[n - j];
				idx[n - j] = tmp;
				return tuple_from(ev, t->pool, idx, r);
			}
		}
		goto done;
	}
	default:
		break;
	}
done:
	t->state = 2;
	return NULL;
}

/* groupby: (key, group) with each group materialised (a list iterator);
 * t->a holds the item read ahead, t->b its key. */
static struct value *next_groupby(struct eval *ev, struct itr *t)
{
	if (t->state == 0) {
		t->state = 1;
		t->a = src_next(ev, &t->srcs[0]);
		if (!t->a)
			return NULL;
		t->b = t->pool->type == VT_NONE ? val_incref(t->a) : val_call(ev, t->pool, 1, &t->a, NULL);
		if (!t->b)
			return NULL;
	}
	if (!t->a)
		return NULL;
	struct value *group = val_list_new(0, NULL), *key = t->b;
	if (!group)
		return err_nomem(ev);
	list_append(group, t->a);
	t->a = NULL;
	t->b = NULL;
	for (;;) {
		struct value *x = src_next(ev, &t->srcs[0]);
		if (!x) {
			if (err_occurred(ev)) {
				val_decref(group);
				val_decref(key);
				return NULL;
			}
			break;
		}
		struct value *k = t->pool->type == VT_NONE ? val_incref(x) : val_call(ev, t->pool, 1, &x, NULL);
		int same = k ? val_equal(ev, k, key) : -1;
		if (same < 0) {
			val_decref(x);
			val_decref(k);
			val_decref(group);
			val_decref(key);
			return NULL;
		}
		if (!same) {
			t->a = x;
			t->b = k;
			break;
		}
		val_decref(k);
		if (list_append(group, x) < 0) {
			val_decref(group);
			val_decref(key);
			return err_nomem(ev);
		}
	}
	struct value *p[2] = { key, val_iterobj_new("itertools._grouper", group) };
	return val_tuple_new(2, p);
}

static char *itr_repr(struct eval *ev, struct value *self)
{
	struct itr *t = self->u.obj.p;
	struct sbuf b = {0};
	if (t->kind == IT_COUNT || t->kind == IT_REPEAT) {
		char *a = val_repr(ev, t->a);
		if (!a)
			return NULL;
		int one = t->b && t->b->type == VT_INT && t->b->u.i == 1;
		if (t->kind == IT_COUNT && !one) {
			char *s = val_repr(ev, t->b);
			sb_printf(&b, "count(%s, %s)", a, s ? s : "?");
			free(s);
		} else if (t->kind == IT_COUNT) {
			sb_printf(&b, "count(%s)", a);
		} else if (t->n >= 0) {
			sb_printf(&b, "repeat(%s, %lld)", a, (long long)t->n);
		} else {
			sb_printf(&b, "repeat(%s)", a);
		}
		free(a);
		return sb_take(&b);
	}
	sb_printf(&b, "<itertools.%s object at %p>", it_names[t->kind], (void *)self);
	return sb_take(&b);
}

static const struct objtype itr_types[] = {
#define T(n) { .name = "itertools." n, .free = itr_free, .repr = itr_repr, .next = itr_next }
	T("count"), T("cycle"), T("repeat"), T("chain"), T("islice"), T("accumulate"), T("takewhile"),
	T("dropwhile"), T("filterfalse"), T("compress"), T("starmap"), T("zip_longest"), T("pairwise"),
	T("product"), T("permutations"), T("combinations"), T("combinations_with_replacement"), T("groupby"),
#undef T
};

static struct itr *itr_alloc(struct eval *ev, enum itkind k, int nsrc)
{
	struct itr *t = calloc(1, sizeof *t);
	if (t && nsrc)
		t->srcs = calloc((size_t)nsrc, sizeof *t->srcs);
	if (!t || (nsrc && !t->srcs)) {
		free(t);
		err_nomem(ev);
		return NULL;
	}
	t->kind = k;
	return t;
}

static struct value *itr_wrap(struct eval *ev, struct itr *t)
{
	struct value *v = val_object_new(&itr_types[t->kind], t);
	return v ? v : err_nomem(ev);
}

/* the sources of t from argv[0..n) */
static struct value *itr_with_srcs(struct eval *ev, enum itkind k, int n, struct value **argv)
{
	struct itr *t = itr_alloc(ev, k, n);
	if (!t)
		return NULL;
	t->nsrc = n;
	for (int i = 0; i < n; i++)
		if (src_init(ev, &t->srcs[i], argv[i]) < 0) {
			itr_free(t);
			return NULL;
		}
	return itr_wrap(ev, t);
}

static int is_number(struct value *v)
{
	return v->type == VT_INT || v->type == VT_BOOL || v->type == VT_FLOAT || v->type == VT_COMPLEX ||
	       v->type == VT_BIGINT || v->type == VT_SCALAR;
}

PYFN(it_count)
{
	struct value *start = NULL, *step = NULL;
	if (args_parse(ev, "count", argc, argv, kw, "|start,step", &start, &step) < 0)
		return NULL;
	if ((start && !is_number(start)) || (step && !is_number(step)))
		return err_set(ev, TY_TypeError, "a number is required");
	struct itr *t = itr_alloc(ev, IT_COUNT, 0);
	if (!t)
		return NULL;
	t->a = start ? val_incref(start) : val_int(0);
	t->b = step ? val_incref(step) : val_int(1);
	return itr_wrap(ev, t);
}

PYFN(it_cycle)
{
	if (pylib_nokw(ev, "cycle", kw) < 0)
		return NULL;
	if (argc != 1)
		return err_set(ev, TY_TypeError, "cycle expected 1 argument, got %d", argc);
	struct value *v = itr_with_srcs(ev, IT_CYCLE, 1, argv);
	if (v && !(((struct itr *)v->u.obj.p)->pool = val_list_new(0, NULL))) {
		val_decref(v);
		return err_nomem(ev);
	}
	return v;
}

PYFN(it_repeat)
{
	struct value *o = NULL, *times = NULL;
	int64_t n;
	if (args_parse(ev, "repeat", argc, argv, kw, "object|times", &o, &times) < 0 ||
	    (times && val_as_int64(ev, times, &n) < 0))
		return NULL;
	struct itr *t = itr_alloc(ev, IT_REPEAT, 0);
	if (!t)
		return NULL;
	t->a = val_incref(o);
	t->n = times ? (n < 0 ? 0 : n) : -1;
	return itr_wrap(ev, t);
}

PYFN(it_chain)
{
	if (pylib_nokw(ev, "chain", kw) < 0)
		return NULL;
	return itr_with_srcs(ev, IT_CHAIN, argc, argv);
}

PYFN(it_chain_from_iterable)
{
	if (argc != 1)
		return err_set(ev, TY_TypeError, "chain.from_iterable() takes exactly one argument (%d given)", argc);
	struct itr *t = itr_alloc(ev, IT_CHAIN, 0);
	if (!t)
		return NULL;
	/* the outer source lives in idx (a struct src), marked by outer */
	struct src *o = calloc(1, sizeof *o);
	if (!o) {
		itr_free(t);
		return err_nomem(ev);
	}
	t->idx = (int64_t *)o;
	t->outer = val_incref(argv[0]);
	if (src_init(ev, o, argv[0]) < 0) {
		itr_free(t);
		return NULL;
	}
	return itr_wrap(ev, t);
}

static int islice_arg(struct eval *ev, struct value *v, int64_t def, int64_t *out, const char *what)
{
	if (!v || v->type == VT_NONE) {
		*out = def;
		return 0;
	}
	if (v->type != VT_INT && v->type != VT_BOOL) {
		err_set(ev, TY_ValueError, "%s", what);
		return -1;
	}
	*out = v->u.i;
	if (*out < 0) {
		err_set(ev, TY_ValueError, "%s", what);
		return -1;
	}
	return 0;
}

PYFN(it_islice)
{
	static const char msg[] = "Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.";
	if (pylib_nokw(ev, "islice", kw) < 0)
		return NULL;
	if (argc < 2 || argc > 4)
		return err_set(ev, TY_TypeError, "islice expected at %s, got %d", argc < 2 ? "least 2 arguments" : "most 4 arguments", argc);
	int64_t start = 0, stop = -1, step = 1;
	if (argc == 2) {
		if (islice_arg(ev, argv[1], -1, &stop, "Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.") < 0)
			return NULL;
	} else {
		if (islice_arg(ev, argv[1], 0, &start, msg) < 0 || islice_arg(ev, argv[2], -1, &stop, msg) < 0)
			return NULL;
		if (argc == 4) {
			if (argv[3]->type != VT_NONE && ((argv[3]->type != VT_INT && argv[3]->type != VT_BOOL) || argv[3]->u.i <= 0))
				return err_set(ev, TY_ValueError, "Step for islice() must be a positive integer or None.");
			step = argv[3]->type == VT_NONE ? 1 : argv[3]->u.i;
		}
	}
	struct value *v = itr_with_srcs(ev, IT_ISLICE, 1, argv);
	if (v) {
		struct itr *t = v->u.obj.p;
		t->n = start;  /* index of the next item to yield */
		t->stop = stop;
		t->step = step;
		t->i = 0;      /* items drawn */
	}
	return v;
}

PYFN(it_accumulate)
{
	struct value *it = NULL, *f = NULL, *init = NULL;
	if (args_parse(ev, "accumulate", argc, argv, kw, "iterable|func$initial", &it, &f, &init) < 0)
		return NULL;
	struct value *v = itr_with_srcs(ev, IT_ACCUMULATE, 1, &it);
	if (v) {
		struct itr *t = v->u.obj.p;
		t->pool = f && f->type != VT_NONE ? val_incref(f) : NULL;
		t->b = init && init->type != VT_NONE ? val_incref(init) : NULL;
	}
	return v;
}

static struct value *pred_iter(struct eval *ev, enum itkind k, const char *name, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	if (pylib_nokw(ev, name, kw) < 0)
		return NULL;
	if (argc != 2)
		return err_set(ev, TY_TypeError, "%s expected 2 arguments, got %d", name, argc);
	struct value *v = itr_with_srcs(ev, k, 1, argv + 1);
	if (v)
		((struct itr *)v->u.obj.p)->a = val_incref(argv[0]);
	return v;
}

PYFN(it_takewhile) { return pred_iter(ev, IT_TAKEWHILE, "takewhile", argc, argv, kw); }
PYFN(it_dropwhile) { return pred_iter(ev, IT_DROPWHILE, "dropwhile", argc, argv, kw); }
PYFN(it_filterfalse) { return pred_iter(ev, IT_FILTERFALSE, "filterfalse", argc, argv, kw); }
PYFN(it_starmap) { return pred_iter(ev, IT_STARMAP, "starmap", argc, argv, kw); }

PYFN(it_compress)
{
	struct value *d = NULL, *s = NULL;
	if (args_parse(ev, "compress", argc, argv, kw, "data,selectors", &d, &s) < 0)
		return NULL;
	struct value *a[2] = { d, s };
	return itr_with_srcs(ev, IT_COMPRESS, 2, a);
}

PYFN(it_pairwise)
{
	if (pylib_nokw(ev, "pairwise", kw) < 0)
		return NULL;
	if (argc != 1)
		return err_set(ev, TY_TypeError, "pairwise expected 1 argument, got %d", argc);
	return itr_with_srcs(ev, IT_PAIRWISE, 1, argv);
}

PYFN(it_zip_longest)
{
	struct value *fill = NULL;
	for (int i = 0; kw && i < kw->n; i++) {
		if (strcmp(kw->names[i], "fillvalue") != 0)
			return err_set(ev, TY_TypeError, "zip_longest() got an unexpected keyword argument '%s'", kw->names[i]);
		fill = kw->vals[i];
	}
	struct value *v = itr_with_srcs(ev, IT_ZIP_LONGEST, argc, argv);
	if (v) {
		struct itr *t = v->u.obj.p;
		t->a = fill ? val_incref(fill) : val_none();
		t->cur = argc;
		t->idx = calloc((size_t)argc + 1, sizeof *t->idx);
		if (!t->idx) {
			val_decref(v);
			return err_nomem(ev);
		}
	}
	return v;
}

static int64_t r_arg(struct eval *ev, struct value *rv, int64_t def)
{
	if (!rv || rv->type == VT_NONE)
		return def;
	if (rv->type != VT_INT && rv->type != VT_BOOL) {
		err_set(ev, TY_TypeError, "Expected int as r");
		return -2;
	}
	if (rv->u.i < 0) {
		err_set(ev, TY_ValueError, "r must be non-negative");
		return -2;
	}
	return rv->u.i;
}

static struct value *combinatoric(struct eval *ev, enum itkind k, struct value *it, struct value *rv, int need_r)
{
	struct value *pool = val_iter_list(ev, it);
	if (!pool)
		return NULL;
	int64_t n = (int64_t)pool->u.seq.n;
	if (need_r && !rv) {
		val_decref(pool);
		return err_set(ev, TY_TypeError, "%s() missing required argument 'r' (pos 2)", it_names[k]);
	}
	int64_t r = r_arg(ev, rv, n);
	if (r == -2) {
		val_decref(pool);
		return NULL;
	}
	struct itr *t = itr_alloc(ev, k, 0);
	if (!t) {
		val_decref(pool);
		return NULL;
	}
	t->pool = pool;
	t->n = n;
	t->r = r;
	int64_t m = n > r ? n : r;
	t->idx = calloc((size_t)m + 1, sizeof *t->idx);
	t->cyc = calloc((size_t)m + 1, sizeof *t->cyc);
	if (!t->idx || !t->cyc) {
		itr_free(t);
		return err_nomem(ev);
	}
	for (int64_t i = 0; i < m; i++)
		t->idx[i] = k == IT_COMBINATIONS_WR ? 0 : i;
	for (int64_t i = 0; i < r && i < n; i++)
		t->cyc[i] = n - i;
	return itr_wrap(ev, t);
}

PYFN(it_permutations)
{
	struct value *it = NULL, *r = NULL;
	if (args_parse(ev, "permutations", argc, argv, kw, "iterable|r", &it, &r) < 0)
		return NULL;
	return combinatoric(ev, IT_PERMUTATIONS, it, r, 0);
}

PYFN(it_combinations)
{
	struct value *it = NULL, *r = NULL;
	if (args_parse(ev, "combinations", argc, argv, kw, "iterable,r", &it, &r) < 0)
		return NULL;
	return combinatoric(ev, IT_COMBINATIONS, it, r, 1);
}

PYFN(it_combinations_wr)
{
	struct value *it = NULL, *r = NULL;
	if (args_parse(ev, "combinations_with_replacement", argc, argv, kw, "iterable,r", &it, &r) < 0)
		return NULL;
	return combinatoric(ev, IT_COMBINATIONS_WR, it, r, 1);
}

PYFN(it_product)
{
	int64_t rep = 1;
	for (int i = 0; kw && i < kw->n; i++) {
		if (strcmp(kw->names[i], "repeat") != 0)
			return err_set(ev, TY_TypeError, "product() got an unexpected keyword argument '%s'", kw->names[i]);
		if (val_as_int64(ev, kw->vals[i], &rep) < 0)
			return NULL;
		if (rep < 0)
			return err_set(ev, TY_ValueError, "repeat argument cannot be negative");
	}
	struct itr *t = itr_alloc(ev, IT_PRODUCT, 0);
	if (!t)
		return NULL;
	t->pool = val_list_new(0, NULL);
	t->r = (int64_t)argc * rep;
	t->idx = calloc((size_t)t->r + 1, sizeof *t->idx);
	if (!t->pool || !t->idx) {
		itr_free(t);
		return err_nomem(ev);
	}
	struct value **lists = calloc((size_t)argc + 1, sizeof *lists);
	for (int i = 0; lists && i < argc; i++)
		if (!(lists[i] = val_iter_list(ev, argv[i]))) {
			for (int j = 0; j < i; j++)
				val_decref(lists[j]);
			free(lists);
			itr_free(t);
			return NULL;
		}
	for (int64_t k = 0; lists && k < rep; k++)
		for (int i = 0; i < argc; i++)
			list_append(t->pool, val_incref(lists[i]));
	for (int i = 0; lists && i < argc; i++)
		val_decref(lists[i]);
	if (!lists) {
		itr_free(t);
		return err_nomem(ev);
	}
	free(lists);
	return itr_wrap(ev, t);
}

PYFN(it_groupby)
{
	struct value *it = NULL, *key = NULL;
	if (args_parse(ev, "groupby", argc, argv, kw, "iterable|key", &it, &key) < 0)
		return NULL;
	struct value *v = itr_with_srcs(ev, IT_GROUPBY, 1, &it);
	if (v)
		((struct itr *)v->u.obj.p)->pool = key ? val_incref(key) : val_none();
	return v;
}

/* itertools.chain is a type with a from_iterable method: a callable object */
static struct value *chain_type_call(struct eval *ev, struct value *self, int argc, struct value **argv,
				     const struct kwargs *kw)
{
	return it_chain(ev, NULL, argc, argv, kw);
}

static struct value *chain_type_getattr(struct eval *ev, struct value *self, const char *name)
{
	if (!strcmp(name, "from_iterable"))
		return val_builtin("from_iterable", it_chain_from_iterable, NULL, NULL);
	if (!strcmp(name, "__name__"))
		return val_cstr("chain");
	return NULL;
}

static char *chain_type_repr(struct eval *ev, struct value *self)
{
	return strdup("<class 'itertools.chain'>");
}

static const char *const chain_type_attrs[] = {"from_iterable", NULL};
static const struct objtype chain_type = {
	.name = "type", .call = chain_type_call, .getattr = chain_type_getattr, .repr = chain_type_repr,
	.attrs = chain_type_attrs,
};

static const struct pyfn itertools_fns[] = {
	{"count", it_count}, {"cycle", it_cycle}, {"repeat", it_repeat}, {"islice", it_islice},
	{"accumulate", it_accumulate}, {"takewhile", it_takewhile}, {"dropwhile", it_dropwhile},
	{"filterfalse", it_filterfalse}, {"compress", it_compress}, {"starmap", it_starmap},
	{"zip_longest", it_zip_longest}, {"pairwise", it_pairwise}, {"product", it_product},
	{"permutations", it_permutations}, {"combinations", it_combinations},
	{"combinations_with_replacement", it_combinations_wr}, {"groupby", it_groupby},
};

struct value *itertools_build(struct eval *ev, const char *name)
{
	(void)name;
	struct value *m = pylib_module(ev, "itertools", itertools_fns, sizeof itertools_fns / sizeof itertools_fns[0]);
	if (m && pylib_add(ev, m, "chain", val_object_new(&chain_type, NULL)) < 0) {
		val_decref(m);
		return NULL;
	}
	return m;
}
