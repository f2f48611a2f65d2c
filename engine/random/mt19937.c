/*
 * mt19937.c — the Mersenne Twister exactly as NumPy's RandomState runs it:
 * init_genrand / init_by_array seeding, 53-bit doubles, the legacy polar
 * Box–Muller gauss with its cached second value, and the legacy masked
 * bounded integers.  Pure: no evaluator, no allocation (tests link it alone).
 */
#include <math.h>
#include "random/random.h"

#define MT_N 624
#define MT_M 397
#define MT_MATRIX_A 0x9908b0dfU
#define MT_UPPER 0x80000000U
#define MT_LOWER 0x7fffffffU

void mt_seed(struct mt19937 *s, uint32_t seed)
{
	for (int pos = 0; pos < MT_N; pos++) {
		s->key[pos] = seed;
		seed = 1812433253U * (seed ^ (seed >> 30)) + (uint32_t)pos + 1;
	}
	s->pos = MT_N;
	s->has_gauss = 0;
	s->gauss = 0;
}

void mt_seed_array(struct mt19937 *s, const uint32_t *key, int n)
{
	uint32_t *mt = s->key;
	int i = 1, j = 0, k;
	mt_seed(s, 19650218U);
	for (k = MT_N > n ? MT_N : n; k; k--) {
		mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
		i++;
		j++;
		if (i >= MT_N) {
			mt[0] = mt[MT_N - 1];
			i = 1;
		}
		if (j >= n)
			j = 0;
	}
	for (k = MT_N - 1; k; k--) {
		mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
		i++;
		if (i >= MT_N) {
			mt[0] = mt[MT_N - 1];
			i = 1;
		}
	}
	mt[0] = 0x80000000U;
	s->pos = MT_N;
	s->has_gauss = 0;
	s->gauss = 0;
}

/* RandomState.seed(int): NumPy calls mt19937_seed for 0 <= seed < 2**32
 * (the range check is the caller's). */
void mt_seed_legacy(struct mt19937 *s, uint64_t seed)
{
	mt_seed(s, (uint32_t)seed);
}

static void mt_generate(struct mt19937 *s)
{
	uint32_t *k = s->key, y;
	int i;
	for (i = 0; i < MT_N - MT_M; i++) {
		y = (k[i] & MT_UPPER) | (k[i + 1] & MT_LOWER);
		k[i] = k[i + MT_M] ^ (y >> 1) ^ (-(y & 1) & MT_MATRIX_A);
	}
	for (; i < MT_N - 1; i++) {
		y = (k[i] & MT_UPPER) | (k[i + 1] & MT_LOWER);
		k[i] = k[i + (MT_M - MT_N)] ^ (y >> 1) ^ (-(y & 1) & MT_MATRIX_A);
	}
	y = (k[MT_N - 1] & MT_UPPER) | (k[0] & MT_LOWER);
	k[MT_N - 1] = k[MT_M - 1] ^ (y >> 1) ^ (-(y & 1) & MT_MATRIX_A);
	s->pos = 0;
}

static inline uint32_t mt_temper(uint32_t y)
{
	y ^= y >> 11;
	y ^= (y << 7) & 0x9d2c5680U;
	y ^= (y << 15) & 0xefc60000U;
	y ^= y >> 18;
	return y;
}

/* inlined in this file's loops; mt_next32 is the exported copy */
static inline uint32_t next32(struct mt19937 *s)
{
	if (s->pos == MT_N)
		mt_generate(s);
	return mt_temper(s->key[s->pos++]);
}

uint32_t mt_next32(struct mt19937 *s)
{
	return next32(s);
}

static uint64_t mt_next64(struct mt19937 *s)
{
	uint64_t hi = mt_next32(s);
	return hi << 32 | mt_next32(s);
}

static inline double double_of(uint32_t a, uint32_t b)
{
	return ((int32_t)(a >> 5) * 67108864.0 + (int32_t)(b >> 6)) / 9007199254740992.0;
}

static inline double next_double(struct mt19937 *s)
{
	uint32_t a = next32(s);
	return double_of(a, next32(s));
}

double mt_double(struct mt19937 *s)
{
	return next_double(s);
}

double mt_gauss(struct mt19937 *s)
{
	double f, x1, x2, r2;
	if (s->has_gauss) {
		double t = s->gauss;
		s->has_gauss = 0;
		s->gauss = 0;
		return t;
	}
	do {
		x1 = 2.0 * next_double(s) - 1.0;
		x2 = 2.0 * next_double(s) - 1.0;
		r2 = x1 * x1 + x2 * x2;
	} while (r2 >= 1.0 || r2 == 0.0);
	f = sqrt(-2.0 * log(r2) / r2);
	s->gauss = f * x1;
	s->has_gauss = 1;
	return f * x2;
}

/* random_interval: shuffle's draw in [0, max] */
uint64_t mt_bounded(struct mt19937 *s, uint64_t max)
{
	uint64_t mask, v;
	if (max == 0)
		return 0;
	mask = mask_spread(max);
	if (max <= 0xffffffffU)
		while ((v = (mt_next32(s) & mask)) > max)
			;
	else
		while ((v = (mt_next64(s) & mask)) > max)
			;
	return v;
}

/* One draw of random_bounded_uint(bits)_fill with use_masked: the 8/16-bit
 * widths take bytes or halves of a buffered 32-bit word; callers filling an
 * array keep the buffer across draws through bcnt and buf (both 0 at start). */
static uint64_t mt_masked_w(struct mt19937 *s, uint64_t rng, int bits, int *bcnt,
			    uint32_t *buf)
{
	uint64_t mask, v;
	if (rng == 0)
		return 0;
	mask = mask_spread(rng);
	if (bits == 8 || bits == 16 || bits == 1) {
		int shift = bits == 1 ? 1 : bits, refill = bits == 8 ? 3 : bits == 16 ? 1 : 31;
		if (bits == 1)
			mask = 1;
		do {
			if (!*bcnt) {
				*buf = mt_next32(s);
				*bcnt = refill;
			} else {
				*buf >>= shift;
				(*bcnt)--;
			}
			v = *buf & (bits == 1 ? 1U : bits == 8 ? 0xffU : 0xffffU) & mask;
		} while (v > rng);
		return v;
	}
	if (rng <= 0xffffffffU) {
		if (rng == 0xffffffffU)
			return mt_next32(s);
		while ((v = (mt_next32(s) & mask)) > rng)
			;
		return v;
	}
	if (rng == UINT64_MAX)
		return mt_next64(s);
	while ((v = (mt_next64(s) & mask)) > rng)
		;
	return v;
}

uint64_t mt_bounded_buf(struct mt19937 *s, uint64_t rng, int bits, int *bcnt, uint32_t *buf)
{
	return mt_masked_w(s, rng, bits, bcnt, buf);
}

uint64_t mt_bounded_w(struct mt19937 *s, uint64_t rng, int bits)
{
	int bcnt = 0;
	uint32_t buf = 0;
	return mt_masked_w(s, rng, bits, &bcnt, &buf);
}

/* Stores off + v into element i of out, an array of `width`-byte integers. */
#define STORE_W(out, width, i, v)                                                   \
	do {                                                                        \
		switch (width) {                                                    \
		case 1: ((uint8_t *)(out))[i] = (uint8_t)(v); break;                \
		case 2: ((uint16_t *)(out))[i] = (uint16_t)(v); break;              \
		case 4: ((uint32_t *)(out))[i] = (uint32_t)(v); break;              \
		default: ((uint64_t *)(out))[i] = (v); break;                       \
		}                                                                   \
	} while (0)


static inline uint64_t next64(struct mt19937 *s)
{
	uint64_t hi = next32(s);
	return hi << 32 | next32(s);
}

static inline uint32_t masked32(struct mt19937 *s, uint32_t mask, uint32_t rng)
{
	uint32_t v;
	while ((v = next32(s) & mask) > rng)
		;
	return v;
}

static inline uint64_t masked64(struct mt19937 *s, uint64_t mask, uint64_t rng)
{
	uint64_t v;
	while ((v = next64(s) & mask) > rng)
		;
	return v;
}

/*
 * One randint call's draws, as NumPy's random_bounded_uint*_fill with
 * use_masked: n values off + [0, rng] for a dtype of `bits` bits (1 for
 * bool), stored as `width`-byte integers (1, 2, 4, 8) in out.  The 8/16-bit
 * widths keep their buffered 32-bit word across the whole fill.
 */
void mt_randint_fill(struct mt19937 *s, uint64_t off, uint64_t rng, int bits, int64_t n,
		     void *out, int width)
{
	uint64_t mask = mask_spread(rng);
	if (rng == 0)
		FILL_W(out, width, n, off, 0);
	else if (bits == 1 || bits == 8 || bits == 16) {
		int bcnt = 0;
		uint32_t buf = 0;
		for (int64_t i = 0; i < n; i++) {
			uint64_t v = off + mt_masked_w(s, rng, bits, &bcnt, &buf);
			STORE_W(out, width, i, v);
		}
	} else if (rng == 0xffffffffU)
		FILL_W(out, width, n, off, next32(s));
	else if (rng < 0xffffffffU)
		FILL_W(out, width, n, off, masked32(s, (uint32_t)mask, (uint32_t)rng));
	else if (rng == UINT64_MAX)
		FILL_W(out, width, n, off, next64(s));
	else
		FILL_W(out, width, n, off, masked64(s, mask, rng));
}

/* Shuffle's draws for the maxima top, top - 1, ..., top - n + 1 in order
 * (mt_bounded's masked rejection), inlined: out[k] for max top - k. */
void mt_intervals(struct mt19937 *s, uint64_t top, int64_t n, uint64_t *out)
{
	for (int64_t k = 0; k < n; k++) {
		uint64_t max = top - (uint64_t)k, mask = mask_spread(max);
		if (max == 0)
			out[k] = 0;
		else if (max <= 0xffffffffU)
			out[k] = masked32(s, (uint32_t)mask, (uint32_t)max);
		else
			out[k] = masked64(s, mask, max);
	}
}

/* Fill n draws in [0, rng] of a dtype of `bits` bits, as NumPy does for
 * one randint call (the 8/16-bit buffer lives across the whole fill). */
void mt_bounded_fill(struct mt19937 *s, uint64_t rng, int bits, int64_t n, uint64_t *out)
{
	mt_randint_fill(s, 0, rng, bits, n, out, 8);
}

/* Bulk fills (one call per array keeps the generator inlined in the loop). */
void mt_fill_double(struct mt19937 *s, double *out, int64_t n)
{
	int64_t i = 0;
	while (i < n) {
		if (s->pos == MT_N)
			mt_generate(s);
		/* the pairs left in this state, tempered in a loop that vectorises */
		int64_t m = (MT_N - s->pos) / 2;
		if (m == 0) {
			out[i++] = next_double(s); /* a pair across two states */
			continue;
		}
		if (m > n - i)
			m = n - i;
		const uint32_t *k = s->key + s->pos;
		for (int64_t j = 0; j < m; j++)
			out[i + j] = double_of(mt_temper(k[2 * j]), mt_temper(k[2 * j + 1]));
		s->pos += (int)(2 * m);
		i += m;
	}
}

void mt_fill_gauss(struct mt19937 *s, double *out, int64_t n)
{
	for (int64_t i = 0; i < n; i++)
		out[i] = mt_gauss(s);
}
