/*
 * fuse.c — the statement fuser's trees (fuse.h): pending elementwise trees
 * built node by node as the evaluator walks an expression, resolved as
 * ufunc.c's apply resolves one application (uf_plan), and evaluated as one
 * backend->elementwise or backend->reduce call.
 *
 * Owns the pending trees and the array references their leaves hold; never
 * walks the AST (eval.c does) and never generates code (cuda_ew.c does).
 */
#include <stdlib.h>
#include <string.h>
#include "array/arrapi.h"
#include "lang/error.h"
#include "ufunc/ufunc.h"
#include "ufunc/fuse.h"

struct fz_tree {
	const struct backend *be;
	int ndim;
	int64_t shape[ND_MAXDIM];
	struct ew_tree t;        /* arrays[]: owned, not broadcast yet */
};

/* LUMEN_FUSE: unset = the CUDA backend fuses; "all" = every backend (the
 * host one too: a test switch); "0" = nothing fuses. */
static int mode = -1;
struct fz_stats fz_stats;

void fz_set_mode(int m)
{
	mode = m;
}

static int fuse_mode(void)
{
	if (mode < 0) {
		const char *e = getenv("LUMEN_FUSE");
		mode = !e ? 1 : !strcmp(e, "all") ? 2 : !strcmp(e, "0") ? 0 : 1;
	}
	return mode;
}

static int fusing(const struct backend *be)
{
	int m = fuse_mode();
	return m == 2 || (m == 1 && be->device_memory);   /* default: fuse where passes over memory cost launches */
}

/* Spent trees wait here for the next statement: a tree is some 5 KiB, and
 * a fresh calloc per fused operation cost a memset and, for a request that
 * size, malloc_consolidate.  A tree from tree_new has only its counts and
 * shape set: every node, leaf and scalar is written before it is read. */
enum { SPARE_MAX = 8 };
static struct fz_tree *spare[SPARE_MAX];
static int nspare;

static struct fz_tree *tree_new(void)
{
	struct fz_tree *t = nspare ? spare[--nspare] : malloc(sizeof *t);
	if (t) {
		t->be = NULL;
		t->ndim = 0;
		t->t.nnodes = t->t.narrays = t->t.nscalars = 0;
	}
	return t;
}

static void tree_free(struct fz_tree *t)
{
	if (!t)
		return;
	for (int i = 0; i < t->t.narrays; i++)
		nd_decref(t->t.arrays[i]);
	if (nspare < SPARE_MAX)
		spare[nspare++] = t;
	else
		free(t);
}

void fz_clear(struct fz *f)
{
	val_decref(f->v);
	tree_free(f->t);
	f->v = NULL;
	f->t = NULL;
}

int fz_array_like(const struct fz *f)
{
	return f->t || (f->v && f->v->type == VT_NDARRAY);
}

int fz_ndim(const struct fz *f)
{
	return f->t ? f->t->ndim : 0;
}

static int root_dtype(const struct fz_tree *t)
{
	return t->t.nodes[t->t.nnodes - 1].dtype;
}

/* appends node n to t, the index of the new node */
static int push(struct ew_tree *t, const struct ew_node *n)
{
	t->nodes[t->nnodes] = *n;
	return t->nnodes++;
}

static int push_cast(struct ew_tree *t, int child, int dtype)
{
	struct ew_node c = {0};
	if (t->nodes[child].dtype == dtype)
		return child;
	c.kind = EW_CAST;
	c.dtype = dtype;
	c.nargs = 1;
	c.args[0] = child;
	return push(t, &c);
}

/* moves src's nodes and leaves into dst; the index of src's root in dst */
static int graft(struct ew_tree *dst, struct fz_tree *src)
{
	int base = dst->nnodes, abase = dst->narrays, sbase = dst->nscalars;
	const struct ew_tree *s = &src->t;
	for (int i = 0; i < s->nnodes; i++) {
		struct ew_node n = s->nodes[i];
		if (n.kind == EW_ARRAY)
			n.leaf += abase;
		else if (n.kind == EW_SCALAR)
			n.leaf += sbase;
		else
			for (int k = 0; k < n.nargs; k++)
				n.args[k] += base;
		push(dst, &n);
	}
	for (int i = 0; i < s->narrays; i++)
		dst->arrays[dst->narrays++] = s->arrays[i];
	for (int i = 0; i < s->nscalars; i++)
		dst->scalars[dst->nscalars++] = s->scalars[i];
	src->t.narrays = 0;          /* the references moved */
	return dst->nnodes - 1;
}

static int is_pyscalar(const struct value *v)
{
	return v->type == VT_BOOL || v->type == VT_INT || v->type == VT_FLOAT ||
	       v->type == VT_COMPLEX || v->type == VT_SCALAR;
}

int fz_apply(struct eval *ev, const struct backend *be, int uf, int nin, struct fz *in,
	     struct fz *out)
{
	const struct backend *abe = NULL;
	struct uf_operand uo[EW_MAXARGS] = {{0}};
	struct npscalar sc[EW_MAXARGS];
	const struct npscalar *scp[EW_MAXARGS];
	const struct ndarray *arp[EW_MAXARGS];
	const struct ndarray *shp[EW_MAXARGS];
	struct ndarray fake[EW_MAXARGS];
	struct uf_plan pl;
	int ndim, nodes = 1, narr = 0, nsc = 0, argn[EW_MAXARGS];
	int64_t shape[ND_MAXDIM];
	struct fz_tree *nt;

	if (uf < 0 || nin < 1 || nin > EW_MAXARGS || ufunc_table[uf].nin != nin ||
	    ufunc_table[uf].nout != 1)
		return 0;
	/* which operands the fuser takes: pending trees and arrays of one
	 * fusing backend, Python and NumPy scalars */
	for (int i = 0; i < nin; i++) {
		const struct backend *b = NULL;
		if (in[i].t)
			b = in[i].t->be;
		else if (in[i].v->type == VT_NDARRAY && in[i].v->u.arr->sub == ND_MATRIX)
			return 0;   /* m * x is a product of matrices (matrix.c) */
		else if (in[i].v->type == VT_NDARRAY)
			b = nd_backend(in[i].v->u.arr);
		else if (!is_pyscalar(in[i].v))
			return 0;
		if (b && abe && b != abe)
			return 0;
		if (b)
			abe = b;
	}
	if (!abe || (be && be != abe) || !fusing(abe))
		return 0;
	memset(fake, 0, sizeof fake);
	for (int i = 0; i < nin; i++) {
		scp[i] = NULL;
		arp[i] = NULL;
		if (in[i].t) {
			uo[i].dtype = root_dtype(in[i].t);
			fake[i].ndim = in[i].t->ndim;
			memcpy(fake[i].shape, in[i].t->shape, sizeof(int64_t) * in[i].t->ndim);
			shp[i] = &fake[i];
			nodes += in[i].t->t.nnodes + 1;
			narr += in[i].t->t.narrays;
			nsc += in[i].t->t.nscalars;
			/* the unfused path scans host integer exponents for negative
			 * values: only a materialised array can be scanned */
			if (i == 1 && !abe->device_memory && dt_is_int(uo[i].dtype) &&
			    !strcmp(ufunc_table[uf].name, "power"))
				return 0;
		} else if (in[i].v->type == VT_NDARRAY) {
			arp[i] = in[i].v->u.arr;
			uo[i].dtype = arp[i]->dtype;
			shp[i] = arp[i];
			nodes += 2;
			narr++;
		} else {
			arr_value_scalar(in[i].v, &sc[i], &uo[i].pyclass);
			uo[i].dtype = sc[i].dtype;
			uo[i].ival = sc[i].v.i;
			scp[i] = &sc[i];
			fake[i].ndim = 0;
			shp[i] = &fake[i];
			nodes++;
			nsc++;
		}
	}
	if (nodes > EW_MAXNODES - 1 || narr > EW_MAXNODES || nsc > EW_MAXNODES)
		return 0;   /* the caller evaluates the operands first */
	if (uf_plan(ev, uf, nin, uo, scp, arp, &pl) < 0)
		return -1;
	if (arr_broadcast_shapes(ev, nin, shp, &ndim, shape) < 0)
		return -1;
	/* 0-d host results are NumPy scalars unfused: no pending tree for them */
	if (ndim == 0 && !arr_is_cupy(abe))
		return 0;
	nt = tree_new();
	if (!nt) {
		err_nomem(ev);
		return -1;
	}
	nt->be = abe;
	nt->ndim = ndim;
	memcpy(nt->shape, shape, sizeof(int64_t) * ndim);
	for (int i = 0; i < pl.nin; i++) {
		struct ew_tree *t = &nt->t;
		struct ew_node n = {0};
		if (in[i].t) {
			argn[i] = push_cast(t, graft(t, in[i].t), pl.dts[i]);
		} else if (arp[i]) {
			n.kind = EW_ARRAY;
			n.dtype = arp[i]->dtype;
			n.leaf = t->narrays;
			t->arrays[t->narrays++] = nd_incref((struct ndarray *)arp[i]);
			argn[i] = push_cast(t, push(t, &n), pl.dts[i]);
		} else {
			n.kind = EW_SCALAR;
			n.dtype = pl.dts[i];
			n.leaf = t->nscalars;
			arr_scalar_cast(&sc[i], pl.dts[i], &t->scalars[t->nscalars++]);
			argn[i] = push(t, &n);
		}
	}
	{
		struct ew_node u = {0};
		u.kind = EW_UFUNC;
		u.dtype = pl.odt;
		u.ufunc = pl.uf;
		u.loop = pl.loop;
		u.nargs = pl.nin;
		for (int i = 0; i < pl.nin; i++)
			u.args[i] = argn[i];
		push(&nt->t, &u);
	}
	for (int i = 0; i < nin; i++) {
		tree_free(in[i].t);
		in[i].t = NULL;
	}
	out->v = NULL;
	out->t = nt;
	return 1;
}

/* The tree ready for a backend: one leaf per distinct array (x in
 * sin(x)**2 + cos(x)**2 is loaded once), every leaf broadcast to the
 * result's shape.  -1 with the error set. */
static int tree_finish(struct eval *ev, struct fz_tree *ft)
{
	struct ew_tree *t = &ft->t;
	int map[EW_MAXNODES], k = 0;
	for (int i = 0; i < t->narrays; i++) {
		int j;
		for (j = 0; j < k; j++)
			if (t->arrays[j] == t->arrays[i])
				break;
		map[i] = j;
		if (j < k) {
			nd_decref(t->arrays[i]);
		} else {
			t->arrays[k++] = t->arrays[i];
		}
	}
	t->narrays = k;
	for (int i = 0; i < t->nnodes; i++)
		if (t->nodes[i].kind == EW_ARRAY)
			t->nodes[i].leaf = map[t->nodes[i].leaf];
	for (int i = 0; i < t->narrays; i++) {
		struct ndarray *a = t->arrays[i], *v;
		if (a->ndim == ft->ndim && !memcmp(a->shape, ft->shape, sizeof(int64_t) * a->ndim))
			continue;
		v = arr_broadcast_to(ev, a, ft->ndim, ft->shape);
		if (!v)
			return -1;
		nd_decref(a);
		t->arrays[i] = v;
	}
	return 0;
}

static void count(const struct ew_tree *t)
{
	int u = 0;
	for (int i = 0; i < t->nnodes; i++)
		u += t->nodes[i].kind == EW_UFUNC;
	fz_stats.trees++;
	fz_stats.ufuncs = u;
	fz_stats.arrays = t->narrays;
	fz_stats.scalars = t->nscalars;
}

struct value *fz_value(struct eval *ev, struct fz *f)
{
	struct fz_tree *ft = f->t;
	struct ndarray *res = NULL;
	struct value *v = f->v;
	f->v = NULL;
	f->t = NULL;
	if (!ft)
		return v;
	if (tree_finish(ev, ft) < 0)
		goto done;
	count(&ft->t);
	res = uf_new_result(ev, ft->be, root_dtype(ft), ft->ndim, ft->shape, ft->t.arrays, ft->t.narrays);
	if (!res)
		goto done;
	if (!ft->be->elementwise) {
		err_set(ev, TY_NotImplementedError, "elementwise operations are not supported by the %s backend", ft->be->name);
		nd_decref(res);
		res = NULL;
	} else if (ft->be->elementwise(ev, &ft->t, res) < 0) {
		nd_decref(res);
		res = NULL;
	}
done:
	tree_free(ft);
	return res ? arr_result(ev, res) : NULL;
}

struct value *fz_reduce(struct eval *ev, struct fz *f, enum red_op op, uint64_t axes,
			int keepdims, int dtype)
{
	struct fz_tree *ft = f->t;
	struct ndarray *r = NULL;
	f->t = NULL;
	if (!ft)
		return err_set(ev, TY_RuntimeError, "fz_reduce: nothing pending");
	if (tree_finish(ev, ft) == 0) {
		count(&ft->t);
		fz_stats.reductions++;
		r = arr_reduce_tree(ev, ft->be, &ft->t, ft->ndim, ft->shape, op, axes, keepdims, dtype);
	}
	tree_free(ft);
	return r ? arr_result(ev, r) : NULL;
}
