/*
 * host_ew.c — the host backend's elementwise engine: evaluates an expression
 * tree (backend.h) into an output array in cache-sized blocks, with one
 * temporary buffer per interior node; N-d layouts are walked with an
 * odometer after merging the dimensions every operand can merge.  A tree of
 * one ufunc whose operands need no cast runs the inner loop straight on the
 * operands' memory (the NumPy-speed path).  Also casts/copies arrays.
 *
 * Owns only its temporary buffers.  Never allocates arrays.
 */
#include <stdlib.h>
#include <string.h>
#include "array/arrapi.h"
#include "backend/host/host_int.h"
#include "lang/error.h"
#include "ufunc/ufunc.h"
#include "backend/host/host.h"

#define EW_BLOCK 2048

struct ewiter {
	int nd;                          /* merged dims, >= 1 */
	int64_t shape[ND_MAXDIM];
	int nop;                         /* operands: arrays[0..narrays-1], out last */
	int64_t st[EW_MAXNODES + 1][ND_MAXDIM];
	char *base[EW_MAXNODES + 1];
};

static int64_t iabs(int64_t v)
{
	return v < 0 ? -v : v;
}

/* Merges dimensions: drops size-1 axes, orders the rest by the output's
 * strides, joins axis k-1 into k when every operand is contiguous across
 * them. */
static void ew_setup(struct ewiter *it, const struct ew_tree *t, const struct ndarray *out)
{
	int nop = t->narrays + 1, nd = 0;
	const struct ndarray *ops[EW_MAXNODES + 1];
	for (int i = 0; i < t->narrays; i++)
		ops[i] = t->arrays[i];
	ops[t->narrays] = out;
	it->nop = nop;
	for (int i = 0; i < nop; i++)
		it->base[i] = nd_data(ops[i]);
	for (int k = 0; k < out->ndim; k++) {
		if (out->shape[k] == 1)
			continue;
		it->shape[nd] = out->shape[k];
		for (int i = 0; i < nop; i++)
			it->st[i][nd] = ops[i]->strides[k];
		nd++;
	}
	/* walk in the output's memory order (an order='K' result of A.T + 1 is
	 * F-ordered): dims sorted by the output's |stride|, outermost first */
	for (int k = 1; k < nd; k++) {
		int j = k;
		while (j > 0 && iabs(it->st[nop - 1][j - 1]) < iabs(it->st[nop - 1][j])) {
			int64_t t = it->shape[j];
			it->shape[j] = it->shape[j - 1];
			it->shape[j - 1] = t;
			for (int i = 0; i < nop; i++) {
				t = it->st[i][j];
				it->st[i][j] = it->st[i][j - 1];
				it->st[i][j - 1] = t;
			}
			j--;
		}
	}
	/* merge from the inside out */
	if (nd > 1) {
		int w = nd - 1;
		int64_t sh[ND_MAXDIM];
		int64_t st[EW_MAXNODES + 1][ND_MAXDIM];
		int m = 0; /* merged dims, built innermost first */
		sh[0] = it->shape[w];
		for (int i = 0; i < nop; i++)
			st[i][0] = it->st[i][w];
		for (int k = w - 1; k >= 0; k--) {
			int ok = 1;
			for (int i = 0; i < nop && ok; i++)
				if (it->st[i][k] != st[i][m] * sh[m])
					ok = 0;
			if (ok) {
				sh[m] *= it->shape[k];
			} else {
				m++;
				sh[m] = it->shape[k];
				for (int i = 0; i < nop; i++)
					st[i][m] = it->st[i][k];
			}
		}
		nd = m + 1;
		for (int k = 0; k < nd; k++) {
			it->shape[k] = sh[nd - 1 - k];
			for (int i = 0; i < nop; i++)
				it->st[i][k] = st[i][nd - 1 - k];
		}
	}
	if (nd == 0) {
		it->shape[0] = 1;
		for (int i = 0; i < nop; i++)
			it->st[i][0] = 0;
		nd = 1;
	}
	it->nd = nd;
}

/* The scalar leaf's bytes in its node's dtype. */
static void scalar_bytes(const struct ew_tree *t, const struct ew_node *n, char *buf)
{
	arr_scalar_store(n->dtype, buf, &t->scalars[n->leaf]);
}

/* Evaluates the tree for m elements whose operand pointers are ptr[i]
 * (stride st[i]); out at po (stride so). */
static void ew_block(const struct ew_tree *t, char **ptr, const int64_t *st, int64_t m,
		     char *po, int64_t so, char **tmp, char (*sc)[16])
{
	char *np_[EW_MAXNODES];
	int64_t ns[EW_MAXNODES];
	int root = t->nnodes - 1;
	for (int k = 0; k < t->nnodes; k++) {
		const struct ew_node *n = &t->nodes[k];
		char *dst = po;
		int64_t ds = so;
		if (k != root) {
			dst = tmp[k];
			ds = dt_size(n->dtype);
		}
		switch (n->kind) {
		case EW_ARRAY:
			if (k == root && st[n->leaf] == so && so == dt_size(n->dtype)) {
				memcpy(po, ptr[n->leaf], (size_t)(m * so)); /* a contiguous copy */
			} else if (k == root) {
				uf_cast[n->dtype][n->dtype](ptr[n->leaf], st[n->leaf], po, so, m);
			} else {
				np_[k] = ptr[n->leaf];
				ns[k] = st[n->leaf];
			}
			continue;
		case EW_SCALAR:
			if (k == root) {
				uf_cast[n->dtype][n->dtype](sc[k], 0, po, so, m);
			} else {
				np_[k] = sc[k];
				ns[k] = 0;
			}
			continue;
		case EW_CAST: {
			int c = n->args[0];
			uf_cast[t->nodes[c].dtype][n->dtype](np_[c], ns[c], dst, ds, m);
			break;
		}
		case EW_UFUNC: {
			const struct uf_loop *l = &ufunc_table[n->ufunc].loops[n->loop];
			char *args[EW_MAXARGS + 1];
			int64_t steps[EW_MAXARGS + 1];
			for (int a = 0; a < n->nargs; a++) {
				args[a] = np_[n->args[a]];
				steps[a] = ns[n->args[a]];
			}
			args[n->nargs] = dst;
			steps[n->nargs] = ds;
			l->fn(args, steps, m);
			break;
		}
		}
		np_[k] = dst;
		ns[k] = ds;
	}
}

/* One run of m elements: operand i at ptr[i] with stride st[i] (out last). */
static void ew_run(const struct ew_tree *t, int fast, int nop, char **ptr, const int64_t *st,
		   int64_t m, char **tmp, char (*sc)[16])
{
	const struct ew_node *rn = &t->nodes[t->nnodes - 1];
	if (fast) {
		const struct uf_loop *l = &ufunc_table[rn->ufunc].loops[rn->loop];
		char *args[EW_MAXARGS + 1];
		int64_t steps[EW_MAXARGS + 1];
		for (int a = 0; a < rn->nargs; a++) {
			const struct ew_node *c = &t->nodes[rn->args[a]];
			if (c->kind == EW_ARRAY) {
				args[a] = ptr[c->leaf];
				steps[a] = st[c->leaf];
			} else {
				args[a] = sc[rn->args[a]];
				steps[a] = 0;
			}
		}
		args[rn->nargs] = ptr[nop - 1];
		steps[rn->nargs] = st[nop - 1];
		l->fn(args, steps, m);
		return;
	}
	for (int64_t b = 0; b < m; b += EW_BLOCK) {
		int64_t k = m - b < EW_BLOCK ? m - b : EW_BLOCK;
		char *bp[EW_MAXNODES + 1];
		for (int i = 0; i < nop; i++)
			bp[i] = ptr[i] + b * st[i];
		ew_block(t, bp, st, k, bp[nop - 1], st[nop - 1], tmp, sc);
	}
}

int uf_host_elementwise(struct eval *ev, const struct ew_tree *t, struct ndarray *out)
{
	struct ewiter it;
	int64_t idx[ND_MAXDIM] = {0}, outer = 1;
	char *tmp[EW_MAXNODES] = {0};
	char sc[EW_MAXNODES][16];
	char *tmpmem = NULL;
	int root = t->nnodes - 1, fast = 0, nop, odims;
	const struct ew_node *rn = &t->nodes[root];
	int64_t work = 0;

	if (nd_size(out) == 0)
		return 0;
	ew_setup(&it, t, out);
	nop = it.nop;
	odims = it.nd - 1; /* dims the odometer walks */
	for (int k = 0; k < odims; k++)
		outer *= it.shape[k];
	for (int k = 0; k < t->nnodes; k++)
		if (t->nodes[k].kind == EW_SCALAR)
			scalar_bytes(t, &t->nodes[k], sc[k]);
	/* fast: one ufunc over leaves, no casts, writing straight into out */
	if (rn->kind == EW_UFUNC && rn->dtype == out->dtype) {
		fast = 1;
		for (int a = 0; a < rn->nargs; a++) {
			int k = rn->args[a];
			if (t->nodes[k].kind != EW_ARRAY && t->nodes[k].kind != EW_SCALAR)
				fast = 0;
		}
	}
	if (!fast) {
		int need = 0;
		for (int k = 0; k < root; k++)
			if (t->nodes[k].kind == EW_UFUNC || t->nodes[k].kind == EW_CAST)
				need++;
		if (need) {
			tmpmem = malloc((size_t)need * EW_BLOCK * 16);
			if (!tmpmem)
				return err_nomem(ev), -1;
			need = 0;
			for (int k = 0; k < root; k++)
				if (t->nodes[k].kind == EW_UFUNC || t->nodes[k].kind == EW_CAST)
					tmp[k] = tmpmem + (size_t)(need++) * EW_BLOCK * 16;
		}
	}
	if (fast && it.nd == 2 && it.shape[1] < 256) {
		/* many short rows (a (100000, 10) + (10,) broadcast): the loop's
		 * arguments are set once and stepped by the outer strides */
		const struct uf_loop *l = &ufunc_table[rn->ufunc].loops[rn->loop];
		char *args[EW_MAXARGS + 1];
		int64_t steps[EW_MAXARGS + 1], outs[EW_MAXARGS + 1];
		for (int a = 0; a <= rn->nargs; a++) {
			int leaf = a == rn->nargs ? nop - 1 : -1;
			if (leaf < 0 && t->nodes[rn->args[a]].kind == EW_ARRAY)
				leaf = t->nodes[rn->args[a]].leaf;
			args[a] = leaf >= 0 ? it.base[leaf] : sc[rn->args[a]];
			steps[a] = leaf >= 0 ? it.st[leaf][1] : 0;
			outs[a] = leaf >= 0 ? it.st[leaf][0] : 0;
		}
		for (int64_t o = 0; o < outer; o++) {
			l->fn(args, steps, it.shape[1]);
			for (int a = 0; a <= rn->nargs; a++)
				args[a] += outs[a];
			if ((o & 0xffff) == 0xffff && ev_check_interrupt(ev))
				return -1;
		}
		return 0;
	}
	for (int64_t o = 0; o < outer; o++) {
		char *ptr[EW_MAXNODES + 1];
		int64_t st[EW_MAXNODES + 1];
		for (int i = 0; i < nop; i++) {
			int64_t off = 0;
			for (int k = 0; k < odims; k++)
				off += idx[k] * it.st[i][k];
			ptr[i] = it.base[i] + off;
			st[i] = it.st[i][it.nd - 1];
		}
		ew_run(t, fast, nop, ptr, st, it.shape[it.nd - 1], tmp, sc);
		work += it.shape[it.nd - 1];
		if (work > (1 << 22)) {
			work = 0;
			if (ev_check_interrupt(ev)) {
				free(tmpmem);
				return -1;
			}
		}
		for (int k = odims - 1; k >= 0; k--) {
			if (++idx[k] < it.shape[k])
				break;
			idx[k] = 0;
		}
	}
	free(tmpmem);
	return 0;
}

/* A copy or cast (tree: the array, maybe one cast): the output walked in
 * memory order as above, but one cast-loop call per row with the pointers
 * stepped by an odometer -- no blocks (a cast needs no temporary), so a
 * transpose's many short rows cost little more than their items. */
static int host_copy_rows(struct eval *ev, const struct ew_tree *t, struct ndarray *out)
{
	struct ewiter it;
	int64_t idx[ND_MAXDIM] = {0}, work = 0;
	uf_castfn fn = uf_cast[t->arrays[0]->dtype][out->dtype];
	ew_setup(&it, t, out);
	int in = it.nd - 1;
	int64_t n = it.shape[in], ss = it.st[0][in], ds = it.st[1][in];
	const char *ps = it.base[0];
	char *pd = it.base[1];
	for (;;) {
		int k;
		fn(ps, ss, pd, ds, n);
		for (k = in - 1; k >= 0; k--) {
			ps += it.st[0][k];
			pd += it.st[1][k];
			if (++idx[k] < it.shape[k])
				break;
			ps -= it.st[0][k] * it.shape[k];
			pd -= it.st[1][k] * it.shape[k];
			idx[k] = 0;
		}
		if (k < 0)
			return 0;
		work += n + 16;
		if (work > (1 << 22)) {
			work = 0;
			if (ev_check_interrupt(ev))
				return -1;
		}
	}
}

int uf_host_copy(struct eval *ev, struct ndarray *dst, const struct ndarray *src)
{
	struct ew_tree t;
	struct ndarray *b = NULL;
	int rc;
	t.nnodes = 1;
	t.narrays = 1;
	t.nscalars = 0;
	if (src->ndim != dst->ndim || memcmp(src->shape, dst->shape, sizeof(int64_t) * src->ndim)) {
		b = arr_broadcast_to(ev, src, dst->ndim, dst->shape);
		if (!b)
			return -1;
		src = b;
	}
	t.arrays[0] = (struct ndarray *)src;
	memset(&t.nodes[0], 0, sizeof t.nodes[0]);
	t.nodes[0].kind = EW_ARRAY;
	t.nodes[0].dtype = src->dtype;
	t.nodes[0].leaf = 0;
	if (src->dtype != dst->dtype) {
		memset(&t.nodes[1], 0, sizeof t.nodes[1]);
		t.nodes[1].kind = EW_CAST;
		t.nodes[1].dtype = dst->dtype;
		t.nodes[1].nargs = 1;
		t.nodes[1].args[0] = 0;
		t.nnodes = 2;
	}
	rc = nd_size(dst) ? host_copy_rows(ev, &t, dst) : 0;
	nd_decref(b);
	return rc;
}

void host_fill_run(char *d, const void *v, int64_t n, int isz)
{
	int64_t done = n < 16 ? n : 16;
	for (int64_t i = 0; i < done; i++)
		memcpy(d + i * isz, v, isz);
	while (done < n) {
		int64_t k = n - done < done ? n - done : done;
		memcpy(d + done * isz, d, (size_t)(k * isz));
		done += k;
	}
}

int host_fill(struct eval *ev, struct ndarray *dst, const struct npscalar *v)
{
	struct ew_tree t;
	if (nd_is_c_contiguous(dst) || nd_is_f_contiguous(dst)) {
		struct npscalar c;
		char item[16];
		arr_scalar_cast(v, dst->dtype, &c);
		arr_scalar_store(dst->dtype, item, &c);
		host_fill_run(nd_data(dst), item, nd_size(dst), dt_size(dst->dtype));
		return 0;
	}
	memset(&t, 0, sizeof t);
	t.nnodes = 1;
	t.nodes[0].kind = EW_SCALAR;
	t.nodes[0].dtype = dst->dtype;
	t.nscalars = 1;
	arr_scalar_cast(v, dst->dtype, &t.scalars[0]);
	return uf_host_elementwise(ev, &t, dst);
}

/* host side of transfers: C-contiguous bytes of nbytes(a) */
static struct ndarray *flat_view(struct eval *ev, const struct ndarray *like, void *p,
				 struct buffer *tmp)
{
	struct ndarray *v = calloc(1, sizeof *v);
	int64_t s = dt_size(like->dtype);
	if (!v)
		return err_nomem(ev);
	tmp->refcnt = 2; /* never freed through the view */
	tmp->data = p;
	tmp->nbytes = (size_t)(nd_size(like) * s);
	tmp->be = &backend_host;
	tmp->cookie = NULL;
	tmp->release = NULL;
	tmp->device = 0;
	v->refcnt = 1;
	v->dtype = like->dtype;
	v->ndim = like->ndim;
	v->flags = ND_WRITEABLE;
	v->buf = tmp;
	for (int i = like->ndim - 1; i >= 0; i--) {
		v->shape[i] = like->shape[i];
		v->strides[i] = s;
		s *= like->shape[i] ? like->shape[i] : 1;
	}
	return v;
}

int host_to_host(struct eval *ev, void *dst, const struct ndarray *src)
{
	struct buffer tmp;
	struct ndarray *v = flat_view(ev, src, dst, &tmp);
	int rc;
	if (!v)
		return -1;
	rc = uf_host_copy(ev, v, src);
	free(v);
	return rc;
}

int host_from_host(struct eval *ev, struct ndarray *dst, const void *src)
{
	struct buffer tmp;
	struct ndarray *v = flat_view(ev, dst, (void *)src, &tmp);
	int rc;
	if (!v)
		return -1;
	rc = uf_host_copy(ev, dst, v);
	free(v);
	return rc;
}
