/*
 * fuse_stmt.c — the evaluator's walk for statement-level fusion (fuse.h).
 * fuse_sub walks what eval_expr walks, in the same order with the same
 * spans, but hands an elementwise subtree over device arrays back as a
 * pending tree; whatever the fuser does not take goes the ordinary way with
 * the operands materialised, so results and errors are the unfused ones.
 * eval.c's expression walk calls it through ev_fuser (lang/eval_int.h),
 * which fz_register_walk fills; never runs statements.
 */
#include <stdint.h>
#include <string.h>
#include "lang/value.h"
#include "lang/eval.h"
#include "lang/error.h"
#include "array/arrapi.h"
#include "lang/args.h"
#include "ufunc/ufunc.h"
#include "ufunc/fuse.h"
#include "lang/eval_int.h"

static int fuse_sub(struct eval *ev, struct scope *sc, struct node *n, struct fz *out);
static int fuse_call_f(struct eval *ev, struct scope *sc, struct node *n, struct value *f,
		       struct fz *out);

/* materialises in[0..n-1] in place; -1 with the error set */
static int fz_values(struct eval *ev, struct fz *in, int n)
{
	for (int i = 0; i < n; i++)
		if (in[i].t && !(in[i].v = fz_value(ev, &in[i])))
			return -1;
	return 0;
}

/* uf over in[] (consumed), fused when the fuser takes it, else `plain` on
 * the materialised values. */
static int fuse_apply(struct eval *ev, const struct backend *be, int uf, int nin,
		      struct fz *in, struct fz *out,
		      struct value *(*plain)(struct eval *, void *, struct value **), void *ctx)
{
	int r = 0;
	struct value *vals[EW_MAXARGS];
	if (fz_array_like(&in[0]) || (nin > 1 && fz_array_like(&in[1])) ||
	    (nin > 2 && fz_array_like(&in[2])))
		r = fz_apply(ev, be, uf, nin, in, out);
	if (r == 0) {
		if (fz_values(ev, in, nin) < 0) {
			r = -1;
		} else {
			for (int i = 0; i < nin; i++)
				vals[i] = in[i].v;
			out->v = plain(ev, ctx, vals);
			r = out->v ? 1 : -1;
		}
	}
	for (int i = 0; i < nin; i++)
		fz_clear(&in[i]);
	return r < 0 ? -1 : 0;
}

static struct value *plain_binop(struct eval *ev, void *ctx, struct value **v)
{
	return val_binop(ev, (enum binop)(intptr_t)ctx, v[0], v[1]);
}
static struct value *plain_compare(struct eval *ev, void *ctx, struct value **v)
{
	return val_compare_value(ev, (int)(intptr_t)ctx, v[0], v[1]);
}
static struct value *plain_unop(struct eval *ev, void *ctx, struct value **v)
{
	return val_unop(ev, (enum unop)(intptr_t)ctx, v[0]);
}
struct plain_call { struct value *f; int nin; };
static struct value *plain_call(struct eval *ev, void *ctx, struct value **v)
{
	struct plain_call *pc = ctx;
	struct kwargs kw = {0};
	return val_call(ev, pc->f, pc->nin, v, &kw);
}

static int has_starred(const struct nlist *l)
{
	for (int i = 0; i < l->n; i++)
		if (l->v[i]->kind == N_STARRED)
			return 1;
	return 0;
}

/* A reduction over pending recv with the call's remaining arguments (from
 * positional index `from`): fused when the arguments are the plain ones
 * (axis, keepdims, dtype for sum/prod), else f (stolen; NULL: recv.<attr>)
 * is called on the materialised array as usual. */
static int fuse_reduce_call(struct eval *ev, struct scope *sc, struct node *n, struct value *f,
			    const char *attr, enum red_op op, struct fz *recv, struct fz *out)
{
	struct callargs ca;
	struct value *axis = NULL, *keep = NULL, *dtv = NULL, *a;
	int rc = -1, plain = 0, npos;
	memset(&ca, 0, sizeof ca);
	if (!(ca.args = val_list_new(0, NULL))) {
		err_nomem(ev);
		goto out;
	}
	if (callargs_eval(ev, sc, n, f && !attr ? 1 : 0, &ca) < 0)
		goto out;
	npos = (int)ca.args->u.seq.n;
	if (npos > 1 || ca.nkd)
		plain = 1;
	if (npos == 1)
		axis = ca.args->u.seq.items[0];
	for (int i = 0; i < ca.kw.n && !plain; i++) {
		if (!strcmp(ca.knames[i], "axis") && !axis)
			axis = ca.kvals[i];
		else if (!strcmp(ca.knames[i], "keepdims") && !keep)
			keep = ca.kvals[i];
		else if (!strcmp(ca.knames[i], "dtype") && !dtv && arr_reduce_op_has_dtype(op))
			dtv = ca.kvals[i];
		else
			plain = 1;
	}
	set_span(ev, n);
	if (ev_check_interrupt(ev))
		goto out;
	if (!plain) {
		uint64_t axes;
		int dtype = -1, kd = 0;
		if (arr_parse_axes(ev, axis, fz_ndim(recv), &axes) < 0 ||
		    (dtv && arr_parse_dtype(ev, dtv, &dtype) < 0) ||
		    (keep && args_bool(ev, keep, 0, &kd) < 0))
			goto out;
		out->v = fz_reduce(ev, recv, op, axes, kd, dtype);
		rc = out->v ? 0 : -1;
		goto out;
	}
	if (!(a = fz_value(ev, recv)))
		goto out;
	if (!f) {
		f = val_getattr(ev, a, attr);
		val_decref(a);
		if (!f)
			goto out;
	} else {
		/* the array becomes the first positional argument */
		struct value *l2 = val_list_new(0, NULL);
		if (!l2 || list_append(l2, a) < 0) {
			if (!l2)
				val_decref(a);
			val_decref(l2);
			err_nomem(ev);
			goto out;
		}
		for (size_t i = 0; i < ca.args->u.seq.n; i++)
			if (list_append(l2, val_incref(ca.args->u.seq.items[i])) < 0) {
				val_decref(l2);
				err_nomem(ev);
				goto out;
			}
		val_decref(ca.args);
		ca.args = l2;
	}
	out->v = val_call(ev, f, (int)ca.args->u.seq.n, ca.args->u.seq.items, &ca.kw);
	rc = out->v ? 0 : -1;
out:
	callargs_free(&ca);
	val_decref(f);
	fz_clear(recv);
	return rc;
}

static int fuse_call(struct eval *ev, struct scope *sc, struct node *n, struct fz *out)
{
	struct value *f;
	struct node *fa = n->a;
	/* x.sum(...) over an elementwise x: one reduction kernel */
	if (fa->kind == N_ATTR && is_reduce_name(fa->s)) {
		struct fz recv = {0};
		if (fuse_sub(ev, sc, fa->a, &recv) < 0)
			return -1;
		if (recv.t) {
			static const struct { const char *s; enum red_op op; } ops[] = {
				{"sum", RED_SUM}, {"prod", RED_PROD}, {"max", RED_MAX},
				{"min", RED_MIN}, {"any", RED_ANY}, {"all", RED_ALL},
			};
			enum red_op op = RED_SUM;
			for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
				if (!strcmp(ops[i].s, fa->s))
					op = ops[i].op;
			return fuse_reduce_call(ev, sc, n, NULL, fa->s, op, &recv, out);
		}
		set_span(ev, fa);
		f = val_getattr(ev, recv.v, fa->s);
		fz_clear(&recv);
		if (!f)
			return -1;
	} else if (!(f = eval_expr(ev, sc, fa))) {
		return -1;
	}
	return fuse_call_f(ev, sc, n, f, out);
}

/* fuse_call once the callee f (stolen) is known */
static int fuse_call_f(struct eval *ev, struct scope *sc, struct node *n, struct value *f,
		       struct fz *out)
{
	int uf, py_abs = 0;
	if (f->type != VT_BUILTIN || n->l.n < 1 || has_starred(&n->l)) {
		out->v = call_rest(ev, sc, n, f, NULL);
		return out->v ? 0 : -1;
	}
	/* np.<ufunc>(x, y) / cp.<ufunc>(x, y), abs(x): a node of the tree */
	uf = uf_builtin_index(f);
	if (uf < 0 && !f->u.bi.self && f == dict_getstr_borrow(ev->builtins, "abs"))
		uf = uf_lookup("absolute"), py_abs = 1;
	if (uf >= 0 && !n->l2.n && n->l.n == ufunc_table[uf].nin && n->l.n <= EW_MAXARGS) {
		struct fz in[EW_MAXARGS] = {{0}};
		struct plain_call pc = { f, n->l.n };
		int rc;
		for (int i = 0; i < n->l.n; i++)
			if (fuse_sub(ev, sc, n->l.v[i], &in[i]) < 0) {
				for (int j = 0; j < i; j++)
					fz_clear(&in[j]);
				val_decref(f);
				return -1;
			}
		set_span(ev, n);
		if (ev_check_interrupt(ev)) {
			for (int j = 0; j < n->l.n; j++)
				fz_clear(&in[j]);
			val_decref(f);
			return -1;
		}
		rc = fuse_apply(ev, py_abs ? NULL : arr_be(&f->u.bi), uf, n->l.n, in, out, plain_call, &pc);
		val_decref(f);
		return rc;
	}
	/* np.sum(x, ...) / cp.max(x, ...) over an elementwise x */
	if (!f->u.bi.self && arr_reduce_builtin_op(&f->u.bi) >= 0) {
		struct fz recv = {0};
		if (fuse_sub(ev, sc, n->l.v[0], &recv) < 0) {
			val_decref(f);
			return -1;
		}
		if (recv.t)
			return fuse_reduce_call(ev, sc, n, f, NULL, (enum red_op)arr_reduce_builtin_op(&f->u.bi),
						&recv, out);
		out->v = call_rest(ev, sc, n, f, recv.v);
		return out->v ? 0 : -1;
	}
	out->v = call_rest(ev, sc, n, f, NULL);
	return out->v ? 0 : -1;
}

static int fuse_sub(struct eval *ev, struct scope *sc, struct node *n, struct fz *out)
{
	struct fz in[2] = {{0}};
	out->v = NULL;
	out->t = NULL;
	if (!fusable_node(n)) {
		out->v = eval_expr(ev, sc, n);
		return out->v ? 0 : -1;
	}
	switch (n->kind) {
	case N_BINOP:
		if (fuse_sub(ev, sc, n->a, &in[0]) < 0)
			return -1;
		if (fuse_sub(ev, sc, n->b, &in[1]) < 0) {
			fz_clear(&in[0]);
			return -1;
		}
		set_span(ev, n);
		return fuse_apply(ev, NULL, uf_binop_index(n->op), 2, in, out, plain_binop,
				  (void *)(intptr_t)n->op);
	case N_COMPARE:
		if (fuse_sub(ev, sc, n->l.v[0], &in[0]) < 0)
			return -1;
		if (fuse_sub(ev, sc, n->l.v[1], &in[1]) < 0) {
			fz_clear(&in[0]);
			return -1;
		}
		set_span(ev, n);
		return fuse_apply(ev, NULL, uf_binop_index(OP_LT + n->ops[0]), 2, in, out,
				  plain_compare, (void *)(intptr_t)n->ops[0]);
	case N_UNOP: {
		static int ufs[3] = {-2, -2, -2};
		int k = n->op == UOP_NEG ? 0 : n->op == UOP_POS ? 1 : 2;
		if (ufs[k] == -2)
			ufs[k] = uf_lookup(k == 0 ? "negative" : k == 1 ? "positive" : "invert");
		if (fuse_sub(ev, sc, n->a, &in[0]) < 0)
			return -1;
		set_span(ev, n);
		/* +bool keeps arr_unop's own message: take the ordinary path */
		return fuse_apply(ev, NULL, k == 1 && in[0].t ? -1 : ufs[k], 1, in, out, plain_unop,
				  (void *)(intptr_t)n->op);
	}
	default:
		return fuse_call(ev, sc, n, out);
	}
}

/* An expression that may hold an elementwise tree: its value. */
static struct value *eval_fused(struct eval *ev, struct scope *sc, struct node *n)
{
	struct fz f = {0};
	if (fuse_sub(ev, sc, n, &f) < 0)
		return NULL;
	return fz_value(ev, &f);
}

/* N_UNOP / N_BINOP / 2-operand N_COMPARE n whose operands, already
 * evaluated (a, b stolen; b NULL for N_UNOP), include an array: what
 * fuse_sub does with them. */
static struct value *eval_fused_values(struct eval *ev, struct node *n, struct value *a,
				       struct value *b)
{
	struct fz in[2] = {{0}}, out = {0};
	int rc;
	in[0].v = a;
	in[1].v = b;
	set_span(ev, n);
	if (n->kind == N_BINOP) {
		rc = fuse_apply(ev, NULL, uf_binop_index(n->op), 2, in, &out, plain_binop,
				(void *)(intptr_t)n->op);
	} else if (n->kind == N_COMPARE) {
		rc = fuse_apply(ev, NULL, uf_binop_index(OP_LT + n->ops[0]), 2, in, &out,
				plain_compare, (void *)(intptr_t)n->ops[0]);
	} else {
		static int ufs[3] = {-2, -2, -2};
		int k = n->op == UOP_NEG ? 0 : n->op == UOP_POS ? 1 : 2;
		if (ufs[k] == -2)
			ufs[k] = uf_lookup(k == 0 ? "negative" : k == 1 ? "positive" : "invert");
		rc = fuse_apply(ev, NULL, ufs[k], 1, in, &out, plain_unop, (void *)(intptr_t)n->op);
	}
	return rc < 0 ? NULL : fz_value(ev, &out);
}

/* ev_fuser.call: fuse_call_f's value */
static struct value *eval_fused_call(struct eval *ev, struct scope *sc, struct node *n,
				     struct value *f)
{
	struct fz o = {0};
	if (fuse_call_f(ev, sc, n, f, &o) < 0)
		return NULL;
	return fz_value(ev, &o);
}

void fz_register_walk(void)
{
	ev_fuser.expr = eval_fused;
	ev_fuser.values = eval_fused_values;
	ev_fuser.call = eval_fused_call;
}
