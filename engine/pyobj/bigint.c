/*
 * bigint.c — Python ints beyond int64 (VT_BIGINT) on GMP's mpz.
 *
 * Owns the VT_BIGINT payload and every operation that may produce or take
 * one.  Results go through big_take, which gives back a VT_INT whenever the
 * value fits int64, so a VT_BIGINT never holds a small value.  Every result
 * size is checked before GMP runs (GMP aborts when malloc fails): beyond
 * BIG_MAX_BITS it is MemoryError.  Never touches arrays (npscalar.c and
 * arrvalue.c decide what NumPy does with a big int).
 */
#include <gmp.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "pyobj/bigint.h"
#include "lang/error.h"

struct bigint {
	mpz_t z;
};

void big_free(struct bigint *b)
{
	if (b) {
		mpz_clear(b->z);
		free(b);
	}
}

/* Takes z (cleared here in every case); VT_INT when it fits int64. */
static struct value *big_take(struct eval *ev, mpz_t z)
{
	if (mpz_fits_slong_p(z)) {
		long i = mpz_get_si(z);
		mpz_clear(z);
		struct value *v = val_int((int64_t)i);
		return v ? v : err_nomem(ev);
	}
	struct bigint *b = malloc(sizeof *b);
	struct value *v = b ? calloc(1, sizeof *v) : NULL;
	if (!v) {
		free(b);
		mpz_clear(z);
		return err_nomem(ev);
	}
	b->z[0] = z[0]; /* moves the limbs */
	v->refcnt = 1;
	v->type = VT_BIGINT;
	v->u.big = b;
	return v;
}

/* v's mpz: a VT_BIGINT's own, or tmp (mpz_init'ed by the caller) set to
 * the small value */
static mpz_srcptr big_src(const struct value *v, mpz_t tmp)
{
	if (v->type == VT_BIGINT)
		return v->u.big->z;
	mpz_set_si(tmp, (long)v->u.i);
	return tmp;
}

static uint64_t bits_of(mpz_srcptr z)
{
	return mpz_sgn(z) ? (uint64_t)mpz_sizeinbase(z, 2) : 0;
}

static void *too_big(struct eval *ev)
{
	return err_set(ev, TY_MemoryError, "int too large: Lumen's ints hold at most 2**28 bits");
}

/* |z| (nonzero) as a double, correctly rounded; HUGE_VAL beyond float */
static double mag_to_double(mpz_srcptr z)
{
	uint64_t n = bits_of(z);
	if (n <= 53)
		return fabs(mpz_get_d(z));
	if (n > 1025)
		return HUGE_VAL;
	/* the top 55 bits and a sticky bit: the FPU rounds them once */
	mp_bitcnt_t shift = (mp_bitcnt_t)(n - 55);
	mpz_t q;
	mpz_init(q);
	mpz_abs(q, z);
	int sticky = mpz_scan1(q, 0) < shift;
	mpz_tdiv_q_2exp(q, q, shift);
	uint64_t top = (uint64_t)mpz_getlimbn(q, 0) | (uint64_t)sticky;
	mpz_clear(q);
	return ldexp((double)top, (int)shift);
}

int big_to_double(struct eval *ev, struct value *v, double *out)
{
	if (v->type != VT_BIGINT) {
		*out = (double)v->u.i;
		return 0;
	}
	double d = mag_to_double(v->u.big->z);
	if (isinf(d)) {
		err_set(ev, TY_OverflowError, "int too large to convert to float");
		return -1;
	}
	*out = mpz_sgn(v->u.big->z) < 0 ? -d : d;
	return 0;
}

struct value *big_from_double(struct eval *ev, double d)
{
	mpz_t z;
	mpz_init_set_d(z, d);
	return big_take(ev, z);
}

struct value *big_from_uint64(struct eval *ev, uint64_t u)
{
	mpz_t z;
	mpz_init_set_ui(z, (unsigned long)u);
	return big_take(ev, z);
}

struct value *big_factorial(struct eval *ev, uint64_t n)
{
	/* log2(n!) < n log2(n) */
	if (n > 2 && (double)n * log2((double)n) > (double)BIG_MAX_BITS)
		return too_big(ev);
	mpz_t z;
	mpz_init(z);
	mpz_fac_ui(z, (unsigned long)n);
	return big_take(ev, z);
}

struct value *big_from_digits(struct eval *ev, const char *digits, int base, int neg)
{
	size_t n = strlen(digits);
	if ((base & (base - 1)) != 0 && n > BIG_MAX_STR_DIGITS)
		return err_set(ev, TY_ValueError, "Exceeds the limit (%d digits) for integer string conversion: "
			       "value has %zu digits; use sys.set_int_max_str_digits() to increase the limit",
			       BIG_MAX_STR_DIGITS, n);
	if ((double)n * log2((double)base) > (double)BIG_MAX_BITS)
		return too_big(ev);
	mpz_t z;
	mpz_init(z);
	if (mpz_set_str(z, digits, base) < 0) {
		mpz_clear(z);
		return err_set(ev, TY_ValueError, "invalid literal for int() with base %d", base);
	}
	if (neg)
		mpz_neg(z, z);
	return big_take(ev, z);
}

/* ---- arithmetic ---- */

/* a / b correctly rounded (CPython's long_true_divide) */
static struct value *true_divide(struct eval *ev, mpz_srcptr a, mpz_srcptr b)
{
	if (!mpz_sgn(b))
		return err_set(ev, TY_ZeroDivisionError, "division by zero");
	int neg = mpz_sgn(a) * mpz_sgn(b) < 0;
	if (!mpz_sgn(a))
		return val_float(mpz_sgn(b) < 0 ? -0.0 : 0.0);
	int64_t na = (int64_t)bits_of(a), nb = (int64_t)bits_of(b);
	if (na - nb > 1025)
		return err_set(ev, TY_OverflowError, "integer division result too large for a float");
	if (na - nb < -1200)
		return val_float(neg ? -0.0 : 0.0);
	int64_t s = 55 - (na - nb); /* the quotient gets 55 or 56 bits */
	mpz_t A, B, q, r;
	mpz_inits(A, B, q, r, NULL);
	mpz_abs(A, a);
	mpz_abs(B, b);
	if (s >= 0)
		mpz_mul_2exp(A, A, (mp_bitcnt_t)s);
	else
		mpz_mul_2exp(B, B, (mp_bitcnt_t)-s);
	mpz_tdiv_qr(q, r, A, B);
	uint64_t top = (uint64_t)mpz_getlimbn(q, 0);
	if (mpz_sgn(r))
		top |= 1;
	mpz_clears(A, B, q, r, NULL);
	double d = ldexp((double)top, (int)-s);
	if (isinf(d))
		return err_set(ev, TY_OverflowError, "integer division result too large for a float");
	return val_float(neg ? -d : d);
}

static struct value *int_pow(struct eval *ev, mpz_srcptr a, mpz_srcptr b)
{
	mpz_t z;
	if (mpz_sgn(b) < 0) {
		/* int ** negative int is a float */
		if (!mpz_sgn(a))
			return err_set(ev, TY_ZeroDivisionError, "0.0 cannot be raised to a negative power");
		double x = mag_to_double(a), y = -mag_to_double(b);
		if (isinf(x))
			return err_set(ev, TY_OverflowError, "int too large to convert to float");
		if (mpz_sgn(a) < 0)
			x = -x;
		return val_float(pow(x, y));
	}
	if (mpz_cmpabs_ui(a, 1) <= 0) {
		/* 0, 1, -1: any exponent */
		long r = !mpz_sgn(a) ? !mpz_sgn(b) : mpz_sgn(a) > 0 || mpz_even_p(b) ? 1 : -1;
		return val_int(r);
	}
	long ex;
	double top = fabs(mpz_get_d_2exp(&ex, a)); /* |a| = top * 2**ex, top in [0.5, 1) */
	if (!mpz_fits_ulong_p(b) || ((double)ex + log2(top)) * (double)mpz_get_ui(b) > (double)BIG_MAX_BITS)
		return too_big(ev);
	mpz_init(z);
	mpz_pow_ui(z, a, mpz_get_ui(b));
	return big_take(ev, z);
}

static struct value *shift(struct eval *ev, enum binop op, mpz_srcptr a, mpz_srcptr b)
{
	mpz_t z;
	if (mpz_sgn(b) < 0)
		return err_set(ev, TY_ValueError, "negative shift count");
	if (!mpz_sgn(a))
		return val_int(0);
	if (op == OP_RSHIFT) {
		if (!mpz_fits_ulong_p(b) || mpz_get_ui(b) > bits_of(a))
			return val_int(mpz_sgn(a) < 0 ? -1 : 0);
		mpz_init(z);
		mpz_fdiv_q_2exp(z, a, mpz_get_ui(b));
		return big_take(ev, z);
	}
	if (!mpz_fits_slong_p(b))
		return err_set(ev, TY_OverflowError, "too many digits in integer");
	if (bits_of(a) + mpz_get_ui(b) > BIG_MAX_BITS)
		return too_big(ev);
	mpz_init(z);
	mpz_mul_2exp(z, a, mpz_get_ui(b));
	return big_take(ev, z);
}

static struct value *mpz_binop(struct eval *ev, enum binop op, mpz_srcptr a, mpz_srcptr b)
{
	mpz_t z;
	switch (op) {
	case OP_TRUEDIV:
		return true_divide(ev, a, b);
	case OP_POW:
		return int_pow(ev, a, b);
	case OP_LSHIFT: case OP_RSHIFT:
		return shift(ev, op, a, b);
	case OP_FLOORDIV: case OP_MOD:
		if (!mpz_sgn(b))
			return err_set(ev, TY_ZeroDivisionError, op == OP_MOD ? "integer modulo by zero"
				       : "integer division or modulo by zero");
		break;
	case OP_MUL:
		if (bits_of(a) + bits_of(b) > BIG_MAX_BITS)
			return too_big(ev);
		break;
	case OP_ADD: case OP_SUB: case OP_AND: case OP_OR: case OP_XOR:
		break;
	default:
		return err_set(ev, TY_TypeError, "unsupported operand type(s) for @: 'int' and 'int'");
	}
	mpz_init(z);
	switch (op) {
	case OP_ADD: mpz_add(z, a, b); break;
	case OP_SUB: mpz_sub(z, a, b); break;
	case OP_MUL: mpz_mul(z, a, b); break;
	case OP_FLOORDIV: mpz_fdiv_q(z, a, b); break; /* floor: Python's // and % */
	case OP_MOD: mpz_fdiv_r(z, a, b); break;
	case OP_AND: mpz_and(z, a, b); break;
	case OP_OR: mpz_ior(z, a, b); break;
	default: mpz_xor(z, a, b); break;
	}
	return big_take(ev, z);
}

struct value *big_binop(struct eval *ev, enum binop op, struct value *l, struct value *r)
{
	mpz_t ta, tb;
	mpz_inits(ta, tb, NULL);
	struct value *out = mpz_binop(ev, op, big_src(l, ta), big_src(r, tb));
	mpz_clears(ta, tb, NULL);
	return out;
}

struct value *big_binop_i64(struct eval *ev, enum binop op, int64_t a, int64_t b)
{
	mpz_t ta, tb;
	mpz_init_set_si(ta, (long)a);
	mpz_init_set_si(tb, (long)b);
	struct value *out = mpz_binop(ev, op, ta, tb);
	mpz_clears(ta, tb, NULL);
	return out;
}

struct value *big_neg_i64(struct eval *ev, int64_t a)
{
	mpz_t z;
	mpz_init_set_si(z, (long)a);
	mpz_neg(z, z);
	return big_take(ev, z);
}

struct value *big_unop(struct eval *ev, enum unop op, struct value *v)
{
	mpz_t t, z;
	mpz_init(t);
	mpz_srcptr a = big_src(v, t);
	mpz_init(z);
	if (op == UOP_NEG)
		mpz_neg(z, a);
	else if (op == UOP_INVERT)
		mpz_com(z, a);
	else
		mpz_set(z, a);
	mpz_clear(t);
	return big_take(ev, z);
}

struct value *big_abs(struct eval *ev, struct value *v)
{
	mpz_t t, z;
	mpz_init(t);
	mpz_init(z);
	mpz_abs(z, big_src(v, t));
	mpz_clear(t);
	return big_take(ev, z);
}

struct value *big_powmod(struct eval *ev, struct value *bv, struct value *ev_, struct value *mv)
{
	mpz_t tb, te, tm, md, base, z;
	mpz_inits(tb, te, tm, NULL);
	mpz_srcptr b = big_src(bv, tb), e = big_src(ev_, te), m = big_src(mv, tm);
	struct value *out = NULL;
	if (!mpz_sgn(m)) {
		out = err_set(ev, TY_ValueError, "pow() 3rd argument cannot be 0");
		goto done;
	}
	mpz_inits(md, base, z, NULL);
	mpz_abs(md, m);
	mpz_mod(base, b, md);
	if (mpz_sgn(e) < 0 && !mpz_invert(base, base, md) && mpz_cmp_ui(md, 1) != 0) {
		out = err_set(ev, TY_ValueError, "base is not invertible for the given modulus");
	} else if (mpz_cmp_ui(md, 1) == 0) {
		out = val_int(0);
	} else {
		mpz_t ea;
		mpz_init(ea);
		mpz_abs(ea, e);
		mpz_powm(z, base, ea, md);
		mpz_clear(ea);
		if (mpz_sgn(m) < 0 && mpz_sgn(z) > 0)
			mpz_add(z, z, m); /* Python: the result takes the modulus's sign */
		out = big_take(ev, z);
		mpz_init(z);
	}
	mpz_clears(md, base, z, NULL);
done:
	mpz_clears(tb, te, tm, NULL);
	return out;
}

struct value *big_round(struct eval *ev, struct value *x, struct value *nd)
{
	mpz_t tx, tn, p, q, r, r2;
	mpz_inits(tx, tn, NULL);
	mpz_srcptr a = big_src(x, tx), n = big_src(nd, tn);
	struct value *out;
	if (mpz_sgn(n) >= 0) {
		mpz_init_set(q, a);
		out = big_take(ev, q);
	} else if (!mpz_fits_slong_p(n) || (uint64_t)-mpz_get_si(n) > bits_of(a) / 3 + 2) {
		/* 10**-n > 2|x|: the nearest multiple is 0 */
		out = val_int(0);
	} else {
		mpz_inits(p, q, r, r2, NULL);
		mpz_ui_pow_ui(p, 10, (unsigned long)-mpz_get_si(n));
		mpz_fdiv_qr(q, r, a, p);
		mpz_mul_2exp(r2, r, 1);
		int c = mpz_cmp(r2, p);
		if (c > 0 || (c == 0 && mpz_odd_p(q)))
			mpz_add_ui(q, q, 1);
		mpz_mul(q, q, p);
		out = big_take(ev, q);
		mpz_clears(p, r, r2, NULL);
	}
	mpz_clears(tx, tn, NULL);
	return out;
}

/* ---- comparisons, hashing ---- */

int big_cmp(struct value *a, struct value *b)
{
	mpz_t ta, tb;
	mpz_inits(ta, tb, NULL);
	int c = mpz_cmp(big_src(a, ta), big_src(b, tb));
	mpz_clears(ta, tb, NULL);
	return (c > 0) - (c < 0);
}

int big_cmp_double(struct value *a, double d)
{
	mpz_t t;
	mpz_init(t);
	int c = mpz_cmp_d(big_src(a, t), d);
	mpz_clear(t);
	return (c > 0) - (c < 0);
}

int big_sign(struct value *v)
{
	return v->type == VT_BIGINT ? mpz_sgn(v->u.big->z) : (v->u.i > 0) - (v->u.i < 0);
}

uint64_t big_bit_length(struct value *v)
{
	mpz_t t;
	mpz_init(t);
	uint64_t n = bits_of(big_src(v, t));
	mpz_clear(t);
	return n;
}

/* CPython's integer hash: |z| mod 2**61 - 1 with z's sign, -1 -> -2 */
static uint64_t hash_mpz(mpz_srcptr z)
{
	const unsigned long P = (1UL << 61) - 1;
	int64_t h = (int64_t)mpz_fdiv_ui(z, P);
	if (mpz_sgn(z) < 0) {
		mpz_t t;
		mpz_init(t);
		mpz_neg(t, z);
		h = -(int64_t)mpz_fdiv_ui(t, P);
		mpz_clear(t);
	}
	if (h == -1)
		h = -2;
	return (uint64_t)h;
}

uint64_t big_hash(struct value *v)
{
	mpz_t t;
	mpz_init(t);
	uint64_t h = hash_mpz(big_src(v, t));
	mpz_clear(t);
	return h;
}

uint64_t big_hash_double(double d)
{
	mpz_t z;
	mpz_init_set_d(z, d);
	uint64_t h = hash_mpz(z);
	mpz_clear(z);
	return h;
}

/* ---- text ---- */

char *big_digits(struct eval *ev, struct value *v, int base, int upper)
{
	mpz_t t, a;
	mpz_init(t);
	mpz_init(a);
	mpz_abs(a, big_src(v, t));
	mpz_clear(t);
	size_t est = mpz_sizeinbase(a, base);
	if (base == 10 && est > BIG_MAX_STR_DIGITS + 1) {
		mpz_clear(a);
		return err_set(ev, TY_ValueError, "Exceeds the limit (%d digits) for integer string conversion; "
			       "use sys.set_int_max_str_digits() to increase the limit", BIG_MAX_STR_DIGITS);
	}
	char *s = malloc(est + 2);
	if (!s) {
		mpz_clear(a);
		return err_nomem(ev);
	}
	mpz_get_str(s, upper ? -base : base, a);
	mpz_clear(a);
	if (base == 10 && strlen(s) > BIG_MAX_STR_DIGITS) {
		free(s);
		return err_set(ev, TY_ValueError, "Exceeds the limit (%d digits) for integer string conversion; "
			       "use sys.set_int_max_str_digits() to increase the limit", BIG_MAX_STR_DIGITS);
	}
	return s;
}

char *big_repr(struct eval *ev, struct value *v)
{
	char *d = big_digits(ev, v, 10, 0);
	if (!d || big_sign(v) >= 0)
		return d;
	size_t n = strlen(d);
	char *s = malloc(n + 2);
	if (!s) {
		free(d);
		return err_nomem(ev);
	}
	s[0] = '-';
	memcpy(s + 1, d, n + 1);
	free(d);
	return s;
}

int big_as_uint64(struct eval *ev, struct value *v, uint64_t *out)
{
	if (v->type == VT_BIGINT && mpz_sgn(v->u.big->z) > 0 && bits_of(v->u.big->z) <= 64) {
		*out = (uint64_t)mpz_get_ui(v->u.big->z);
		return 0;
	}
	if (v->type != VT_BIGINT) {
		*out = (uint64_t)v->u.i;
		return 0;
	}
	err_set(ev, TY_OverflowError, "Python int too large to convert to C long");
	return -1;
}
