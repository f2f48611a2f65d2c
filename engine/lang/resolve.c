/*
 * resolve.c — the name resolver: after a cell is parsed, gives every def,
 * lambda and comprehension a table of its local names (struct slottab), and
 * marks each N_NAME inside them with where it lives (ast.h: enum nscope), so
 * that eval.c keeps locals in an array and reads them by index.  It never
 * changes what a name means: a name it leaves unresolved is looked up by
 * name (eval.c's load_name_h), the definition of every lookup.
 */
#include <string.h>
#include "lang/core.h"

/* the scope being resolved: a def/lambda (fd set) or a comprehension */
struct rctx {
	struct arena *a;
	const struct funcdef *fd;  /* NULL in a comprehension or at module level */
	struct slottab *tab;       /* NULL at module level and in a class body */
	int err;
	struct rctx *up;           /* the enclosing scope */
};

static void walk(struct rctx *c, struct node *n);

static uint64_t name_hash_of(const char *s, size_t n)
{
	uint64_t h = str_hash(s, n);
	return h ? h : 1; /* as eval.c's name_hash: 0 means "not computed" there */
}

int slottab_find(const struct slottab *t, const char *name, size_t n, uint64_t h)
{
	for (int i = 0; i < t->n; i++)
		if (t->hashes[i] == h && t->lens[i] == n && memcmp(t->names[i], name, n) == 0)
			return i;
	return -1;
}

static int in_list(const char **names, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (strcmp(names[i], s) == 0)
			return 1;
	return 0;
}

/* a table of the k names (their strings live in the arena already) */
static struct slottab *tab_new(struct arena *a, const char **names, int k)
{
	struct slottab *t = arena_alloc(a, sizeof *t);
	if (!t)
		return NULL;
	t->n = k;
	t->names = arena_alloc(a, sizeof *t->names * (size_t)(k ? k : 1));
	t->lens = arena_alloc(a, sizeof *t->lens * (size_t)(k ? k : 1));
	t->hashes = arena_alloc(a, sizeof *t->hashes * (size_t)(k ? k : 1));
	t->captured = arena_alloc(a, (size_t)(k ? k : 1));
	if (!t->names || !t->lens || !t->hashes || !t->captured)
		return NULL;
	memset(t->captured, 0, (size_t)(k ? k : 1));
	for (int i = 0; i < k; i++) {
		t->names[i] = names[i];
		t->lens[i] = strlen(names[i]);
		t->hashes[i] = name_hash_of(names[i], t->lens[i]);
	}
	return t;
}

/* A name an inner scope reads from the scopes around it: every enclosing
 * slot of that name is captured (all of them, not only the nearest: the
 * lookup by name goes on outwards past an unbound one). */
static void capture(struct rctx *c, struct node *n)
{
	for (struct rctx *p = c->up; p; p = p->up) {
		int k = p->tab ? slottab_find(p->tab, n->s, n->slen, n->hash) : -1;
		if (k >= 0)
			p->tab->captured[k] = 1;
	}
}

/* every slot of the scopes around c may be read (an inner scope whose
 * names stay unresolved) */
static void capture_all(struct rctx *c)
{
	for (struct rctx *p = c->up; p; p = p->up)
		if (p->tab)
			p->tab->all_captured = 1;
}

static void name_ref(struct rctx *c, struct node *n)
{
	if (!n->hash) {
		n->slen = strlen(n->s);
		n->hash = name_hash_of(n->s, n->slen);
	}
	if (!c->tab) {
		capture(c, n); /* module level (none around) or a class body: by name */
		return;
	}
	if (c->fd && in_list(c->fd->globals, c->fd->nglobals, n->s)) {
		n->nscope = NS_GLOBAL;
		return;
	}
	int k = slottab_find(c->tab, n->s, n->slen, n->hash);
	if (k >= 0) {
		n->nscope = NS_LOCAL;
		n->slot = k + 1;
	} else if (c->fd && in_list(c->fd->nonlocals, c->fd->nnonlocals, n->s)) {
		n->nscope = NS_UNRESOLVED;
		capture(c, n);
	} else {
		n->nscope = NS_FREE;
		capture(c, n);
	}
}

/* def / lambda: its table is its parameters and assigned names (the
 * parser's fd->locals); the body is walked in the new scope. */
static void resolve_function(struct rctx *outer, struct funcdef *fd)
{
	struct rctx c = { outer->a, fd, NULL, 0, outer };
	struct slottab *t;
	if (fd->tab) {
		capture_all(&c); /* resolved before (a cell run again?): be safe */
		return;
	}
	t = tab_new(outer->a, fd->locals, fd->nlocals);
	if (t)
		t->param_slot = arena_alloc(outer->a, sizeof *t->param_slot * (size_t)(fd->nparams ? fd->nparams : 1));
	if (!t || !t->param_slot) {
		outer->err = 1;
		return;
	}
	t->star = t->dstar = -1;
	for (int i = 0; i < fd->nparams; i++) {
		size_t n = strlen(fd->params[i].name);
		if (fd->params[i].kind == 0) {
			t->npos++;
			if (fd->params[i].def)
				t->nposdef++;
		} else if (fd->params[i].kind == 1) {
			t->star = i;
		} else if (fd->params[i].kind == 2) {
			t->dstar = i;
		}
		t->param_slot[i] = slottab_find(t, fd->params[i].name, n, name_hash_of(fd->params[i].name, n));
		/* a parameter that is also declared global or nonlocal: keep the
		 * dict, whose behaviour is the reference */
		if (t->param_slot[i] < 0) {
			capture_all(&c);
			return;
		}
	}
	c.tab = t;
	for (int i = 0; i < fd->body.n; i++)
		walk(&c, fd->body.v[i]);
	if (c.err) {
		outer->err = 1;
		capture_all(&c);
		return;
	}
	fd->tab = t;
}

/* the names a comprehension's for-targets bind */
static void target_names(struct node *t, const char **out, int *k, int cap)
{
	if (!t)
		return;
	switch (t->kind) {
	case N_NAME:
		if (!in_list(out, *k, t->s) && *k < cap)
			out[(*k)++] = t->s;
		return;
	case N_TUPLE: case N_LIST:
		for (int i = 0; i < t->l.n; i++)
			target_names(t->l.v[i], out, k, cap);
		return;
	case N_STARRED:
		target_names(t->a, out, k, cap);
		return;
	default:
		return;
	}
}

static int count_targets(struct node *t)
{
	if (!t)
		return 0;
	if (t->kind == N_NAME)
		return 1;
	if (t->kind == N_STARRED)
		return count_targets(t->a);
	if (t->kind == N_TUPLE || t->kind == N_LIST) {
		int k = 0;
		for (int i = 0; i < t->l.n; i++)
			k += count_targets(t->l.v[i]);
		return k;
	}
	return 0;
}

/* [elt for t in it ...]: the first iterable belongs to the enclosing
 * scope (walked by the caller), everything else to the comprehension's. */
static void resolve_comp(struct rctx *outer, struct node *n)
{
	int cap = 0, k = 0;
	for (int i = 0; i < n->l.n; i++)
		if (n->l.v[i]->kind == N_COMPFOR)
			cap += count_targets(n->l.v[i]->a);
	const char **names = arena_alloc(outer->a, sizeof *names * (size_t)(cap ? cap : 1));
	if (!names) {
		outer->err = 1;
		return;
	}
	for (int i = 0; i < n->l.n; i++)
		if (n->l.v[i]->kind == N_COMPFOR)
			target_names(n->l.v[i]->a, names, &k, cap);
	struct slottab *t = tab_new(outer->a, names, k);
	if (!t) {
		outer->err = 1;
		return;
	}
	struct rctx c = { outer->a, NULL, t, 0, outer };
	walk(&c, n->a);
	walk(&c, n->b);
	for (int i = 0; i < n->l.n; i++) {
		struct node *cl = n->l.v[i];
		if (cl->kind == N_COMPFOR) {
			walk(&c, cl->a);
			if (i > 0)
				walk(&c, cl->b);
		} else {
			walk(&c, cl->a);
		}
	}
	if (c.err) {
		outer->err = 1;
		return;
	}
	n->tab = t;
}

static void walk_list(struct rctx *c, const struct nlist *l)
{
	for (int i = 0; i < l->n; i++)
		walk(c, l->v[i]);
}

static void walk(struct rctx *c, struct node *n)
{
	if (!n)
		return;
	switch (n->kind) {
	case N_NAME:
		name_ref(c, n);
		return;
	case N_CONST:
		return;
	case N_LAMBDA: case S_DEF:
		/* the decorators and defaults are evaluated where the def runs */
		walk_list(c, &n->l3);
		for (int i = 0; i < n->fn->nparams; i++)
			walk(c, n->fn->params[i].def);
		resolve_function(c, n->fn);
		return;
	case S_CLASS: {
		/* bases, keywords and decorators where the class statement runs;
		 * the body's names by name (its dict), its defs resolved inside */
		struct rctx body = { c->a, n->fn, NULL, 0, c };
		walk_list(c, &n->l);
		walk_list(c, &n->l2);
		walk_list(c, &n->l3);
		walk_list(&body, &n->fn->body);
		if (body.err)
			c->err = 1;
		return;
	}
	case N_LISTCOMP: case N_DICTCOMP:
		if (n->l.n && n->l.v[0]->kind == N_COMPFOR)
			walk(c, n->l.v[0]->b);
		resolve_comp(c, n);
		return;
	default:
		walk(c, n->a);
		walk(c, n->b);
		walk(c, n->c);
		walk_list(c, &n->l);
		walk_list(c, &n->l2);
		walk_list(c, &n->l3);
		walk_list(c, &n->l4);
		return;
	}
}

int resolve_cell(struct arena *a, const struct nlist *body)
{
	struct rctx c = { a, NULL, NULL, 0 };
	walk_list(&c, body);
	return c.err ? -1 : 0;
}

int resolve_expr(struct arena *a, struct node *n)
{
	struct rctx c = { a, NULL, NULL, 0 };
	walk(&c, n);
	return c.err ? -1 : 0;
}
