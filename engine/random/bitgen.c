/*
 * bitgen.c — the Generator's bit generators beside PCG64 (pcg64.c) as NumPy
 * runs them: PCG64DXSM, MT19937 (Generator's seeding and 64-bit draws over
 * mt19937.c), Philox 4x64-10 and SFC64; SeedSequence's entropy mixing
 * (bit_generator.pyx: hashmix/mix, generate_state) that seeds them all; the
 * LCG advance of the PCG kinds and Philox's counter add; MT19937's jump
 * (its polynomial found once, by Berlekamp-Massey).  Pure: no evaluator,
 * no allocation but the jump's (the Python objects are random_bitgen.c's).
 */
#include <stdlib.h>
#include <string.h>
#include "random/random.h"

/* ---- SeedSequence (numpy/random/bit_generator.pyx) ---- */
#define SS_INIT_A 0x43b0d7e5U
#define SS_MULT_A 0x931e8875U
#define SS_INIT_B 0x8b51f9ddU
#define SS_MULT_B 0x58f38dedU
#define SS_MIX_L 0xca01f9ddU
#define SS_MIX_R 0x4973f715U

static uint32_t ss_hashmix(uint32_t v, uint32_t *h)
{
	v ^= *h;
	*h *= SS_MULT_A;
	v *= *h;
	v ^= v >> 16;
	return v;
}

static uint32_t ss_mix(uint32_t x, uint32_t y)
{
	uint32_t r = SS_MIX_L * x - SS_MIX_R * y;
	return r ^ (r >> 16);
}

void ss_generate(const uint32_t *ent, int n, uint32_t *pool, int npool, uint32_t *out, int nout)
{
	uint32_t h = SS_INIT_A;
	for (int i = 0; i < npool; i++)
		pool[i] = ss_hashmix(i < n ? ent[i] : 0, &h);
	for (int s = 0; s < npool; s++)
		for (int d = 0; d < npool; d++)
			if (s != d)
				pool[d] = ss_mix(pool[d], ss_hashmix(pool[s], &h));
	for (int s = npool; s < n; s++)
		for (int d = 0; d < npool; d++)
			pool[d] = ss_mix(pool[d], ss_hashmix(ent[s], &h));
	h = SS_INIT_B;
	for (int i = 0; i < nout; i++) {
		uint32_t v = pool[i % npool];
		v ^= h;
		h *= SS_MULT_B;
		v *= h;
		v ^= v >> 16;
		out[i] = v;
	}
}

/* ---- the kinds' steps ---- */
#define PCG_MULT (((unsigned __int128)2549297995355413924ULL << 64) | 4865540595714422341ULL)
#define PCG_CHEAP_MULT 0xda942042e4dd58b5ULL

/* PCG64DXSM: DXSM output of the state before the step, then the step by
 * the cheap multiplier (pcg_cm_random_r) */
static uint64_t dxsm_next(struct pcg64 *p)
{
	uint64_t hi = (uint64_t)(p->state >> 64), lo = (uint64_t)p->state | 1;
	hi ^= hi >> 32;
	hi *= PCG_CHEAP_MULT;
	hi ^= hi >> 48;
	hi *= lo;
	p->state = p->state * PCG_CHEAP_MULT + p->inc;
	return hi;
}

static void philox_round(uint64_t *c, const uint64_t *k)
{
	unsigned __int128 p0 = (unsigned __int128)0xD2E7470EE14C6C93ULL * c[0];
	unsigned __int128 p1 = (unsigned __int128)0xCA5A826395121157ULL * c[2];
	uint64_t hi0 = (uint64_t)(p0 >> 64), lo0 = (uint64_t)p0;
	uint64_t hi1 = (uint64_t)(p1 >> 64), lo1 = (uint64_t)p1;
	uint64_t o0 = hi1 ^ c[1] ^ k[0], o2 = hi0 ^ c[3] ^ k[1];
	c[0] = o0;
	c[1] = lo1;
	c[2] = o2;
	c[3] = lo0;
}

/* philox_next: the 4-word buffer, refilled from the incremented counter */
static uint64_t philox_next(struct pcg64 *p)
{
	uint64_t c[4], k[2];
	if (p->o.ph.pos < 4)
		return p->o.ph.buf[p->o.ph.pos++];
	for (int i = 0; i < 4 && ++p->o.ph.ctr[i] == 0; i++)
		;
	for (int i = 0; i < 4; i++)
		c[i] = p->o.ph.ctr[i];
	k[0] = p->o.ph.key[0];
	k[1] = p->o.ph.key[1];
	for (int r = 0; r < 10; r++) {
		if (r) {
			k[0] += 0x9E3779B97F4A7C15ULL;
			k[1] += 0xBB67AE8584CAA73BULL;
		}
		philox_round(c, k);
	}
	for (int i = 0; i < 4; i++)
		p->o.ph.buf[i] = c[i];
	p->o.ph.pos = 1;
	return c[0];
}

static uint64_t sfc64_next(uint64_t *s)
{
	uint64_t tmp = s[0] + s[1] + s[3]++;
	s[0] = s[1] ^ (s[1] >> 11);
	s[1] = s[2] + (s[2] << 3);
	s[2] = ((s[2] << 24) | (s[2] >> 40)) + tmp;
	return tmp;
}

uint64_t bg_next64(struct pcg64 *p)
{
	switch (p->kind) {
	case BG_PCG64DXSM: return dxsm_next(p);
	case BG_MT19937: {
		uint64_t hi = mt_next32(&p->o.mt);
		return hi << 32 | mt_next32(&p->o.mt);
	}
	case BG_PHILOX: return philox_next(p);
	case BG_SFC64: return sfc64_next(p->o.sfc);
	default: return pcg_next64(p);
	}
}

/* ---- seeding: generate_state's words into each kind's state ---- */

int bg_seed_nwords(int kind)
{
	switch (kind) {
	case BG_MT19937: return 624;
	case BG_PHILOX: return 4;
	case BG_SFC64: return 6;
	default: return 8;
	}
}

static uint64_t w64(const uint32_t *w, int i)
{
	return (uint64_t)w[2 * i] | (uint64_t)w[2 * i + 1] << 32;
}

/* the PCG kinds' pcg64_set_seed (PCG64DXSM seeds as PCG64 does) */
static void pcg_set_seed(struct pcg64 *p, unsigned __int128 s, unsigned __int128 q)
{
	p->state = 0;
	p->inc = (q << 1) | 1;
	p->state = p->state * PCG_MULT + p->inc;
	p->state += s;
	p->state = p->state * PCG_MULT + p->inc;
}

void bg_seed(struct pcg64 *p, int kind, const uint32_t *w)
{
	p->kind = kind;
	p->has_uint32 = 0;
	p->uinteger = 0;
	switch (kind) {
	case BG_MT19937:
		/* MT19937.__init__: the first word only its top bit, pos 623 */
		p->o.mt.key[0] = 0x80000000U;
		for (int i = 1; i < 624; i++)
			p->o.mt.key[i] = w[i];
		p->o.mt.pos = 623;
		p->o.mt.has_gauss = 0;
		p->o.mt.gauss = 0;
		break;
	case BG_PHILOX:
		for (int i = 0; i < 4; i++)
			p->o.ph.ctr[i] = p->o.ph.buf[i] = 0;
		p->o.ph.key[0] = w64(w, 0);
		p->o.ph.key[1] = w64(w, 1);
		p->o.ph.pos = 4;
		break;
	case BG_SFC64:
		for (int i = 0; i < 3; i++)
			p->o.sfc[i] = w64(w, i);
		p->o.sfc[3] = 1;
		for (int i = 0; i < 12; i++)
			sfc64_next(p->o.sfc);
		break;
	default:
		pcg_set_seed(p, (unsigned __int128)w64(w, 0) << 64 | w64(w, 1),
			     (unsigned __int128)w64(w, 2) << 64 | w64(w, 3));
		break;
	}
}

/* pcg_advance_lcg_128: the state after delta steps of x -> a x + c */
static unsigned __int128 lcg_advance(unsigned __int128 state, unsigned __int128 delta,
				     unsigned __int128 mult, unsigned __int128 plus)
{
	unsigned __int128 acc_mult = 1, acc_plus = 0;
	while (delta) {
		if (delta & 1) {
			acc_mult *= mult;
			acc_plus = acc_plus * mult + plus;
		}
		plus = (mult + 1) * plus;
		mult *= mult;
		delta >>= 1;
	}
	return acc_mult * state + acc_plus;
}

void bg_advance(struct pcg64 *p, const uint64_t *d)
{
	unsigned __int128 delta = (unsigned __int128)d[1] << 64 | d[0];
	if (p->kind == BG_PHILOX) {
		/* the counter plus delta (256 bits), the buffer emptied */
		unsigned __int128 carry = 0;
		for (int i = 0; i < 4; i++) {
			unsigned __int128 s = (unsigned __int128)p->o.ph.ctr[i] + d[i] + carry;
			p->o.ph.ctr[i] = (uint64_t)s;
			carry = s >> 64;
		}
		p->o.ph.pos = 4;
		for (int i = 0; i < 4; i++)
			p->o.ph.buf[i] = 0;
	} else
		p->state = lcg_advance(p->state, delta, p->kind == BG_PCG64DXSM ? PCG_CHEAP_MULT : PCG_MULT, p->inc);
	p->has_uint32 = 0;
	p->uinteger = 0;
}

/* ---- MT19937.jumped: 2**128 steps by Horner's rule over the jump polynomial ---- */

#define MT_N 624
#define MT_M 397
#define MT_MEXP 19937
#define PWORDS ((2 * MT_MEXP + 127) / 64)   /* a product of two polynomials below degree MEXP */

/* mt19937-jump.c's gen_next: one word of the recurrence at pos */
static void mtj_next(struct mt19937 *s)
{
	static const uint32_t mag[2] = {0, 0x9908b0dfU};
	int num = s->pos;
	uint32_t y;
	if (num < MT_N - MT_M) {
		y = (s->key[num] & 0x80000000U) | (s->key[num + 1] & 0x7fffffffU);
		s->key[num] = s->key[num + MT_M] ^ (y >> 1) ^ mag[y & 1];
		s->pos++;
	} else if (num < MT_N - 1) {
		y = (s->key[num] & 0x80000000U) | (s->key[num + 1] & 0x7fffffffU);
		s->key[num] = s->key[num + (MT_M - MT_N)] ^ (y >> 1) ^ mag[y & 1];
		s->pos++;
	} else {
		y = (s->key[MT_N - 1] & 0x80000000U) | (s->key[0] & 0x7fffffffU);
		s->key[MT_N - 1] = s->key[MT_M - 1] ^ (y >> 1) ^ mag[y & 1];
		s->pos = 0;
	}
}

/* mt19937-jump.c's add_state: s1 ^= s2, each read from its pos */
static void mtj_add(struct mt19937 *s1, const struct mt19937 *s2)
{
	int p1 = s1->pos, p2 = s2->pos;
	for (int i = 0; i < MT_N; i++)
		s1->key[(i + p1) % MT_N] ^= s2->key[(i + p2) % MT_N];
}

static int bit_at(const uint64_t *p, int64_t i)
{
	return (int)(p[i >> 6] >> (i & 63)) & 1;
}

/* dst ^= src << shift (n words of src; dst long enough) */
static void xor_shifted(uint64_t *dst, const uint64_t *src, int64_t n, int64_t shift)
{
	int64_t ws = shift >> 6;
	int bs = (int)(shift & 63);
	for (int64_t i = 0; i < n; i++) {
		dst[i + ws] ^= src[i] << bs;
		if (bs)
			dst[i + ws + 1] ^= src[i] >> (64 - bs);
	}
}

/* the 32 bits of x spread to the even bits of a word (a GF(2) square) */
static uint64_t spread32(uint64_t x)
{
	x &= 0xffffffffULL;
	x = (x | x << 16) & 0x0000ffff0000ffffULL;
	x = (x | x << 8) & 0x00ff00ff00ff00ffULL;
	x = (x | x << 4) & 0x0f0f0f0f0f0f0f0fULL;
	x = (x | x << 2) & 0x3333333333333333ULL;
	x = (x | x << 1) & 0x5555555555555555ULL;
	return x;
}

/*
 * The jump polynomial x**(2**128) mod phi, phi the recurrence's
 * characteristic polynomial (degree 19937, found by Berlekamp-Massey from
 * 2 * 19937 bits of the recurrence), into pf (bit i: the coefficient of
 * x**i).  The same polynomial NumPy's mt19937-jump.h tabulates: it is
 * unique.  0, or -1 when memory fails.
 */
static int mtj_poly(uint64_t *pf)
{
	enum { NBITS = 2 * MT_MEXP, W = (NBITS + 63) / 64 + 4, PW_ = (MT_MEXP + 64) / 64 + 1 };
	uint64_t *rs = calloc(2 * W, 8), *C = calloc(W, 8), *B = calloc(W, 8), *T = calloc(W, 8);
	uint64_t *phi = calloc(W, 8), *r = calloc(2 * W, 8);
	struct mt19937 s;
	int64_t L = 0, m = 1;
	int rc = -1;
	if (!rs || !C || !B || !T || !phi || !r)
		goto out;
	/* a nonzero state's output bits (bit 0 of each word written), stored
	 * reversed: rs bit NBITS - 1 - n is output n */
	for (int i = 0; i < MT_N; i++)
		s.key[i] = 0x9e3779b9U * (uint32_t)(i + 1);
	s.pos = 0;
	for (int64_t n = 0; n < NBITS; n++) {
		int at = s.pos;
		int64_t j = NBITS - 1 - n;
		mtj_next(&s);
		rs[j >> 6] |= (uint64_t)(s.key[at] & 1) << (j & 63);
	}
	/* Berlekamp-Massey over GF(2): C the connection polynomial; the
	 * discrepancy sum_i C_i s_(n-i) reads rs from bit NBITS - 1 - n up */
	C[0] = B[0] = 1;
	for (int64_t n = 0; n < NBITS; n++) {
		int64_t off = NBITS - 1 - n, wo = off >> 6;
		int bo = (int)(off & 63);
		uint64_t acc = 0;
		for (int64_t k = 0; k <= L / 64; k++) {
			uint64_t w = rs[wo + k] >> bo;
			if (bo)
				w |= rs[wo + k + 1] << (64 - bo);
			acc ^= C[k] & w;
		}
		if (!(__builtin_popcountll(acc) & 1)) {
			m++;
			continue;
		}
		if (2 * L <= n) {
			memcpy(T, C, W * 8);
			xor_shifted(C, B, W - 2 - (m >> 6), m);
			L = n + 1 - L;
			memcpy(B, T, W * 8);
			m = 1;
		} else {
			xor_shifted(C, B, W - 2 - (m >> 6), m);
			m++;
		}
	}
	if (L != MT_MEXP)
		goto out;
	/* phi: C reversed */
	for (int64_t i = 0; i <= L; i++)
		if (bit_at(C, L - i))
			phi[i >> 6] |= 1ULL << (i & 63);
	/* r = x, squared 128 times, each square reduced mod phi */
	r[0] = 2;
	for (int k = 0; k < 128; k++) {
		for (int64_t i = PW_ - 1; i >= 0; i--) {
			uint64_t w = r[i];
			r[2 * i + 1] = spread32(w >> 32);
			r[2 * i] = spread32(w);
		}
		for (int64_t i = 2 * (int64_t)MT_MEXP - 2; i >= MT_MEXP; i--)
			if (bit_at(r, i))
				xor_shifted(r, phi, PW_, i - MT_MEXP);
	}
	memcpy(pf, r, sizeof(uint64_t) * ((MT_MEXP + 63) / 64));
	rc = 0;
out:
	free(rs);
	free(C);
	free(B);
	free(T);
	free(phi);
	free(r);
	return rc;
}

int bg_mt_jump(struct mt19937 *st)
{
	static uint64_t pf[(MT_MEXP + 63) / 64];
	static int ready;
	struct mt19937 *t;
	int i = MT_MEXP - 1;
	if (!ready) {
		if (mtj_poly(pf) < 0)
			return -1;
		ready = 1;
	}
	if (!(t = calloc(1, sizeof *t)))
		return -1;
	if (st->pos >= MT_N)
		st->pos = 0;
	/* horner1: pf(T) applied to the state */
	while (i >= 0 && !bit_at(pf, i))
		i--;
	if (i > 0) {
		*t = *st;
		mtj_next(t);
		for (i--; i > 0; i--) {
			if (bit_at(pf, i))
				mtj_add(t, st);
			mtj_next(t);
		}
		if (bit_at(pf, 0))
			mtj_add(t, st);
	} else if (i == 0)
		*t = *st;
	st->pos = t->pos;
	memcpy(st->key, t->key, sizeof st->key);
	free(t);
	return 0;
}
