/*
 * number.c — the language's operators: binary, in-place and unary
 * operations, truth, identity and comparisons on Python numbers and
 * sequences.  An ndarray or NumPy-scalar operand goes to its type slots
 * (value.h); this file never looks inside an array.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <stdarg.h>
#include "lang/core.h"
#include "pyobj/bigint.h"   /* big_is_int (inline) */
#include "lang/error.h"

/* ---- arithmetic on Python numbers ---- */

static double _Complex c_pow(double _Complex a, double _Complex b);

static const char *const opsym[OP_COUNT] = {
	"+", "-", "*", "/", "//", "%", "** or pow()", "@", "<<", ">>", "&", "|", "^",
	"<", "<=", "==", "!=", ">", ">=",
};

static int is_arr(struct value *v)
{
	return v->type == VT_NDARRAY || v->type == VT_SCALAR;
}

/* the array side of a binary operation (either operand an ndarray or a
 * NumPy scalar, the other maybe a Python int of any size) */
static struct value *slot_binop(struct eval *ev, enum binop op, struct value *l,
				     struct value *r, int inplace)
{
	return (is_arr(l) ? VAL_SLOT(l, binop) : VAL_SLOT(r, binop))(ev, op, l, r, inplace);
}

static int is_num(struct value *v)
{
	return big_is_int(v) || v->type == VT_FLOAT || v->type == VT_COMPLEX;
}

static void *unsupported(struct eval *ev, enum binop op, struct value *l, struct value *r)
{
	if (op == OP_POW)
		return err_set(ev, TY_TypeError, "unsupported operand type(s) for ** or pow(): '%s' and '%s'",
			       val_type_name(l), val_type_name(r));
	return err_set(ev, TY_TypeError, "unsupported operand type(s) for %s: '%s' and '%s'",
		       opsym[op], val_type_name(l), val_type_name(r));
}

static int64_t ipow(int64_t b, int64_t e, int *ovf)
{
	int64_t r = 1;
	*ovf = 0;
	while (e > 0) {
		if (e & 1) {
			if (__builtin_mul_overflow(r, b, &r)) {
				*ovf = 1;
				return 0;
			}
		}
		e >>= 1;
		if (e && __builtin_mul_overflow(b, b, &b)) {
			*ovf = 1;
			return 0;
		}
	}
	return r;
}

static struct value *int_binop(struct eval *ev, enum binop op, int64_t a, int64_t b)
{
	int64_t r;
	switch (op) {
	case OP_ADD: if (__builtin_add_overflow(a, b, &r)) return pyobj_hooks.big_binop_i64(ev, op, a, b); return val_int(r);
	case OP_SUB: if (__builtin_sub_overflow(a, b, &r)) return pyobj_hooks.big_binop_i64(ev, op, a, b); return val_int(r);
	case OP_MUL: if (__builtin_mul_overflow(a, b, &r)) return pyobj_hooks.big_binop_i64(ev, op, a, b); return val_int(r);
	case OP_TRUEDIV:
		if (b == 0)
			return err_set(ev, TY_ZeroDivisionError, "division by zero");
		return val_float((double)a / (double)b);
	case OP_FLOORDIV: case OP_MOD: {
		if (b == 0)
			return err_set(ev, TY_ZeroDivisionError, op == OP_MOD ? "integer modulo by zero"
				       : "integer division or modulo by zero");
		if (a == INT64_MIN && b == -1)
			return op == OP_MOD ? val_int(0) : pyobj_hooks.big_binop_i64(ev, op, a, b);
		int64_t q = a / b, m = a % b;
		if (m != 0 && ((m < 0) != (b < 0))) {
			q--;
			m += b;
		}
		return val_int(op == OP_MOD ? m : q);
	}
	case OP_POW: {
		if (b < 0) {
			if (a == 0)
				return err_set(ev, TY_ZeroDivisionError, "0.0 cannot be raised to a negative power");
			return val_float(pow((double)a, (double)b));
		}
		int ovf;
		r = ipow(a, b, &ovf);
		if (ovf)
			return pyobj_hooks.big_binop_i64(ev, op, a, b);
		return val_int(r);
	}
	case OP_LSHIFT:
		if (b < 0)
			return err_set(ev, TY_ValueError, "negative shift count");
		if (a == 0)
			return val_int(0);
		if (b >= 63 || (a > 0 ? a > (INT64_MAX >> b) : a < (INT64_MIN >> b)))
			return pyobj_hooks.big_binop_i64(ev, op, a, b);
		return val_int((int64_t)((uint64_t)a << b));
	case OP_RSHIFT:
		if (b < 0)
			return err_set(ev, TY_ValueError, "negative shift count");
		return val_int(b >= 63 ? (a < 0 ? -1 : 0) : a >> b);
	case OP_AND: return val_int(a & b);
	case OP_OR: return val_int(a | b);
	case OP_XOR: return val_int(a ^ b);
	default: return NULL;
	}
}

static struct value *float_binop(struct eval *ev, enum binop op, double a, double b)
{
	switch (op) {
	case OP_ADD: return val_float(a + b);
	case OP_SUB: return val_float(a - b);
	case OP_MUL: return val_float(a * b);
	case OP_TRUEDIV:
		if (b == 0)
			return err_set(ev, TY_ZeroDivisionError, "float division by zero");
		return val_float(a / b);
	case OP_FLOORDIV: case OP_MOD: {
		if (b == 0)
			return err_set(ev, TY_ZeroDivisionError, op == OP_MOD ? "float modulo" : "float floor division by zero");
		/* CPython's float_divmod */
		double mod = fmod(a, b), div = (a - mod) / b, floordiv;
		if (mod) {
			if ((b < 0) != (mod < 0)) {
				mod += b;
				div -= 1.0;
			}
		} else {
			mod = copysign(0.0, b);
		}
		if (div) {
			floordiv = floor(div);
			if (div - floordiv > 0.5)
				floordiv += 1.0;
		} else {
			floordiv = copysign(0.0, a / b);
		}
		return val_float(op == OP_MOD ? mod : floordiv);
	}
	case OP_POW:
		if (a == 0 && b < 0)
			return err_set(ev, TY_ZeroDivisionError, "0.0 cannot be raised to a negative power");
		if (a < 0 && b != floor(b) && isfinite(b))
			return val_complex(c_pow(CMPLX(a, 0.0), CMPLX(b, 0.0)));
		{
			double r = pow(a, b);
			if (isinf(r) && isfinite(a) && isfinite(b))
				return err_set(ev, TY_OverflowError, "(34, 'Numerical result out of range')");
			return val_float(r);
		}
	default:
		return NULL;
	}
}

/* CPython's complex power: repeated multiplication for small integer
 * exponents (c_powi), else the polar formula (c_pow) */
static double _Complex c_mul(double _Complex a, double _Complex b)
{
	return CMPLX(creal(a) * creal(b) - cimag(a) * cimag(b), creal(a) * cimag(b) + cimag(a) * creal(b));
}

static double _Complex c_quot(double _Complex a, double _Complex b)
{
	/* CPython's _Py_c_quot (Smith's algorithm) */
	double ar = creal(a), ai = cimag(a), br = creal(b), bi = cimag(b);
	double abs_br = fabs(br), abs_bi = fabs(bi);
	if (abs_br >= abs_bi) {
		if (abs_br == 0.0)
			return CMPLX(NAN, NAN);
		double ratio = bi / br, denom = br + bi * ratio;
		return CMPLX((ar + ai * ratio) / denom, (ai - ar * ratio) / denom);
	} else if (abs_bi >= abs_br) {
		double ratio = br / bi, denom = br * ratio + bi;
		return CMPLX((ar * ratio + ai) / denom, (ai * ratio - ar) / denom);
	}
	return CMPLX(NAN, NAN);
}

static double _Complex c_pow(double _Complex a, double _Complex b)
{
	double vabs, len, at, phase;
	if (creal(b) == 0 && cimag(b) == 0)
		return CMPLX(1.0, 0.0);
	if (creal(a) == 0 && cimag(a) == 0)
		return CMPLX(0.0, 0.0);
	vabs = hypot(creal(a), cimag(a));
	len = pow(vabs, creal(b));
	at = atan2(cimag(a), creal(a));
	phase = at * creal(b);
	if (cimag(b) != 0.0) {
		len /= exp(at * cimag(b));
		phase += cimag(b) * log(vabs);
	}
	return CMPLX(len * cos(phase), len * sin(phase));
}

static double _Complex c_powu(double _Complex x, long n)
{
	double _Complex r = CMPLX(1.0, 0.0), p = x;
	long mask = 1;
	while (mask > 0 && n >= mask) {
		if (n & mask)
			r = c_mul(r, p);
		mask <<= 1;
		p = c_mul(p, p);
	}
	return r;
}

static double _Complex c_powi(double _Complex x, long n)
{
	if (n > 0)
		return c_powu(x, n);
	return c_quot(CMPLX(1.0, 0.0), c_powu(x, -n));
}

static double _Complex py_cpow(double _Complex a, double _Complex b)
{
	if (cimag(b) == 0.0 && creal(b) == floor(creal(b)) && fabs(creal(b)) <= 100.0)
		return c_powi(a, (long)creal(b));
	return c_pow(a, b);
}

static struct value *complex_binop(struct eval *ev, enum binop op, double _Complex a,
				   double _Complex b, struct value *l, struct value *r)
{
	switch (op) {
	case OP_ADD: return val_complex(a + b);
	case OP_SUB: return val_complex(a - b);
	case OP_MUL: return val_complex(c_mul(a, b));
	case OP_TRUEDIV:
		if (b == 0)
			return err_set(ev, TY_ZeroDivisionError, "complex division by zero");
		return val_complex(c_quot(a, b));
	case OP_POW:
		if (a == 0 && (creal(b) < 0 || cimag(b) != 0))
			return err_set(ev, TY_ZeroDivisionError, "0.0 to a negative or complex power");
		return val_complex(py_cpow(a, b));
	default:
		return unsupported(ev, op, l, r);
	}
}

static struct value *seq_repeat(struct eval *ev, struct value *s, int64_t n)
{
	if (n < 0)
		n = 0;
	if (s->type == VT_STR) {
		size_t len = s->u.str->len;
		if (len && (uint64_t)n > (SIZE_MAX / 2) / len)
			return err_nomem(ev);
		size_t tot = len * (size_t)n, done = tot ? len : 0;
		char *b;
		struct value *v = val_str_alloc(tot, &b);
		if (!v)
			return err_nomem(ev);
		/* by doubling: 'x' * 10**6 is 20 copies, not a million */
		if (done)
			memcpy(b, s->u.str->s, len);
		while (done < tot) {
			size_t k = done < tot - done ? done : tot - done;
			memcpy(b + done, b, k);
			done += k;
		}
		return v;
	}
	size_t len = s->u.seq.n;
	if (len && (uint64_t)n > (SIZE_MAX / 16) / len)
		return err_nomem(ev);
	size_t tot = len * (size_t)n;
	struct value **items = malloc(sizeof *items * (tot ? tot : 1));
	if (!items)
		return err_nomem(ev);
	for (size_t i = 0; i < tot; i++)
		items[i] = val_incref(s->u.seq.items[i % len]);
	struct value *out = s->type == VT_LIST ? val_list_new(tot, items) : val_tuple_new(tot, items);
	free(items);
	return out ? out : err_nomem(ev);
}

static struct value *seq_concat(struct eval *ev, struct value *a, struct value *b)
{
	size_t n = a->u.seq.n + b->u.seq.n;
	struct value **items = malloc(sizeof *items * (n ? n : 1));
	if (!items)
		return err_nomem(ev);
	for (size_t i = 0; i < a->u.seq.n; i++)
		items[i] = val_incref(a->u.seq.items[i]);
	for (size_t i = 0; i < b->u.seq.n; i++)
		items[a->u.seq.n + i] = val_incref(b->u.seq.items[i]);
	struct value *out = a->type == VT_LIST ? val_list_new(n, items) : val_tuple_new(n, items);
	free(items);
	return out ? out : err_nomem(ev);
}


/* the objtype.binop of l or r: NULL with no error when neither has one or
 * both said NotImplemented */
static struct value *obj_binop(struct eval *ev, enum binop op, struct value *l, struct value *r)
{
	struct value *x = NULL;
	if (l->type == VT_OBJECT && l->u.obj.t->binop && ((x = l->u.obj.t->binop(ev, op, l, r)) || err_occurred(ev)))
		return x;
	if (r->type == VT_OBJECT && r->u.obj.t->binop && (r->type != l->type || r->u.obj.t != l->u.obj.t))
		x = r->u.obj.t->binop(ev, op, l, r);
	return x;
}

static int has_binop(struct value *l, struct value *r)
{
	return (l->type == VT_OBJECT && l->u.obj.t->binop) || (r->type == VT_OBJECT && r->u.obj.t->binop);
}

struct value *val_binop(struct eval *ev, enum binop op, struct value *l, struct value *r)
{
	if (has_binop(l, r)) {
		struct value *x = obj_binop(ev, op, l, r);
		if (x || err_occurred(ev))
			return x;
	}
	if ((l->type == VT_DICT && l->u.dict->kind && l->u.dict->kind->binop) ||
	    (r->type == VT_DICT && r->u.dict->kind && r->u.dict->kind->binop)) {
		/* a dict kind's operators (Counter's + - | &) */
		const struct dictkind *k = l->type == VT_DICT && l->u.dict->kind && l->u.dict->kind->binop
			? l->u.dict->kind : r->u.dict->kind;
		struct value *x = k->binop(ev, op, l, r);
		if (x || err_occurred(ev))
			return x;
	}
	if (op >= OP_LT)
		return val_compare_value(ev, op - OP_LT, l, r);
	if ((l->type == VT_BYTES && r->type == VT_SCALAR) || (op == OP_MUL && l->type == VT_SCALAR && r->type == VT_BYTES)) {
		struct value *x = pyobj_hooks.bytes_binop(ev, op, l, r); /* bytes' own + and * come first */
		if (x || err_occurred(ev))
			return x;
	}
	if (op == OP_MOD && (l->type == VT_STR || l->type == VT_BYTES))
		return pyobj_hooks.strfmt_percent(ev, l, r);  /* str.__mod__ comes before ndarray.__rmod__ */
	if (is_arr(l) || is_arr(r))
		return slot_binop(ev, op, l, r, 0);
	if (is_intlike(l) && is_intlike(r)) {
		if (l->type == VT_BOOL && r->type == VT_BOOL && (op == OP_AND || op == OP_OR || op == OP_XOR))
			return val_bool(op == OP_AND ? (l->u.i & r->u.i) : op == OP_OR ? (l->u.i | r->u.i) : (l->u.i ^ r->u.i));
		if (op == OP_MATMUL)
			return unsupported(ev, op, l, r);
		return int_binop(ev, op, l->u.i, r->u.i);
	}
	if (big_is_int(l) && big_is_int(r)) {
		if (op == OP_MATMUL)
			return unsupported(ev, op, l, r);
		return pyobj_hooks.big_binop(ev, op, l, r);
	}
	if (is_num(l) && is_num(r)) {
		if (op == OP_MATMUL || op == OP_LSHIFT || op == OP_RSHIFT || op == OP_AND ||
		    op == OP_OR || op == OP_XOR)
			return unsupported(ev, op, l, r);
		if (l->type == VT_COMPLEX || r->type == VT_COMPLEX) {
			double _Complex a, b;
			if (val_as_complex(ev, l, &a) < 0 || val_as_complex(ev, r, &b) < 0)
				return NULL; /* a big int beyond float */
			return complex_binop(ev, op, a, b, l, r);
		}
		double a, b;
		if (val_as_double(ev, l, &a) < 0 || val_as_double(ev, r, &b) < 0)
			return NULL;
		return float_binop(ev, op, a, b);
	}
	if (l->type == VT_BYTES || (op == OP_MUL && r->type == VT_BYTES && l->type != VT_STR &&
				    l->type != VT_LIST && l->type != VT_TUPLE)) {
		struct value *x = pyobj_hooks.bytes_binop(ev, op, l, r);
		if (x || err_occurred(ev))
			return x;
	}
	if (op == OP_OR) {
		struct value *x = pyobj_hooks.union_or(ev, l, r); /* PEP 604: int | None */
		if (x || err_occurred(ev))
			return x;
	}
	switch (op) {
	case OP_ADD:
		if (l->type == VT_STR && r->type == VT_STR)
			return val_str_concat(l->u.str->s, l->u.str->len, r->u.str->s, r->u.str->len);
		if (l->type == VT_STR)
			return err_set(ev, TY_TypeError, "can only concatenate str (not \"%s\") to str", val_type_name(r));
		if ((l->type == VT_LIST || l->type == VT_TUPLE) && r->type == l->type)
			return seq_concat(ev, l, r);
		if (l->type == VT_LIST || l->type == VT_TUPLE)
			return err_set(ev, TY_TypeError, "can only concatenate %s (not \"%s\") to %s",
				       val_type_name(l), val_type_name(r), val_type_name(l));
		break;
	case OP_MUL:
		if (((l->type == VT_STR || l->type == VT_LIST || l->type == VT_TUPLE) && r->type == VT_BIGINT) ||
		    ((r->type == VT_STR || r->type == VT_LIST || r->type == VT_TUPLE) && l->type == VT_BIGINT))
			return err_set(ev, TY_OverflowError, "cannot fit 'int' into an index-sized integer");
		if ((l->type == VT_STR || l->type == VT_LIST || l->type == VT_TUPLE) && is_intlike(r))
			return seq_repeat(ev, l, r->u.i);
		if ((r->type == VT_STR || r->type == VT_LIST || r->type == VT_TUPLE) && is_intlike(l))
			return seq_repeat(ev, r, l->u.i);
		if ((l->type == VT_STR || l->type == VT_LIST || l->type == VT_TUPLE) && !is_num(r))
			return err_set(ev, TY_TypeError, "can't multiply sequence by non-int of type '%s'", val_type_name(r));
		if ((r->type == VT_STR || r->type == VT_LIST || r->type == VT_TUPLE) && !is_num(l))
			return err_set(ev, TY_TypeError, "can't multiply sequence by non-int of type '%s'", val_type_name(l));
		break;
	case OP_MOD:
		if (l->type == VT_STR)
			return pyobj_hooks.strfmt_percent(ev, l, r);
		break;
	case OP_OR:
		if (l->type == VT_DICT && r->type == VT_DICT) {
			struct value *d = val_dict_new();
			if (!d)
				return err_nomem(ev);
			for (int k = 0; k < 2; k++) {
				struct value *s = k ? r : l;
				for (size_t i = 0; i < s->u.dict->n; i++)
					if (s->u.dict->entries[i].key &&
					    dict_set(ev, d, s->u.dict->entries[i].key, s->u.dict->entries[i].val) < 0) {
						val_decref(d);
						return NULL;
					}
			}
			return d;
		}
		break;
	default:
		break;
	}
	if (l->type == VT_MODULE || r->type == VT_MODULE) {
		const char *m = l->type == VT_MODULE ? l->u.mod.name : r->u.mod.name;
		(void)m;
	}
	return unsupported(ev, op, l, r);
}

struct value *val_inplace(struct eval *ev, enum binop op, struct value *l, struct value *r)
{
	if (l->type == VT_OBJECT && l->u.obj.t->binop) {
		/* __iadd__ and friends: the slot's op OP_COUNT + op */
		struct value *x = l->u.obj.t->binop(ev, (enum binop)(OP_COUNT + op), l, r);
		if (x || err_occurred(ev))
			return x;
	}
	if (l->type == VT_NDARRAY)
		return slot_binop(ev, op, l, r, 1);
	if (l->type == VT_LIST && op == OP_ADD) {
		struct value *items = val_iter_list(ev, r);
		if (!items)
			return NULL;
		for (size_t i = 0; i < items->u.seq.n; i++)
			if (list_append(l, val_incref(items->u.seq.items[i])) < 0) {
				val_decref(items);
				return err_nomem(ev);
			}
		val_decref(items);
		return val_incref(l);
	}
	if (l->type == VT_DICT && op == OP_OR && r->type == VT_DICT) {
		for (size_t i = 0; i < r->u.dict->n; i++)
			if (r->u.dict->entries[i].key &&
			    dict_set(ev, l, r->u.dict->entries[i].key, r->u.dict->entries[i].val) < 0)
				return NULL;
		return val_incref(l);
	}
	return val_binop(ev, op, l, r);
}

struct value *val_unop(struct eval *ev, enum unop op, struct value *v)
{
	if (op == UOP_NOT) {
		int t = val_truth(ev, v);
		return t < 0 ? NULL : val_bool(!t);
	}
	if (v->type == VT_OBJECT && v->u.obj.t->unop) {
		struct value *x = v->u.obj.t->unop(ev, op, v);
		if (x || err_occurred(ev))
			return x;
	}
	if (is_arr(v))
		return VAL_SLOT(v, unop)(ev, op, v);
	switch (v->type) {
	case VT_BIGINT:
		return pyobj_hooks.big_unop(ev, op, v);
	case VT_BOOL: case VT_INT:
		if (op == UOP_NEG) {
			if (v->u.i == INT64_MIN)
				return pyobj_hooks.big_neg_i64(ev, v->u.i);
			return val_int(-v->u.i);
		}
		if (op == UOP_POS)
			return val_int(v->u.i);
		return val_int(~v->u.i);
	case VT_FLOAT:
		if (op == UOP_NEG)
			return val_float(-v->u.f);
		if (op == UOP_POS)
			return val_float(v->u.f);
		break;
	case VT_COMPLEX:
		if (op == UOP_NEG)
			return val_complex(-v->u.c);
		if (op == UOP_POS)
			return val_complex(v->u.c);
		break;
	default:
		break;
	}
	return err_set(ev, TY_TypeError, "bad operand type for unary %s: '%s'",
		       op == UOP_NEG ? "-" : op == UOP_POS ? "+" : "~", val_type_name(v));
}

int val_truth(struct eval *ev, struct value *v)
{
	switch (v->type) {
	case VT_NONE: return 0;
	case VT_BOOL: case VT_INT: return v->u.i != 0;
	case VT_BIGINT: return 1;
	case VT_FLOAT: return v->u.f != 0;
	case VT_COMPLEX: return v->u.c != 0;
	case VT_STR: case VT_BYTES: return v->u.str->len != 0;
	case VT_TUPLE: case VT_LIST: return v->u.seq.n != 0;
	case VT_DICT: return v->u.dict->nused != 0;
	case VT_RANGE: return range_len(&v->u.range) != 0;
	case VT_NDARRAY: case VT_SCALAR: return VAL_SLOT(v, truth)(ev, v);
	case VT_OBJECT:
		if (v->u.obj.t->truth)
			return v->u.obj.t->truth(ev, v);
		if (v->u.obj.t->len) {
			int64_t n = v->u.obj.t->len(ev, v);
			return n < 0 ? -1 : n != 0;
		}
		/* fall through */
	default: {
		struct value *l = val_iterobj_list_borrow(v);
		if (l && strncmp(((struct iterobj *)v->u.obj.p)->kind, "dict_", 5) == 0)
			return l->u.seq.n != 0;
		return 1;
	}
	}
}

int val_is(struct value *a, struct value *b)
{
	if (a == b)
		return 1;
	if (a->type == VT_TYPE && b->type == VT_TYPE)
		return a->u.ty == b->u.ty;
	if (a->type == VT_DTYPE && b->type == VT_DTYPE && a->u.dt.is_type && b->u.dt.is_type)
		return a->u.dt.dtype == b->u.dt.dtype && a->u.dt.is_type == b->u.dt.is_type;
	return 0;
}

static int cmp_order(int cmp, int c)
{
	switch (cmp) {
	case CMP_LT: return c < 0;
	case CMP_LE: return c <= 0;
	case CMP_EQ: return c == 0;
	case CMP_NE: return c != 0;
	case CMP_GT: return c > 0;
	case CMP_GE: return c >= 0;
	}
	return 0;
}

static const char *cmpsym(int cmp)
{
	static const char *const s[] = {"<", "<=", "==", "!=", ">", ">="};
	return cmp >= 0 && cmp < 6 ? s[cmp] : "?";
}

/* Python comparison of non-array values: 1/0, -1 error */
int val_compare(struct eval *ev, int cmp, struct value *l, struct value *r)
{
	if (cmp == CMP_IS || cmp == CMP_ISNOT) {
		int s = val_is(l, r);
		return cmp == CMP_IS ? s : !s;
	}
	if (cmp <= CMP_GE && ((l->type == VT_OBJECT && l->u.obj.t->binop) ||
			      (r->type == VT_OBJECT && r->u.obj.t->binop))) {
		/* an object's comparison slot (called with l, r as written) */
		struct value *x = NULL;
		if (l->type == VT_OBJECT && l->u.obj.t->binop)
			x = l->u.obj.t->binop(ev, (enum binop)(OP_LT + cmp), l, r);
		if (!x && !err_occurred(ev) && r->type == VT_OBJECT && r->u.obj.t->binop &&
		    !(l->type == VT_OBJECT && l->u.obj.t == r->u.obj.t))
			x = r->u.obj.t->binop(ev, (enum binop)(OP_LT + cmp), l, r);
		if (x) {
			int t = val_truth(ev, x);
			val_decref(x);
			return t;
		}
		if (err_occurred(ev))
			return -1;
		if (cmp == CMP_EQ || cmp == CMP_NE)
			return cmp == CMP_EQ ? val_is(l, r) : !val_is(l, r);
		err_set(ev, TY_TypeError, "'%s' not supported between instances of '%s' and '%s'",
			cmpsym(cmp), val_type_name(l), val_type_name(r));
		return -1;
	}
	if (cmp == CMP_IN || cmp == CMP_NOTIN) {
		int found = 0;
		if (r->type == VT_STR) {
			if (l->type != VT_STR) {
				err_set(ev, TY_TypeError, "'in <string>' requires string as left operand, not %s", val_type_name(l));
				return -1;
			}
			found = memmem(r->u.str->s, r->u.str->len, l->u.str->s, l->u.str->len) != NULL;
		} else if (r->type == VT_BYTES) {
			if ((found = pyobj_hooks.bytes_contains(ev, r, l)) < 0)
				return -1;
		} else if (r->type == VT_DICT) {
			uint64_t h;
			if (val_hash(ev, l, &h) < 0)
				return -1;
			size_t slot;
			int64_t e = dict_find(ev, r->u.dict, l, h, &slot);
			if (e == -1)
				return -1;
			found = e >= 0;
		} else if (r->type == VT_RANGE && is_intlike(l)) {
			struct range *g = &r->u.range;
			int64_t x = l->u.i;
			if (g->step > 0)
				found = x >= g->start && x < g->stop && (x - g->start) % g->step == 0;
			else
				found = x <= g->start && x > g->stop && (g->start - x) % (-g->step) == 0;
		} else if (r->type == VT_OBJECT && r->u.obj.t->contains) {
			if ((found = r->u.obj.t->contains(ev, r, l)) < 0)
				return -1;
		} else if (r->type == VT_NDARRAY) {
			struct value *eq = slot_binop(ev, OP_EQ, r, l, 0);
			if (!eq)
				return -1;
			if (eq->type != VT_NDARRAY || !VAL_SLOT(eq, getattr)) {
				/* x == obj gave one answer (NumPy's False for an object it
				 * cannot compare item by item): that is the answer */
				found = val_truth(ev, eq);
				val_decref(eq);
				if (found < 0)
					return -1;
				return cmp == CMP_IN ? found : !found;
			}
			struct value *anyf = VAL_SLOT(eq, getattr)(ev, eq, "any");
			val_decref(eq);
			if (!anyf)
				return -1;
			struct value *res = val_call(ev, anyf, 0, NULL, NULL);
			val_decref(anyf);
			if (!res)
				return -1;
			found = val_truth(ev, res);
			val_decref(res);
			if (found < 0)
				return -1;
		} else {
			struct value *items = val_iter_list(ev, r);
			if (!items) {
				if (err_occurred(ev) && ev) {
					struct value *e = err_fetch(ev);
					val_decref(e);
				}
				err_set(ev, TY_TypeError, "argument of type '%s' is not iterable", val_type_name(r));
				return -1;
			}
			for (size_t i = 0; i < items->u.seq.n && !found; i++) {
				int eq = val_is(items->u.seq.items[i], l) ? 1 : val_equal(ev, items->u.seq.items[i], l);
				if (eq < 0) {
					val_decref(items);
					return -1;
				}
				found = eq;
			}
			val_decref(items);
		}
		return cmp == CMP_IN ? found : !found;
	}
	if (has_binop(l, r)) {
		struct value *x = obj_binop(ev, (enum binop)(OP_LT + cmp), l, r);
		if (x) {
			int t = val_truth(ev, x);
			val_decref(x);
			return t;
		}
		if (err_occurred(ev))
			return -1;
	}
	if (is_arr(l) || is_arr(r)) {
		struct value *res = slot_binop(ev, (enum binop)(OP_LT + cmp), l, r, 0);
		if (!res)
			return -1;
		int t = val_truth(ev, res);
		val_decref(res);
		return t;
	}
	/* numbers */
	if (is_num(l) && is_num(r)) {
		if (l->type == VT_COMPLEX || r->type == VT_COMPLEX) {
			if (cmp != CMP_EQ && cmp != CMP_NE)
				goto unorderable;
			double _Complex a, b;
			if (val_as_complex(ev, l, &a) < 0 || val_as_complex(ev, r, &b) < 0) {
				/* a big int beyond float equals no complex */
				val_decref(err_fetch(ev));
				err_tb_clear(ev);
				return cmp == CMP_NE;
			}
			return cmp == CMP_EQ ? a == b : a != b;
		}
		if (is_intlike(l) && is_intlike(r))
			return cmp_order(cmp, l->u.i < r->u.i ? -1 : l->u.i > r->u.i);
		if (l->type == VT_BIGINT || r->type == VT_BIGINT ||
		    (is_intlike(l) && (l->u.i > (1LL << 53) || l->u.i < -(1LL << 53))) ||
		    (is_intlike(r) && (r->u.i > (1LL << 53) || r->u.i < -(1LL << 53)))) {
			if (big_is_int(l) && big_is_int(r))
				return cmp_order(cmp, pyobj_hooks.big_cmp(l, r));
			/* exact, as CPython: 2**53 + 1 != 2.0**53 */
			double d = l->type == VT_FLOAT ? l->u.f : r->u.f;
			if (isnan(d))
				return cmp == CMP_NE;
			int c = pyobj_hooks.big_cmp_double(l->type == VT_FLOAT ? r : l, d);
			return cmp_order(cmp, l->type == VT_FLOAT ? -c : c);
		}
		double a, b;
		val_as_double(ev, l, &a);
		val_as_double(ev, r, &b);
		if (isnan(a) || isnan(b))
			return cmp == CMP_NE;
		return cmp_order(cmp, a < b ? -1 : a > b);
	}
	if ((l->type == VT_STR || l->type == VT_BYTES) && r->type == l->type) {
		size_t n = l->u.str->len < r->u.str->len ? l->u.str->len : r->u.str->len;
		int c = memcmp(l->u.str->s, r->u.str->s, n);
		if (c == 0)
			c = l->u.str->len < r->u.str->len ? -1 : l->u.str->len > r->u.str->len;
		return cmp_order(cmp, c);
	}
	if ((l->type == VT_LIST || l->type == VT_TUPLE) && r->type == l->type) {
		size_t n = l->u.seq.n < r->u.seq.n ? l->u.seq.n : r->u.seq.n;
		for (size_t i = 0; i < n; i++) {
			struct value *a = l->u.seq.items[i], *b = r->u.seq.items[i];
			int eq = val_is(a, b) ? 1 : val_equal(ev, a, b);
			if (eq < 0)
				return -1;
			if (!eq) {
				if (cmp == CMP_EQ)
					return 0;
				if (cmp == CMP_NE)
					return 1;
				return val_compare(ev, cmp, a, b);
			}
		}
		return cmp_order(cmp, l->u.seq.n < r->u.seq.n ? -1 : l->u.seq.n > r->u.seq.n);
	}
	if (cmp == CMP_EQ || cmp == CMP_NE) {
		int eq;
		if (l->type == VT_DICT && r->type == VT_DICT) {
			eq = l->u.dict->nused == r->u.dict->nused;
			for (size_t i = 0; eq && i < l->u.dict->n; i++) {
				struct dict_entry *e = &l->u.dict->entries[i];
				if (!e->key)
					continue;
				struct value *o = dict_get_borrow(r, e->key);
				if (!o) {
					eq = 0;
					break;
				}
				int x = val_equal(ev, e->val, o);
				if (x < 0)
					return -1;
				eq = x;
			}
		} else if ((l->type == VT_DTYPE || r->type == VT_DTYPE)) {
			eq = (l->type == VT_DTYPE ? VAL_SLOT(l, equal) : VAL_SLOT(r, equal))(l, r);
		} else if (l->type == VT_RANGE && r->type == VT_RANGE) {
			eq = range_len(&l->u.range) == range_len(&r->u.range) &&
			     (range_len(&l->u.range) == 0 || (l->u.range.start == r->u.range.start &&
			      (range_len(&l->u.range) == 1 || l->u.range.step == r->u.range.step)));
		} else if (l->type == VT_SLICE && r->type == VT_SLICE) {
			int a = val_equal(ev, l->u.slice.start, r->u.slice.start);
			int b = val_equal(ev, l->u.slice.stop, r->u.slice.stop);
			int c = val_equal(ev, l->u.slice.step, r->u.slice.step);
			if (a < 0 || b < 0 || c < 0)
				return -1;
			eq = a && b && c;
		} else if (l->type == VT_NONE || r->type == VT_NONE) {
			eq = l->type == r->type;
		} else if (l->type == VT_BUILTIN && r->type == VT_BUILTIN) {
			eq = l->u.bi.fn == r->u.bi.fn && l->u.bi.self == r->u.bi.self;
		} else {
			eq = val_is(l, r);
		}
		return cmp == CMP_EQ ? eq : !eq;
	}
unorderable:
	err_set(ev, TY_TypeError, "'%s' not supported between instances of '%s' and '%s'",
		cmpsym(cmp), val_type_name(l), val_type_name(r));
	return -1;
}

struct value *val_compare_value(struct eval *ev, int cmp, struct value *l, struct value *r)
{
	if (cmp <= CMP_GE && has_binop(l, r)) {
		struct value *x = obj_binop(ev, (enum binop)(OP_LT + cmp), l, r);
		if (x || err_occurred(ev))
			return x;
	}
	if (cmp <= CMP_GE && (is_arr(l) || is_arr(r)))
		return slot_binop(ev, (enum binop)(OP_LT + cmp), l, r, 0);
	int c = val_compare(ev, cmp, l, r);
	return c < 0 ? NULL : val_bool(c);
}

int val_equal(struct eval *ev, struct value *a, struct value *b)
{
	return val_compare(ev, CMP_EQ, a, b);
}

