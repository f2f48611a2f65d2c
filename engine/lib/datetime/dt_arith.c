/*
 * dt_arith.c — the arithmetic and comparisons NumPy's datetime ufunc loops
 * allow (datetime - datetime, datetime +- timedelta, timedelta * number,
 * timedelta / timedelta ...), with NumPy's common-unit rules, NaT
 * propagation, and its messages for the loops that do not exist.
 *
 * The operators of dt_value.c's objects; owns no state.  Overflow of the
 * 64-bit counts is an OverflowError, never a wrap.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "lib/datetime/dt_int.h"
#include "lang/error.h"

/* an operand: a datetime value, an integer or float (scalar or array) */
struct opnd {
	char kind;              /* 'M', 'm', 'i', 'f' */
	struct dt_meta m;
	struct ndarray *a;      /* owned: int64 or float64 */
	const char *tname;      /* the dtype in messages */
	int pyint;              /* a Python int or float (NumPy names its DType _PyLongDType) */
};

static int operand(struct eval *ev, struct value *v, struct opnd *o)
{
	struct dt_val *d = dt_val_of(v);
	struct ndarray *a;
	memset(o, 0, sizeof *o);
	if (d) {
		if (d->kind == 'U')
			return 0;
		o->kind = d->kind;
		o->m = d->m;
		o->a = nd_incref(d->a);
		return 1;
	}
	if (v->type == VT_BIGINT) {
		err_set(ev, TY_OverflowError, "int too big to convert");
		return -1;
	}
	if (v->type == VT_INT || v->type == VT_BOOL || v->type == VT_FLOAT ||
	    (v->type == VT_SCALAR && dtype_table[v->u.sc.dtype].kind != DK_COMPLEX)) {
		int isf = v->type == VT_FLOAT || (v->type == VT_SCALAR && dt_is_float(v->u.sc.dtype));
		o->kind = isf ? 'f' : 'i';
		o->a = dt_asarray(ev, v, isf ? DT_FLOAT64 : DT_INT64);
		o->tname = isf ? "float64" : "int64";
		o->pyint = v->type != VT_SCALAR;
		return o->a ? 1 : -1;
	}
	if ((a = arr_borrow(v)) && !arr_is_cupy(nd_backend(a)) &&
	    dtype_table[a->dtype].kind != DK_COMPLEX) {
		int isf = dt_is_float(a->dtype);
		o->kind = isf ? 'f' : 'i';
		o->a = arr_astype(ev, a, isf ? DT_FLOAT64 : DT_INT64);
		o->tname = dtype_table[a->dtype].name;
		return o->a ? 1 : -1;
	}
	return 0;
}

static const char *const op_ufunc[OP_COUNT] = {
	"add", "subtract", "multiply", "divide", "floor_divide", "remainder", "power",
	"matmul", "left_shift", "right_shift", "bitwise_and", "bitwise_or", "bitwise_xor",
	"less", "less_equal", "equal", "not_equal", "greater", "greater_equal",
};

static void opnd_dtype(const struct opnd *o, char *buf, size_t n)
{
	char u[64];
	if (o->kind == 'M' || o->kind == 'm') {
		dt_dtype_name(o->kind, &o->m, u, sizeof u, 0);
		snprintf(buf, n, "dtype('%s')", u);
	} else {
		snprintf(buf, n, "dtype('%s')", o->tname);
	}
}

/* the DType class NumPy names in a missing loop's message */
static const char *dtype_class(const struct opnd *o)
{
	switch (o->kind) {
	case 'M': return "DateTime64DType";
	case 'm': return "TimeDelta64DType";
	case 'f': return o->pyint ? "_PyFloatDType" : "Float64DType";
	default: return o->pyint ? "_PyLongDType" : "Int64DType";
	}
}

static struct value *no_loop(struct eval *ev, enum binop op, const struct opnd *x, const struct opnd *y)
{
	char a[80], b[80];
	opnd_dtype(x, a, sizeof a);
	opnd_dtype(y, b, sizeof b);
	return err_set(ev, TY_TypeError, "ufunc '%s' cannot use operands with types %s and %s",
		       op_ufunc[op], a, b);
}

/* converts operand o (a datetime kind) to meta m in place; idx is its
 * position for NumPy's cast message */
static int convert(struct eval *ev, enum binop op, struct opnd *o, const struct dt_meta *m, int idx)
{
	struct ndarray *c, *n;
	int64_t sz;
	if ((o->kind != 'M' && o->kind != 'm') || (o->m.unit == m->unit && o->m.num == m->num))
		return 0;
	if (o->kind == 'm' && (o->m.unit <= DU_M) != (m->unit <= DU_M) && o->m.unit != DU_GENERIC) {
		char u1[40], u2[40];
		dt_meta_str(&o->m, u1, sizeof u1);
		dt_meta_str(m, u2, sizeof u2);
		err_set(ev, TY_UFuncTypeError, "Cannot cast ufunc '%s' input %d from dtype('<m8[%s]') to "
			"dtype('<m8[%s]') with casting rule 'same_kind'", op_ufunc[op], idx, u1, u2);
		return -1;
	}
	if (!(c = arr_host_c(ev, o->a, DT_INT64)))
		return -1;
	if (!(n = dt_nd_new(ev, DT_INT64, c->ndim, c->shape))) {
		nd_decref(c);
		return -1;
	}
	sz = nd_size(c);
	for (int64_t i = 0; i < sz; i++) {
		int64_t x = ((int64_t *)nd_data(c))[i], *y = (int64_t *)nd_data(n) + i;
		if ((o->kind == 'M' ? dt_cast_datetime(ev, x, &o->m, m, y) :
		     dt_cast_timedelta(ev, x, &o->m, m, 0, y)) < 0) {
			nd_decref(c);
			nd_decref(n);
			return -1;
		}
	}
	nd_decref(c);
	nd_decref(o->a);
	o->a = n;
	o->m = *m;
	return 0;
}

static int64_t trunc_div(int64_t a, int64_t b) { return a / b; }
static int64_t floor_div(int64_t a, int64_t b)
{
	int64_t q = a / b;
	if ((a % b) && ((a < 0) != (b < 0)))
		q--;
	return q;
}

static int cmp_result(enum binop op, int64_t a, int64_t b)
{
	if (a == DT_NAT || b == DT_NAT)
		return op == OP_NE;
	switch (op) {
	case OP_LT: return a < b;
	case OP_LE: return a <= b;
	case OP_EQ: return a == b;
	case OP_NE: return a != b;
	case OP_GT: return a > b;
	default: return a >= b;
	}
}

/* out kinds: 'M' 'm' (int64 with meta), 'b' bool, 'i' int64, 'f' float64 */
static struct value *compute(struct eval *ev, enum binop op, struct opnd *x, struct opnd *y,
			     char okind, const struct dt_meta *om)
{
	const struct ndarray *in[2] = { x->a, y->a };
	int ndim, odt = okind == 'b' ? DT_BOOL : okind == 'f' ? DT_FLOAT64 : DT_INT64;
	int64_t shape[ND_MAXDIM], n;
	struct ndarray *bx = NULL, *by = NULL, *cx = NULL, *cy = NULL, *o = NULL;
	int zero_div = 0;

	if (arr_broadcast_shapes(ev, 2, in, &ndim, shape) < 0)
		return NULL;
	if (!(bx = arr_broadcast_to(ev, x->a, ndim, shape)) ||
	    !(by = arr_broadcast_to(ev, y->a, ndim, shape)) ||
	    !(cx = arr_host_c(ev, bx, x->a->dtype)) || !(cy = arr_host_c(ev, by, y->a->dtype)) ||
	    !(o = dt_nd_new(ev, odt, ndim, shape)))
		goto fail;
	n = nd_size(o);
	for (int64_t i = 0; i < n; i++) {
		const char *px = nd_data(cx) + 8 * i, *py = nd_data(cy) + 8 * i;
		int64_t a = x->kind == 'f' ? 0 : *(const int64_t *)px;
		int64_t b = y->kind == 'f' ? 0 : *(const int64_t *)py;
		double fa = x->kind == 'f' ? *(const double *)px : 0, fb = y->kind == 'f' ? *(const double *)py : 0;
		int64_t *oi = (int64_t *)nd_data(o) + i;
		if (okind == 'b') {
			((uint8_t *)nd_data(o))[i] = (uint8_t)cmp_result(op, a, b);
			continue;
		}
		if (okind == 'f') {   /* m / m */
			((double *)nd_data(o))[i] = (a == DT_NAT || b == DT_NAT) ? NAN : (double)a / (double)b;
			if (b == 0 && a != DT_NAT)
				zero_div = 1;
			continue;
		}
		int anat = x->kind != 'f' && x->kind != 'i' && a == DT_NAT;
		int bnat = y->kind != 'f' && y->kind != 'i' && b == DT_NAT;
		if (okind == 'i') {   /* m // m */
			if (anat || bnat || b == 0) {
				*oi = 0;
				zero_div |= b == 0;
			} else {
				*oi = floor_div(a, b);
			}
			continue;
		}
		if (anat || bnat) {
			*oi = DT_NAT;
			continue;
		}
		__int128 r;
		switch (op) {
		case OP_ADD: r = (__int128)a + b; break;
		case OP_SUB: r = (__int128)a - b; break;
		case OP_MUL:
			if (x->kind == 'f' || y->kind == 'f') {
				double p = x->kind == 'f' ? fa * (double)b : (double)a * fb;
				*oi = isfinite(p) && fabs(p) < 9.2e18 ? (int64_t)p : DT_NAT;
				continue;
			}
			r = (__int128)a * b;
			break;
		case OP_TRUEDIV:
			if (y->kind == 'f') {
				double q = (double)a / fb;
				*oi = isfinite(q) && fabs(q) < 9.2e18 ? (int64_t)q : DT_NAT;
				zero_div |= fb == 0;
				continue;
			}
			/* fallthrough */
		case OP_FLOORDIV:
			if (b == 0) {
				*oi = DT_NAT;
				zero_div = 1;
				continue;
			}
			r = trunc_div(a, b);
			break;
		case OP_MOD:
			if (b == 0) {
				*oi = DT_NAT;
				zero_div = 1;
				continue;
			}
			r = (__int128)a - (__int128)floor_div(a, b) * b;
			break;
		default: r = 0;
		}
		if (r > INT64_MAX || r <= INT64_MIN) {
			err_set(ev, TY_OverflowError, "Overflow in datetime arithmetic");
			goto fail;
		}
		*oi = (int64_t)r;
	}
	if (zero_div)
		ev_warn(ev, "RuntimeWarning", op == OP_FLOORDIV ? "divide by zero encountered in floor_divide" :
			op == OP_MOD ? "divide by zero encountered in remainder" : "divide by zero encountered in divide");
	nd_decref(bx);
	nd_decref(by);
	nd_decref(cx);
	nd_decref(cy);
	if (okind == 'M' || okind == 'm')
		return dt_val_new(ev, okind, om, 1, o);
	return arr_result(ev, o);
fail:
	nd_decref(bx);
	nd_decref(by);
	nd_decref(cx);
	nd_decref(cy);
	nd_decref(o);
	return NULL;
}

static struct value *binop2(struct eval *ev, enum binop op, struct opnd *x, struct opnd *y)
{
	char kx = x->kind, ky = y->kind;
	struct dt_meta cm;
	int cmp = op >= OP_LT && op <= OP_GE;
	/* both datetimes kinds: a common unit */
	if ((kx == 'M' || kx == 'm') && (ky == 'M' || ky == 'm')) {
		if (kx == 'M' && ky == 'M' && (op == OP_SUB || cmp)) {
			if (dt_common_meta(ev, 'M', &x->m, &y->m, &cm) < 0 || convert(ev, op, x, &cm, 0) < 0 ||
			    convert(ev, op, y, &cm, 1) < 0)
				return NULL;
			return compute(ev, op, x, y, cmp ? 'b' : 'm', &cm);
		}
		if (kx != ky && (op == OP_ADD || (op == OP_SUB && kx == 'M'))) {
			struct opnd *dtm = kx == 'M' ? x : y, *td = kx == 'M' ? y : x;
			if (dt_common_meta(ev, 'M', &dtm->m, &td->m, &cm) < 0 ||
			    convert(ev, op, dtm, &cm, dtm == x ? 0 : 1) < 0 ||
			    convert(ev, op, td, &cm, td == x ? 0 : 1) < 0)
				return NULL;
			return compute(ev, op, x, y, 'M', &cm);
		}
		if (kx == 'm' && ky == 'm' && (op == OP_ADD || op == OP_SUB || op == OP_MOD || cmp ||
					       op == OP_TRUEDIV || op == OP_FLOORDIV)) {
			if (dt_common_meta(ev, 'm', &x->m, &y->m, &cm) < 0 || convert(ev, op, x, &cm, 0) < 0 ||
			    convert(ev, op, y, &cm, 1) < 0)
				return NULL;
			return compute(ev, op, x, y, cmp ? 'b' : op == OP_TRUEDIV ? 'f' :
				       op == OP_FLOORDIV ? 'i' : 'm', &cm);
		}
		return no_loop(ev, op, x, y);
	}
	/* one datetime kind and a number */
	struct opnd *d = (kx == 'M' || kx == 'm') ? x : y, *num = d == x ? y : x;
	if (d->kind == 'M' && num->kind == 'i' && (op == OP_ADD || (op == OP_SUB && d == x)))
		return compute(ev, op, x, y, 'M', &d->m);
	if (d->kind == 'm' && num->kind == 'i' && (op == OP_ADD || op == OP_SUB || cmp))
		return compute(ev, op, x, y, cmp ? 'b' : 'm', &d->m);
	if (d->kind == 'm' && op == OP_MUL)
		return compute(ev, op, x, y, 'm', &d->m);
	if (d->kind == 'm' && d == x && (op == OP_TRUEDIV || (op == OP_FLOORDIV && num->kind == 'i')))
		return compute(ev, op, x, y, 'm', &d->m);
	if (cmp && d->kind == 'M')
		return err_set(ev, TY_TypeError, "ufunc '%s' did not contain a loop with signature matching "
			       "types (<class 'numpy.dtypes.%s'>, <class 'numpy.dtypes.%s'>) -> None",
			       op_ufunc[op], dtype_class(x), dtype_class(y));
	return no_loop(ev, op, x, y);
}

struct value *dt_binop(struct eval *ev, enum binop op, struct value *l, struct value *r)
{
	struct opnd x, y;
	struct value *res;
	int a, b;
	if ((int)op >= OP_COUNT)
		op = (enum binop)((int)op - OP_COUNT);   /* in place: rebinds */
	a = operand(ev, l, &x);
	if (a <= 0)
		return NULL;
	b = operand(ev, r, &y);
	if (b <= 0) {
		nd_decref(x.a);
		if (b == 0 && (op == OP_EQ || op == OP_NE) && (l->type == VT_STR || r->type == VT_STR ||
							       l->type == VT_NONE || r->type == VT_NONE))
			return val_scalar(DT_BOOL, (union scalar_data){ .b = op == OP_NE });
		return NULL;
	}
	if (x.kind == 'U' || y.kind == 'U') {
		res = NULL;
	} else {
		res = binop2(ev, op, &x, &y);
	}
	nd_decref(x.a);
	nd_decref(y.a);
	return res;
}

struct value *dt_unop(struct eval *ev, enum unop op, struct value *self)
{
	struct dt_val *d = self->u.obj.p;
	struct ndarray *c, *o;
	int64_t n;
	if (d->kind != 'm' || (op != UOP_NEG && op != UOP_POS))
		return err_set(ev, TY_TypeError, "ufunc '%s' did not contain a loop with signature "
			       "matching types", op == UOP_NEG ? "negative" : op == UOP_POS ? "positive" :
			       "invert");
	if (!(c = dt_items(ev, d)))
		return NULL;
	if (!(o = dt_nd_new(ev, DT_INT64, c->ndim, c->shape))) {
		nd_decref(c);
		return NULL;
	}
	n = nd_size(c);
	for (int64_t i = 0; i < n; i++) {
		int64_t x = ((int64_t *)nd_data(c))[i];
		((int64_t *)nd_data(o))[i] = op == UOP_NEG && x != DT_NAT ? -x : x;
	}
	nd_decref(c);
	return dt_val_new(ev, 'm', &d->m, d->scalar, o);
}

