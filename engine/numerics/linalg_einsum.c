/*
 * linalg_einsum.c — np.einsum: subscripts parsed as NumPy does (explicit and
 * implicit output), repeated labels taken as diagonals, labels private to one
 * operand summed, then operands contracted left to right, each pair as one
 * batched matmul on the backend.  Owns no state.
 */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lang/core.h"
#include "array/arrapi.h"
#include "lang/args.h"
#include "lang/error.h"
#include "numerics/linalg.h"
#include "numerics/linalg_int.h"

/* ---- einsum ---- */

#define EIN_MAXOP 8
struct ein_op {
	struct ndarray *a;   /* owned */
	char lab[ND_MAXDIM]; /* label per axis */
	int nd;
};

/* Takes the diagonal of repeated labels of op (in place). */
static int ein_diag(struct eval *ev, struct ein_op *op)
{
	for (int i = 0; i < op->nd; i++)
		for (int j = i + 1; j < op->nd; j++)
			if (op->lab[i] == op->lab[j]) {
				struct ndarray *d;
				if (op->a->shape[i] != op->a->shape[j])
					return err_set(ev, TY_ValueError,
						       "dimensions in operand for collapsing index '%c' don't match (%lld != %lld)",
						       op->lab[i], (long long)op->a->shape[i],
						       (long long)op->a->shape[j]), -1;
				d = lin_diagonal(ev, op->a, 0, i, j);
				if (!d)
					return -1;
				char c = op->lab[i];
				int k = 0;
				char nl[ND_MAXDIM];
				for (int t = 0; t < op->nd; t++)
					if (t != i && t != j)
						nl[k++] = op->lab[t];
				nl[k++] = c;
				memcpy(op->lab, nl, k);
				op->nd = k;
				nd_decref(op->a);
				op->a = d;
				i = -1;
				break;
			}
	return 0;
}

static int has(const char *s, int n, char c)
{
	for (int i = 0; i < n; i++)
		if (s[i] == c)
			return 1;
	return 0;
}

/* Sums away labels of op that are in no other operand nor the output. */
static int ein_sum_private(struct eval *ev, struct ein_op *ops, int nop, int k,
			   const char *outl, int outn)
{
	struct ein_op *op = &ops[k];
	int perm[ND_MAXDIM], np = 0, nsum = 0;
	char nl[ND_MAXDIM];
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < op->nd; i++) {
			int keep = has(outl, outn, op->lab[i]);
			for (int o = 0; o < nop && !keep; o++)
				if (o != k && has(ops[o].lab, ops[o].nd, op->lab[i]))
					keep = 1;
			if (keep == !pass) {
				perm[np] = i;
				nl[np++] = op->lab[i];
				nsum += pass;
			}
		}
	if (!nsum)
		return 0;
	struct ndarray *t = arr_transpose(ev, op->a, perm), *s;
	if (!t)
		return -1;
	s = lin_sum_last(ev, t, nsum, op->a->dtype);
	nd_decref(t);
	if (!s)
		return -1;
	nd_decref(op->a);
	op->a = s;
	op->nd -= nsum;
	memcpy(op->lab, nl, op->nd);
	return 0;
}

/* Contracts ops[0] and ops[1] into ops[0]: batch labels (kept by both and
 * wanted later) first, then 0's free, then 1's free. */
static int ein_pair(struct eval *ev, struct ein_op *ops, int nop, const char *outl, int outn)
{
	struct ein_op *x = &ops[0], *y = &ops[1];
	char bl[ND_MAXDIM], xl[ND_MAXDIM], yl[ND_MAXDIM], kl[ND_MAXDIM];
	int nb = 0, nx = 0, ny = 0, nk = 0;
	for (int i = 0; i < x->nd; i++) {
		char c = x->lab[i];
		int in_y = has(y->lab, y->nd, c), later = has(outl, outn, c);
		for (int o = 2; o < nop && !later; o++)
			if (has(ops[o].lab, ops[o].nd, c))
				later = 1;
		if (in_y && later)
			bl[nb++] = c;
		else if (in_y)
			kl[nk++] = c;
		else
			xl[nx++] = c;
	}
	for (int i = 0; i < y->nd; i++)
		if (!has(x->lab, x->nd, y->lab[i]))
			yl[ny++] = y->lab[i];
	/* x -> (batch, xfree, k), y -> (batch, k, yfree) */
	int px[ND_MAXDIM], py[ND_MAXDIM], n = 0;
	int64_t K = 1, rsh[ND_MAXDIM];
	int rn = 0;
#define POS(op, c) ((int)(strchr((op)->lab, (c)) - (op)->lab))
	for (int i = 0; i < nb; i++) {
		px[n++] = POS(x, bl[i]);
		rsh[rn++] = x->a->shape[POS(x, bl[i])];
		if (x->a->shape[POS(x, bl[i])] != y->a->shape[POS(y, bl[i])])
			goto mismatch;
	}
	for (int i = 0; i < nx; i++) {
		px[n++] = POS(x, xl[i]);
		rsh[rn++] = x->a->shape[POS(x, xl[i])];
	}
	for (int i = 0; i < nk; i++) {
		px[n++] = POS(x, kl[i]);
		K *= x->a->shape[POS(x, kl[i])];
		if (x->a->shape[POS(x, kl[i])] != y->a->shape[POS(y, kl[i])])
			goto mismatch;
	}
	n = 0;
	for (int i = 0; i < nb; i++)
		py[n++] = POS(y, bl[i]);
	for (int i = 0; i < nk; i++)
		py[n++] = POS(y, kl[i]);
	for (int i = 0; i < ny; i++) {
		py[n++] = POS(y, yl[i]);
		rsh[rn++] = y->a->shape[POS(y, yl[i])];
	}
	{
		int dt = dt_promote(x->a->dtype, y->a->dtype);
		struct ndarray *tx = arr_transpose(ev, x->a, px), *ty = tx ? arr_transpose(ev, y->a, py) : NULL;
		struct ndarray *mx = NULL, *my = NULL, *r = NULL, *res = NULL;
		/* (B, M, K) and (B, K, N): views where the layouts allow */
		int gx[3] = {nb, nx, nk}, gy[3] = {nb, nk, ny};
		mx = ty ? lin_grouped(ev, tx, dt, 3, gx) : NULL;
		my = mx ? lin_grouped(ev, ty, dt, 3, gy) : NULL;
		if (my) {
			if (K == 1 && nk == 0) {
				/* nothing to sum: an elementwise (outer) product, not
				 * B tiny matmuls */
				struct value *vx = arr_wrap(ev, nd_incref(mx));
				struct value *vy = vx ? arr_wrap(ev, nd_incref(my)) : NULL;
				struct value *in[2] = {vx, vy};
				struct value *p = vy ? arr_ufunc_call(ev, nd_backend(mx), "multiply", 2, in, NULL) : NULL;
				struct ndarray *pa = p ? arr_asarray(ev, nd_backend(mx), p, -1) : NULL;
				r = !pa || nd_is_c_contiguous(pa) ? pa : lin_copy(ev, pa, pa->dtype);
				if (r != pa)
					nd_decref(pa);
				val_decref(vx);
				val_decref(vy);
				val_decref(p);
			} else
				r = my ? lin_matmul_nd(ev, mx, my, dt) : NULL;
			res = r ? lin_reshape(ev, r, rn, rsh) : NULL;
		}
		nd_decref(tx); nd_decref(ty);
		nd_decref(mx); nd_decref(my); nd_decref(r);
		if (!res)
			return -1;
		nd_decref(x->a);
		nd_decref(y->a);
		x->a = res;
		memcpy(x->lab, bl, nb);
		memcpy(x->lab + nb, xl, nx);
		memcpy(x->lab + nb + nx, yl, ny);
		x->nd = nb + nx + ny;
		x->lab[x->nd] = 0;
		for (int o = 1; o < nop - 1; o++)
			ops[o] = ops[o + 1];
		return 0;
	}
mismatch:
	return err_set(ev, TY_ValueError, "operands could not be broadcast together with remapped shapes"), -1;
#undef POS
}

/* Broadcasts the operands' size-1 axes against the other operands' axes of
 * the same label, as NumPy's iterator does; a mismatch is NumPy's error,
 * each operand's shape remapped onto the iterator's labels (the output's,
 * then the rest by code) with its leading missing axes dropped.  0 or -1. */
static int ein_broadcast(struct eval *ev, struct ein_op *ops, int nop, const char *outl, int outn)
{
	int64_t size[256];
	char it[256];
	int ni = 0, bad = 0;
	for (int c = 0; c < 256; c++)
		size[c] = -1;
	for (int o = 0; o < nop; o++)
		for (int i = 0; i < ops[o].nd; i++) {
			unsigned char c = (unsigned char)ops[o].lab[i];
			int64_t sz = ops[o].a->shape[i];
			if (size[c] < 0 || size[c] == 1)
				size[c] = sz;
			else if (sz != 1 && sz != size[c])
				bad = 1;
		}
	if (bad) {
		struct sbuf b = {0};
		char *msg;
		memcpy(it, outl, outn);
		ni = outn;
		for (int c = 1; c < 256; c++)
			if (size[c] >= 0 && !has(outl, outn, (char)c))
				it[ni++] = (char)c;
		sb_printf(&b, "operands could not be broadcast together with remapped shapes [original->remapped]: ");
		for (int o = 0; o < nop; o++) {
			int first = 1, started = 0;
			sb_printf(&b, "(");
			for (int i = 0; i < ops[o].nd; i++)
				sb_printf(&b, "%s%lld", i ? "," : "", (long long)ops[o].a->shape[i]);
			sb_printf(&b, "%s)->(", ops[o].nd == 1 ? "," : "");
			for (int k = 0; k < ni; k++) {
				const char *q = memchr(ops[o].lab, it[k], (size_t)ops[o].nd);
				if (!q && !started)
					continue;
				started = 1;
				if (q)
					sb_printf(&b, "%s%lld", first ? "" : ",", (long long)ops[o].a->shape[q - ops[o].lab]);
				else
					sb_printf(&b, "%snewaxis", first ? "" : ",");
				first = 0;
			}
			sb_printf(&b, "%s) ", ops[o].nd == 1 ? "," : "");
		}
		msg = sb_take(&b);
		if (!msg)
			return err_nomem(ev), -1;
		err_set(ev, TY_ValueError, "%s", msg);
		free(msg);
		return -1;
	}
	for (int o = 0; o < nop; o++) {
		int64_t sh[ND_MAXDIM];
		int need = 0;
		for (int i = 0; i < ops[o].nd; i++) {
			sh[i] = size[(unsigned char)ops[o].lab[i]];
			need |= sh[i] != ops[o].a->shape[i];
		}
		if (need) {
			struct ndarray *t = arr_broadcast_to(ev, ops[o].a, ops[o].nd, sh);
			if (!t)
				return -1;
			nd_decref(ops[o].a);
			ops[o].a = t;
		}
	}
	return 0;
}

/* Rewrites a spec with '...' into one without: each operand's ellipsis
 * becomes the last of E fresh labels (E: the most dimensions an ellipsis
 * stands for, broadcast from the right), and the output is made explicit
 * (implicit output: the ellipsis labels, then the labels seen once, sorted,
 * as NumPy).  A new string, or NULL with the error set. */
static char *ein_expand_ellipsis(struct eval *ev, const char *spec, int nop, struct value **argv)
{
	char fresh[ND_MAXDIM + 1], used[128] = {0};
	int ell[EIN_MAXOP], E = 0, nf = 0, k = 0, cnt[128] = {0};
	const char *p, *arrow = strstr(spec, "->");
	struct sbuf b = {0};
	for (p = spec; *p; p++)
		if ((unsigned char)*p < 128)
			used[(unsigned char)*p] = 1;
	/* each operand's ellipsis length */
	p = spec;
	for (k = 0; k < nop; k++) {
		int letters = 0, dots = 0;
		for (; *p && *p != ',' && !(arrow && p >= arrow); p++) {
			if (*p == '.')
				dots++;
			else if (*p != ' ')
				letters++;
		}
		if (dots != 0 && dots != 3) {
			err_set(ev, TY_ValueError, "einstein sum subscripts string contains a '.' that is not part of an ellipsis ('...') in operand %d", k);
			return NULL;
		}
		struct ndarray *a = arr_borrow(argv[k]);
		int nd = a ? a->ndim : 0;
		if (!a) {
			/* lists and scalars: their array's ndim */
			struct ndarray *t = arr_asarray(ev, &backend_host, argv[k], -1);
			if (!t)
				return NULL;
			nd = t->ndim;
			nd_decref(t);
		}
		ell[k] = dots ? nd - letters : 0;
		if (ell[k] < 0) {
			err_set(ev, TY_ValueError, "einstein sum subscripts string contains too many subscripts for operand %d", k);
			return NULL;
		}
		if (ell[k] > E)
			E = ell[k];
		if (*p == ',')
			p++;
		else
			break;
	}
	for (int c = 'A'; nf < E && c <= 'z'; c++)
		if (((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) && !used[c])
			fresh[nf++] = (char)c;
	if (nf < E) {
		err_set(ev, TY_ValueError, "einsum: too many dimensions for '...'");
		return NULL;
	}
	/* the inputs */
	k = 0;
	for (p = spec; *p && !(arrow && p >= arrow); p++) {
		if (*p == '.') {
			for (int i = E - ell[k]; i < E; i++)
				sb_printf(&b, "%c", fresh[i]);
			p += 2;
		} else {
			if (*p == ',')
				k++;
			else if (*p != ' ' && (unsigned char)*p < 128)
				cnt[(unsigned char)*p]++;
			sb_printf(&b, "%c", *p);
		}
	}
	sb_printf(&b, "->");
	if (arrow && E > 0 && !strstr(arrow, "...")) {
		free(b.s);
		err_set(ev, TY_ValueError, "output has more dimensions than subscripts given in einstein sum, but no '...' ellipsis provided to broadcast the extra dimensions.");
		return NULL;
	}
	if (arrow) {
		for (p = arrow + 2; *p; p++) {
			if (*p == '.') {
				if (p[1] != '.' || p[2] != '.') {
					free(b.s);
					err_set(ev, TY_ValueError, "einstein sum subscripts string contains a '.' that is not part of an ellipsis ('...') in the output");
					return NULL;
				}
				for (int i = 0; i < E; i++)
					sb_printf(&b, "%c", fresh[i]);
				p += 2;
			} else if (*p != ' ') {
				sb_printf(&b, "%c", *p);
			}
		}
	} else {
		for (int i = 0; i < E; i++)
			sb_printf(&b, "%c", fresh[i]);
		for (int c = 'A'; c <= 'z'; c++)
			if (cnt[c] == 1)
				sb_printf(&b, "%c", c);
	}
	return sb_take(&b);
}

struct value *lin_f_einsum(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw)
{
	if (argc >= 2 && argv[0]->type != VT_STR) {
		/* the sublist form einsum(op0, sublist0, op1, sublist1, ..., [sublistout]):
		 * subscripts 0..25 are 'A'..'Z', 26..51 'a'..'z', Ellipsis '...' */
		struct sbuf b = {0};
		struct value *args2[EIN_MAXOP + 1], *r = NULL;
		int nop = argc / 2, ok = 1;
		if (nop > EIN_MAXOP)
			return err_set(ev, TY_ValueError, "einsum: too many operands");
		for (int k = 0; ok && k < (argc + 1) / 2; k++) {
			int is_out = 2 * k + 1 >= argc;
			struct value *sl = is_out ? argv[2 * k] : argv[2 * k + 1];
			if (is_out)
				sb_printf(&b, "->");
			else if (k)
				sb_printf(&b, ",");
			struct value *items = val_iter_list(ev, sl);
			if (!items) {
				ok = 0;
				break;
			}
			for (size_t i = 0; i < items->u.seq.n; i++) {
				struct value *it = items->u.seq.items[i];
				int64_t v;
				if (it->type == VT_ELLIPSIS) {
					sb_printf(&b, "...");
					continue;
				}
				if (val_as_int64(ev, it, &v) < 0) {
					err_clear(ev);
					err_set(ev, TY_TypeError, "each subscript must be either an integer or an ellipsis");
					ok = 0;
					break;
				}
				if (v < 0 || v >= 52) {
					err_set(ev, TY_ValueError, "subscript is not within the valid range [0, 52)");
					ok = 0;
					break;
				}
				sb_printf(&b, "%c", (int)(v < 26 ? 'A' + v : 'a' + v - 26));
			}
			val_decref(items);
			if (!is_out)
				args2[k + 1] = argv[2 * k];
		}
		char *spec = sb_take(&b);
		if (ok && spec) {
			args2[0] = val_str_take(spec, strlen(spec));
			spec = NULL;
			r = args2[0] ? lin_f_einsum(ev, bi, nop + 1, args2, kw) : NULL;
			val_decref(args2[0]);
		}
		free(spec);
		return r;
	}
	if (argc >= 2 && argv[0]->type == VT_STR && strchr(argv[0]->u.str->s, '.')) {
		int n = argc - 1 > EIN_MAXOP ? EIN_MAXOP : argc - 1;
		char *s2 = ein_expand_ellipsis(ev, argv[0]->u.str->s, n, argv + 1);
		struct value *sv = s2 ? val_str_take(s2, strlen(s2)) : NULL, *r;
		struct value *args2[EIN_MAXOP + 1];
		if (!sv)
			return s2 ? err_nomem(ev) : NULL;
		if (argc > EIN_MAXOP + 1) {
			val_decref(sv);
			return err_set(ev, TY_ValueError, "einsum: too many operands");
		}
		args2[0] = sv;
		for (int i = 1; i < argc; i++)
			args2[i] = argv[i];
		r = lin_f_einsum(ev, bi, argc, args2, kw);
		val_decref(sv);
		return r;
	}
	struct ein_op ops[EIN_MAXOP];
	int nop = argc - 1, outn = 0;
	char outl[ND_MAXDIM + 1];
	const char *spec;
	struct ndarray *res = NULL;
	const struct backend *be;
	memset(ops, 0, sizeof ops);
	for (int i = 0; kw && i < kw->n; i++)
		if (strcmp(kw->names[i], "optimize") && strcmp(kw->names[i], "dtype"))
			return err_set(ev, TY_TypeError, "einsum() got an unexpected keyword argument '%s'",
				       kw->names[i]);
	if (argc < 2 || !(spec = val_as_cstr(argv[0])))
		return err_set(ev, TY_TypeError, "einsum: the first argument must be a subscripts string");
	if (nop > EIN_MAXOP)
		return err_set(ev, TY_ValueError, "einsum: too many operands");
	be = lin_be(bi, argv[1], NULL);
	for (int i = 0; i < nop; i++) {
		ops[i].a = arr_asarray(ev, be, argv[i + 1], -1);
		if (!ops[i].a)
			goto out;
	}
	/* parse "ij,jk->ik" */
	{
		const char *p = spec;
		int k = 0;
		for (k = 0; k < nop; k++) {
			int n = 0;
			while (*p == ' ')
				p++;
			while (*p && *p != ',' && *p != '-') {
				if (*p == ' ') {
					p++;
					continue;
				}
				if (*p == '.') {
					err_set(ev, TY_NotImplementedError, "einsum: '...' is not supported");
					goto out;
				}
				if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'))) {
					err_set(ev, TY_ValueError, "invalid subscript '%c' in einstein sum subscripts string, subscripts must be letters", *p);
					goto out;
				}
				if (n >= ND_MAXDIM)
					break;
				ops[k].lab[n++] = *p++;
			}
			ops[k].lab[n] = 0;
			ops[k].nd = n;
			if (n != ops[k].a->ndim) {
				err_set(ev, TY_ValueError, "operand has more dimensions than subscripts given in einstein sum, but no '...' ellipsis provided to broadcast the extra dimensions.");
				goto out;
			}
			if (*p == ',')
				p++;
			else if (k != nop - 1 || (*p && *p != '-'))
				break;
		}
		if (k < nop - 1 || (k == nop - 1 && *p == ',')) {
			err_set(ev, TY_ValueError, "more operands provided to einstein sum function than specified in the subscripts string");
			goto out;
		}
		if (*p == '-') {
			if (p[1] != '>') {
				err_set(ev, TY_ValueError, "invalid subscript '-' in einstein sum subscripts string, subscripts must be letters");
				goto out;
			}
			p += 2;
			while (*p) {
				if (*p != ' ') {
					if (has(outl, outn, *p)) {
						err_set(ev, TY_ValueError, "einstein sum subscripts string includes output subscript '%c' multiple times", *p);
						goto out;
					}
					int found = 0;
					for (int o = 0; o < nop; o++)
						found |= has(ops[o].lab, ops[o].nd, *p);
					if (!found) {
						err_set(ev, TY_ValueError, "einstein sum subscripts string included output subscript '%c' which never appeared in an input", *p);
						goto out;
					}
					outl[outn++] = *p;
				}
				p++;
			}
		} else {
			/* implicit: labels appearing once, sorted */
			for (char c = 'A'; c <= 'z'; c++) {
				int cnt = 0;
				for (int o = 0; o < nop; o++)
					for (int i = 0; i < ops[o].nd; i++)
						cnt += ops[o].lab[i] == c;
				if (cnt == 1)
					outl[outn++] = c;
			}
		}
		outl[outn] = 0;
	}
	/* diagonals, private sums, then pairwise contractions left to right */
	for (int o = 0; o < nop; o++)
		if (ein_diag(ev, &ops[o]) < 0)
			goto out;
	if (ein_broadcast(ev, ops, nop, outl, outn) < 0)
		goto out;
	while (nop > 1) {
		if (ein_sum_private(ev, ops, nop, 0, outl, outn) < 0 ||
		    ein_sum_private(ev, ops, nop, 1, outl, outn) < 0 ||
		    ein_pair(ev, ops, nop, outl, outn) < 0)
			goto out;
		ops[nop - 1].a = NULL;
		nop--;
	}
	struct ndarray *before = ops[0].a;
	if (ein_sum_private(ev, ops, 1, 0, outl, outn) < 0)
		goto out;
	{
		int perm[ND_MAXDIM];
		for (int i = 0; i < outn; i++)
			perm[i] = (int)(strchr(ops[0].lab, outl[i]) - ops[0].lab);
		struct ndarray *t = arr_transpose(ev, ops[0].a, perm);
		/* one operand and nothing summed: NumPy's einsum returns a view
		 * ('ij->ji', 'ii->i'); a computed result is returned C-ordered */
		if (!t || (argc == 2 && ops[0].a == before) || nd_is_c_contiguous(t))
			res = t;
		else {
			res = lin_copy(ev, t, t->dtype);
			nd_decref(t);
		}
	}
out:
	for (int i = 0; i < EIN_MAXOP; i++)
		nd_decref(ops[i].a);
	return res ? arr_result(ev, res) : NULL;
}

