/*
 * bigint.h — Python ints beyond 64 bits (VT_BIGINT), on GMP.
 *
 * A VT_INT holds every value that fits int64; a VT_BIGINT holds only values
 * that do not (one canonical form: every result goes through big_value).
 * The language core calls in here when an int64 operation overflows or when
 * an operand is a VT_BIGINT.  Sizes are capped at BIG_MAX_BITS: a larger
 * result raises MemoryError at once instead of running for minutes.
 */
#ifndef LUMEN_BIGINT_H
#define LUMEN_BIGINT_H

#include <stddef.h>
#include <stdint.h>
#include "lang/value.h"

/* the largest int Lumen builds: 2**28 bits (32 MiB, ~80 million digits) */
#define BIG_MAX_BITS ((uint64_t)1 << 28)
/* CPython's default sys.get_int_max_str_digits() */
#define BIG_MAX_STR_DIGITS 4300

void big_free(struct bigint *b);

/* VT_INT, VT_BOOL or VT_BIGINT */
static inline int big_is_int(const struct value *v)
{
	return v->type == VT_INT || v->type == VT_BOOL || v->type == VT_BIGINT;
}

/* Arithmetic on two ints (any of VT_INT / VT_BOOL / VT_BIGINT); every
 * enum binop but OP_MATMUL and the comparisons.  big_binop_i64 is the
 * overflow path of the int64 operations. */
struct value *big_binop(struct eval *ev, enum binop op, struct value *l, struct value *r);
struct value *big_binop_i64(struct eval *ev, enum binop op, int64_t a, int64_t b);
/* -x, +x, ~x, abs(x) of a VT_BIGINT (or -INT64_MIN / abs(INT64_MIN)) */
struct value *big_neg_i64(struct eval *ev, int64_t a);
struct value *big_unop(struct eval *ev, enum unop op, struct value *v);
struct value *big_abs(struct eval *ev, struct value *v);
/* pow(b, e, m) of three ints */
struct value *big_powmod(struct eval *ev, struct value *b, struct value *e, struct value *m);
/* round(x, ndigits) of an int, ndigits < 0: half to even */
struct value *big_round(struct eval *ev, struct value *x, struct value *ndigits);

/* -1/0/1 comparisons: of two ints; of an int and a non-NaN double (exact) */
int big_cmp(struct value *a, struct value *b);
int big_cmp_double(struct value *a, double d);
int big_sign(struct value *v);
uint64_t big_bit_length(struct value *v);

/* Python's hash (mod 2**61 - 1) of a VT_BIGINT / of an integral double */
uint64_t big_hash(struct value *v);
uint64_t big_hash_double(double d);

/* Conversions.  big_to_double: correctly rounded, OverflowError beyond
 * float.  big_from_double: int(d) of a finite double.  big_from_digits:
 * `digits` holds only valid digits of `base` (no sign, no underscores). */
int big_to_double(struct eval *ev, struct value *v, double *out);
struct value *big_from_double(struct eval *ev, double d);
struct value *big_from_uint64(struct eval *ev, uint64_t u);
/* math.factorial(n), n >= 0 */
struct value *big_factorial(struct eval *ev, uint64_t n);
struct value *big_from_digits(struct eval *ev, const char *digits, int base, int neg);

/* The digits of |v| in base 2, 8, 10 or 16 (upper: A-F), malloc'd; base 10
 * beyond BIG_MAX_STR_DIGITS raises CPython's ValueError.  big_repr: with
 * the sign. */
char *big_digits(struct eval *ev, struct value *v, int base, int upper);
char *big_repr(struct eval *ev, struct value *v);

/* NumPy's view: a VT_BIGINT as an int64 / uint64 scalar value.  Returns 0
 * and sets *out when it fits; -1 with OverflowError otherwise. */
int big_as_uint64(struct eval *ev, struct value *v, uint64_t *out);

#endif
