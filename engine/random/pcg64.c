/*
 * pcg64.c — NumPy's default_rng bit generator: PCG64 (XSL-RR 128/64) seeded
 * through SeedSequence, and the Generator's draws that depend on it: 53-bit
 * doubles, 24-bit floats, the ziggurat normal (tables in ziggurat_tab.c), the
 * ziggurat exponential (ziggurat_exp_tab.h) and Lemire's bounded integers
 * with NumPy's buffered 32-bit path.  The draws serve every kind of
 * Generator bit generator: the others' words come through bg_next64
 * (bitgen.c).  Pure: no evaluator, no allocation.
 */
#include <math.h>
#include "random/random.h"
#include "random/random_int.h"
#include "random/gen/ziggurat_exp_tab.h"


#define ZIG_R 3.6541528853610087963519472518
#define ZIG_INV_R 0.27366123732975827203338247596

#define PCG_MULT (((unsigned __int128)2549297995355413924ULL << 64) | 4865540595714422341ULL)

static void pcg_step(struct pcg64 *p)
{
	p->state = p->state * PCG_MULT + p->inc;
}

void pcg_seed_words(struct pcg64 *p, const uint32_t *words, int n)
{
	uint32_t st[8];
	uint64_t v[4];
	uint32_t zero = 0;
	if (n == 0) {
		words = &zero;
		n = 1;
	}
	uint32_t pool[4];
	ss_generate(words, n, pool, 4, st, 8);
	for (int i = 0; i < 4; i++)
		v[i] = (uint64_t)st[2 * i] | (uint64_t)st[2 * i + 1] << 32;
	unsigned __int128 s = (unsigned __int128)v[0] << 64 | v[1];
	unsigned __int128 q = (unsigned __int128)v[2] << 64 | v[3];
	p->state = 0;
	p->inc = (q << 1) | 1;
	pcg_step(p);
	p->state += s;
	pcg_step(p);
	p->has_uint32 = 0;
	p->uinteger = 0;
	p->kind = BG_PCG64;
}

void pcg_seed(struct pcg64 *p, uint64_t seed)
{
	uint32_t w[2] = {(uint32_t)seed, (uint32_t)(seed >> 32)};
	pcg_seed_words(p, w, w[1] ? 2 : 1);
}

uint64_t pcg_next64(struct pcg64 *p)
{
	if (__builtin_expect(p->kind != BG_PCG64, 0))
		return bg_next64(p);
	pcg_step(p);
	uint64_t x = (uint64_t)(p->state >> 64) ^ (uint64_t)p->state;
	unsigned rot = (unsigned)(p->state >> 122);
	return (x >> rot) | (x << ((-rot) & 63));
}

uint32_t pcg_next32(struct pcg64 *p)
{
	uint64_t n;
	if (p->kind == BG_MT19937)
		return mt_next32(&p->o.mt);
	if (p->has_uint32) {
		p->has_uint32 = 0;
		return p->uinteger;
	}
	n = pcg_next64(p);
	p->has_uint32 = 1;
	p->uinteger = (uint32_t)(n >> 32);
	return (uint32_t)n;
}

double pcg_double(struct pcg64 *p)
{
	if (p->kind == BG_MT19937)
		return mt_double(&p->o.mt);
	return (pcg_next64(p) >> 11) * (1.0 / 9007199254740992.0);
}

float pcg_float(struct pcg64 *p)
{
	return (pcg_next32(p) >> 8) * (1.0f / 16777216.0f);
}

double pcg_normal(struct pcg64 *p)
{
	for (;;) {
		uint64_t r = pcg_next64(p), rabs;
		int idx = r & 0xff, sign;
		double x, xx, yy;
		r >>= 8;
		sign = r & 1;
		rabs = (r >> 1) & 0x000fffffffffffffULL;
		x = rabs * zig_wi_double[idx];
		if (sign)
			x = -x;
		if (rabs < zig_ki_double[idx])
			return x;
		if (idx == 0) {
			for (;;) {
				xx = -ZIG_INV_R * log1p(-pcg_double(p));
				yy = -log1p(-pcg_double(p));
				if (yy + yy > xx * xx)
					return ((rabs >> 8) & 1) ? -(ZIG_R + xx) : ZIG_R + xx;
			}
		} else if ((zig_fi_double[idx - 1] - zig_fi_double[idx]) * pcg_double(p) +
			   zig_fi_double[idx] < exp(-0.5 * x * x)) {
			return x;
		}
	}
}

float pcg_normal_f(struct pcg64 *p)
{
	for (;;) {
		uint32_t r = pcg_next32(p), rabs;
		int idx = r & 0xff, sign = (r >> 8) & 1;
		float x, xx, yy;
		rabs = (r >> 9) & 0x0007fffff;
		x = rabs * zig_wi_float[idx];
		if (sign)
			x = -x;
		if (rabs < zig_ki_float[idx])
			return x;
		if (idx == 0) {
			for (;;) {
				xx = -(float)ZIG_INV_R * log1pf(-pcg_float(p));
				yy = -log1pf(-pcg_float(p));
				if (yy + yy > xx * xx)
					return ((rabs >> 8) & 1) ? -((float)ZIG_R + xx) : (float)ZIG_R + xx;
			}
		} else if ((zig_fi_float[idx - 1] - zig_fi_float[idx]) * pcg_float(p) +
			   zig_fi_float[idx] < expf(-0.5f * x * x)) {
			return x;
		}
	}
}

/* standard_exponential by the ziggurat (NumPy's
 * random_standard_exponential_zig): 3 bits dropped, 8 index bits, 53 bits. */
double pcg_std_exponential(struct pcg64 *p)
{
	for (;;) {
		uint64_t ri = pcg_next64(p) >> 3;
		int idx = (int)(ri & 0xff);
		double x;
		ri >>= 8;
		x = ri * zig_we_double[idx];
		if (ri < zig_ke_double[idx])
			return x;
		if (idx == 0)
			return ZIG_EXP_R - log(1.0 - pcg_double(p));
		if ((zig_fe_double[idx - 1] - zig_fe_double[idx]) * pcg_double(p) + zig_fe_double[idx] <
		    exp(-x))
			return x;
		/* rejected: NumPy draws afresh (a tail call there, a loop here) */
	}
}

float pcg_std_exponential_f(struct pcg64 *p)
{
	for (;;) {
		uint32_t ri = pcg_next32(p) >> 1;
		int idx = (int)(ri & 0xff);
		float x;
		ri >>= 8;
		x = ri * zig_we_float[idx];
		if (ri < zig_ke_float[idx])
			return x;
		if (idx == 0)
			return (float)ZIG_EXP_R_F - logf(1.0f - pcg_float(p));
		if ((zig_fe_float[idx - 1] - zig_fe_float[idx]) * pcg_float(p) + zig_fe_float[idx] <
		    expf(-x))
			return x;
	}
}

/* Lemire's bounded draws, one per width as NumPy's buffered_bounded_lemire_*.
 * The 8/16-bit widths take bytes/halves of a buffered 32-bit word. */
static uint32_t buffered(struct pcg64 *p, int bits, int *bcnt, uint32_t *buf)
{
	if (!*bcnt) {
		*buf = pcg_next32(p);
		*bcnt = bits == 8 ? 3 : 1;
	} else {
		*buf >>= bits;
		(*bcnt)--;
	}
	return bits == 8 ? (*buf & 0xff) : (*buf & 0xffff);
}

static uint64_t lemire_w(struct pcg64 *p, uint64_t rng, int bits, int *bcnt, uint32_t *buf)
{
	if (rng == 0)
		return 0;
	if (bits == 8 || bits == 16) {
		uint32_t excl = (uint32_t)rng + 1, lim = bits == 8 ? 0xff : 0xffff;
		uint32_t m, left;
		if (rng == lim)
			return buffered(p, bits, bcnt, buf);
		m = buffered(p, bits, bcnt, buf) * excl;
		left = m & lim;
		if (left < excl) {
			uint32_t thr = (lim - (uint32_t)rng) % excl;
			while (left < thr) {
				m = buffered(p, bits, bcnt, buf) * excl;
				left = m & lim;
			}
		}
		return m >> bits;
	}
	if (rng <= 0xffffffffU) {
		uint32_t excl, left;
		uint64_t m;
		if (rng == 0xffffffffU)
			return pcg_next32(p);
		excl = (uint32_t)rng + 1;
		m = (uint64_t)pcg_next32(p) * excl;
		left = (uint32_t)m;
		if (left < excl) {
			uint32_t thr = (UINT32_MAX - (uint32_t)rng) % excl;
			while (left < thr) {
				m = (uint64_t)pcg_next32(p) * excl;
				left = (uint32_t)m;
			}
		}
		return m >> 32;
	}
	if (rng == UINT64_MAX)
		return pcg_next64(p);
	{
		uint64_t excl = rng + 1, left;
		unsigned __int128 m = (unsigned __int128)pcg_next64(p) * excl;
		left = (uint64_t)m;
		if (left < excl) {
			uint64_t thr = (UINT64_MAX - rng) % excl;
			while (left < thr) {
				m = (unsigned __int128)pcg_next64(p) * excl;
				left = (uint64_t)m;
			}
		}
		return (uint64_t)(m >> 64);
	}
}

uint64_t pcg_bounded_buf(struct pcg64 *p, uint64_t rng, int bits, int *bcnt, uint32_t *buf)
{
	if (bits == 1) { /* random_buffered_bounded_bool */
		if (rng == 0)
			return 0;
		if (!*bcnt) {
			*buf = pcg_next32(p);
			*bcnt = 31;
		} else {
			*buf >>= 1;
			(*bcnt)--;
		}
		return *buf & 1;
	}
	return lemire_w(p, rng, bits, bcnt, buf);
}

uint64_t pcg_bounded(struct pcg64 *p, uint64_t rng, int bits)
{
	int bcnt = 0;
	uint32_t buf = 0;
	return lemire_w(p, rng, bits, &bcnt, &buf);
}


/* Lemire's draw in [0, excl) from 32-bit words; thr = (2^32 - excl) % excl
 * (NumPy computes it only once a draw lands below excl: thr < excl, so
 * testing against it directly rejects the same draws). */
static inline uint32_t lemire32(struct pcg64 *p, uint32_t excl, uint32_t thr)
{
	uint64_t m = (uint64_t)pcg_next32(p) * excl;
	while ((uint32_t)m < thr)
		m = (uint64_t)pcg_next32(p) * excl;
	return (uint32_t)(m >> 32);
}

static inline uint64_t lemire64(struct pcg64 *p, uint64_t excl, uint64_t thr)
{
	unsigned __int128 m = (unsigned __int128)pcg_next64(p) * excl;
	while ((uint64_t)m < thr)
		m = (unsigned __int128)pcg_next64(p) * excl;
	return (uint64_t)(m >> 64);
}

/*
 * One Generator.integers call's draws, as NumPy's random_bounded_uint*_fill
 * without masking (Lemire): n values off + [0, rng] for a dtype of `bits`
 * bits (1 for bool), stored as `width`-byte integers in out.
 */
void pcg_integers_fill(struct pcg64 *p, uint64_t off, uint64_t rng, int bits, int64_t n, void *out,
		       int width)
{
	int bcnt = 0;
	uint32_t buf = 0;
	if (rng == 0)
		FILL_W(out, width, n, off, 0);
	else if (bits == 1) {
		/* bool: one bit of a buffered 32-bit word per draw (rng is 1) */
		for (int64_t i = 0; i < n; i++) {
			if (!bcnt) {
				buf = pcg_next32(p);
				bcnt = 31;
			} else {
				buf >>= 1;
				bcnt--;
			}
			uint64_t v = off + (buf & 1);
			switch (width) {
			case 1: ((uint8_t *)out)[i] = (uint8_t)v; break;
			case 2: ((uint16_t *)out)[i] = (uint16_t)v; break;
			case 4: ((uint32_t *)out)[i] = (uint32_t)v; break;
			default: ((uint64_t *)out)[i] = v; break;
			}
		}
	} else if (bits == 8 || bits == 16)
		FILL_W(out, width, n, off, lemire_w(p, rng, bits, &bcnt, &buf));
	else if (rng == 0xffffffffU)
		FILL_W(out, width, n, off, pcg_next32(p));
	else if (rng < 0xffffffffU) {
		uint32_t excl = (uint32_t)rng + 1, thr = (UINT32_MAX - (uint32_t)rng) % excl;
		FILL_W(out, width, n, off, lemire32(p, excl, thr));
	} else if (rng == UINT64_MAX)
		FILL_W(out, width, n, off, pcg_next64(p));
	else {
		uint64_t excl = rng + 1, thr = (UINT64_MAX - rng) % excl;
		FILL_W(out, width, n, off, lemire64(p, excl, thr));
	}
}

void pcg_bounded_fill(struct pcg64 *p, uint64_t rng, int bits, int64_t n, uint64_t *out)
{
	pcg_integers_fill(p, 0, rng, bits, n, out, 8);
}

/* random_interval: shuffle's draw in [0, max] by masked rejection (32-bit
 * draws when max fits) */
uint64_t pcg_interval(struct pcg64 *p, uint64_t max)
{
	uint64_t mask = mask_spread(max), v;
	if (max == 0)
		return 0;
	if (max <= 0xffffffffU)
		while ((v = (pcg_next32(p) & mask)) > max)
			;
	else
		while ((v = (pcg_next64(p) & mask)) > max)
			;
	return v;
}

/* Shuffle's draws for the maxima top, top - 1, ..., top - n + 1 in order
 * (random_interval), inlined: out[k] for max top - k. */
void pcg_intervals(struct pcg64 *p, uint64_t top, int64_t n, uint64_t *out)
{
	for (int64_t k = 0; k < n; k++) {
		uint64_t max = top - (uint64_t)k, mask = mask_spread(max), v;
		if (max == 0)
			v = 0;
		else if (max <= 0xffffffffU)
			while ((v = (pcg_next32(p) & mask)) > max)
				;
		else
			while ((v = (pcg_next64(p) & mask)) > max)
				;
		out[k] = v;
	}
}

/* Bulk fills (one call per array keeps the generator inlined in the loop). */
void pcg_fill_double(struct pcg64 *p, double *out, int64_t n)
{
	for (int64_t i = 0; i < n; i++)
		out[i] = pcg_double(p);
}

void pcg_fill_normal(struct pcg64 *p, double *out, int64_t n)
{
	for (int64_t i = 0; i < n; i++)
		out[i] = pcg_normal(p);
}
