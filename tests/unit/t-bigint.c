/*
 * t-bigint.c — TAP tests of Python ints beyond int64 (engine/pyobj/bigint.c):
 * the canonical form (a result that fits int64 is a VT_INT), the size cap
 * (BIG_MAX_BITS: refused at once with MemoryError, where CPython would run
 * for minutes or exhaust memory), correctly rounded conversions to float,
 * and cells whose CPython reference would be too slow for tests/cells/.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "engine/engine.h"
#include "lang/value.h"
#include "pyobj/bigint.h"
#include "tap.h"

static struct engine *E;
static struct engine_error ERR;
static char OUT[65536];

static void s_stream(void *ctx, int fd, const char *text, size_t len)
{
	(void)ctx;
	size_t l = strlen(OUT);
	if (fd != 1 || l + len >= sizeof OUT)
		return;
	memcpy(OUT + l, text, len);
	OUT[l + len] = 0;
}

static const struct engine_sink SINK = { .stream = s_stream };

static int run(const char *code)
{
	OUT[0] = 0;
	engine_error_clear(&ERR);
	struct engine_exec_opts o = { 0, 1, 0 };
	return engine_execute(E, code, &o, &SINK, &ERR);
}

static void out_is(const char *code, const char *want, const char *what)
{
	int r = run(code);
	int good = r == 0 && strcmp(OUT, want) == 0;
	ok(good, what);
	if (!good)
		printf("# code: %s\n# got: [%s] r=%d %s: %s\n# want: [%s]\n", code, OUT, r,
		       ERR.ename ? ERR.ename : "", ERR.evalue ? ERR.evalue : "", want);
}

/* the cell fails with ename, within a second */
static void refused(const char *code, const char *ename, const char *what)
{
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	int r = run(code);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
	int good = r < 0 && ERR.ename && strcmp(ERR.ename, ename) == 0 && s < 1.0;
	ok(good, what);
	if (!good)
		printf("# code: %s\n# got: r=%d %s: %s after %.2fs\n# want: %s\n", code, r,
		       ERR.ename ? ERR.ename : "-", ERR.evalue ? ERR.evalue : "-", s, ename);
}

/* results of bigint.c called directly: ev NULL records no error */
static void test_canonical(void)
{
	struct value *a = val_int(INT64_MAX), *one = val_int(1);
	struct value *big = big_binop(NULL, OP_ADD, a, one);
	ok(big && big->type == VT_BIGINT, "INT64_MAX + 1 is a VT_BIGINT");
	struct value *back = big ? big_binop(NULL, OP_SUB, big, one) : NULL;
	ok(back && back->type == VT_INT && back->u.i == INT64_MAX, "(INT64_MAX + 1) - 1 is a VT_INT again");
	struct value *neg = big_neg_i64(NULL, INT64_MIN);
	ok(neg && neg->type == VT_BIGINT, "-INT64_MIN is a VT_BIGINT");
	struct value *neg2 = neg ? big_unop(NULL, UOP_NEG, neg) : NULL;
	ok(neg2 && neg2->type == VT_INT && neg2->u.i == INT64_MIN, "-(-INT64_MIN) is a VT_INT");
	struct value *q = big ? big_binop(NULL, OP_FLOORDIV, big, big) : NULL;
	ok(q && q->type == VT_INT && q->u.i == 1, "big // big that fits is a VT_INT");
	struct value *fromd = big_from_double(NULL, -9.2233720368547758e18);
	ok(fromd && fromd->type == VT_INT && fromd->u.i == INT64_MIN, "int(-2.0**63) is a VT_INT");
	struct value *fromd2 = big_from_double(NULL, 1e19);
	ok(fromd2 && fromd2->type == VT_BIGINT && big_cmp_double(fromd2, 1e19) == 0, "int(1e19) is exact");
	ok(fromd2 && big_hash(fromd2) == big_hash_double(1e19), "hash(int(1e19)) == hash(1e19)");
	struct value *d = big_from_digits(NULL, "18446744073709551616", 10, 1);
	ok(d && d->type == VT_BIGINT && big_sign(d) < 0 && big_bit_length(d) == 65, "-2**64 from digits");
	double x = 0;
	ok(d && big_to_double(NULL, d, &x) == 0 && x == -18446744073709551616.0, "float(-2**64)");
	uint64_t u = 0;
	struct value *m = big_from_digits(NULL, "ffffffffffffffff", 16, 0);
	ok(m && big_as_uint64(NULL, m, &u) == 0 && u == UINT64_MAX, "2**64 - 1 as a uint64");
	ok(d && big_as_uint64(NULL, d, &u) < 0, "-2**64 is no uint64");
	val_decref(a);
	val_decref(one);
	val_decref(big);
	val_decref(back);
	val_decref(neg);
	val_decref(neg2);
	val_decref(q);
	val_decref(fromd);
	val_decref(fromd2);
	val_decref(d);
	val_decref(m);
}

int main(void)
{
	engine_init_layers();   /* lang's pyobj_hooks: big ints are pyobj's */
	test_canonical();
	E = engine_new(NULL);
	ok(E != NULL, "engine_new");
	refused("2 ** (10 ** 10)", "MemoryError", "2**(10**10) is refused at once");
	refused("x = 3 ** (2 ** 40)", "MemoryError", "3**(2**40) is refused at once");
	refused("1 << (2 ** 40)", "MemoryError", "1 << 2**40 is refused at once");
	refused("x = 3 ** (2 ** 28)", "MemoryError", "3**(2**28) (1.58 * 2**28 bits) is refused at once");
	refused("x = 2 ** (2 ** 27)\ny = x * x * x", "MemoryError", "a product beyond 2**28 bits is refused");
	refused("x = 10 ** (10 ** 9)", "MemoryError", "10**(10**9) is refused at once");
	refused("x = (2 ** 70) ** (2 ** 70)", "MemoryError", "a big exponent is refused at once");
	refused("x = int('1' * 100000, 2) ** 3000", "MemoryError", "a big base to a moderate power is refused");
	out_is("x = 2 ** (2 ** 27)\nprint(x.bit_length(), (x - 1).bit_length(), x >> (2 ** 27))",
	       "134217729 134217728 1\n", "2**(2**27) works: 16 MiB");
	out_is("x = 2 ** (2 ** 20)\nprint(len(bin(x)), len(hex(x)), len(oct(x)))", "1048579 262147 349528\n",
	       "bin, hex and oct have no digit limit");
	refused("str(2 ** (2 ** 27))", "ValueError", "str of a huge int hits the digit limit at once");
	out_is("print(2 ** (10 ** 5) % 1000007, -(3 ** 10000) % 1000003)", "351226 781252\n",
	       "arithmetic on 100000-bit ints (CPython's values)");
	engine_free(E);
	printf("1..%d\n", nt);
	return nfail != 0;
}
