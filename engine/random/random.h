/*
 * random.h — numpy.random above the backends (random*.c): the legacy
 * RandomState (functions and objects) and default_rng's Generator,
 * reproducing NumPy's sequences exactly on the host (MT19937 in mt19937.c,
 * PCG64 + SeedSequence in pcg64.c); and the per-backend bulk generator
 * entries (struct backend_random, backend/backend_lib.h) that cp.random uses
 * (cuRAND in the CUDA backend: its own streams, not NumPy's sequence, as CuPy).
 */
#ifndef LUMEN_RANDOM_H
#define LUMEN_RANDOM_H

#include <stdint.h>
#include "backend/backend_lib.h"

struct eval;

/* ---- the bit generators (pure, host only; no evaluator needed) ---- */

/* The smallest all-ones mask covering max (max's top bit spread down): the
 * masked rejection of NumPy's random_interval and legacy randint. */
static inline uint64_t mask_spread(uint64_t max)
{
	max |= max >> 1;
	max |= max >> 2;
	max |= max >> 4;
	max |= max >> 8;
	max |= max >> 16;
	max |= max >> 32;
	return max;
}

/* MT19937 as NumPy's RandomState: state + the legacy gauss cache. */
struct mt19937 {
	uint32_t key[624];
	int pos;
	int has_gauss;
	double gauss;
};
void mt_seed(struct mt19937 *s, uint32_t seed);          /* init_genrand */
void mt_seed_array(struct mt19937 *s, const uint32_t *key, int n); /* init_by_array */
/* NumPy's RandomState.seed(x) for an int >= 0 (init_by_array of its 32-bit
 * words, least significant first). */
void mt_seed_legacy(struct mt19937 *s, uint64_t seed);
uint32_t mt_next32(struct mt19937 *s);
double mt_double(struct mt19937 *s);                      /* 53-bit [0,1) */
double mt_gauss(struct mt19937 *s);                       /* legacy polar */
/* legacy random_interval (shuffle): [0, rng] by masked rejection */
uint64_t mt_bounded(struct mt19937 *s, uint64_t rng);
/* legacy randint for a dtype bit width (8,16,32,64): [0, rng] masked, as
 * _bounded_integers does per width (32-bit draws for widths <= 32) */
uint64_t mt_bounded_w(struct mt19937 *s, uint64_t rng, int bits);
/* the same, one draw of a sequence sharing the 8/16-bit (and bool, bits 1)
 * buffer bcnt/buf (both 0 at its start): randint with array bounds */
uint64_t mt_bounded_buf(struct mt19937 *s, uint64_t rng, int bits, int *bcnt, uint32_t *buf);
/* bulk fills of n doubles: random_sample / standard_normal */
void mt_fill_double(struct mt19937 *s, double *out, int64_t n);
void mt_fill_gauss(struct mt19937 *s, double *out, int64_t n);
/* a whole randint fill (8/16-bit widths keep their buffer across it) */
void mt_bounded_fill(struct mt19937 *s, uint64_t rng, int bits, int64_t n, uint64_t *out);
/* shuffle's draws mt_bounded(top - k) for k < n, in that order */
void mt_intervals(struct mt19937 *s, uint64_t top, int64_t n, uint64_t *out);
/* the same draws stored as off + value in `width`-byte integers (1, 2, 4, 8) */
void mt_randint_fill(struct mt19937 *s, uint64_t off, uint64_t rng, int bits, int64_t n,
		     void *out, int width);

/* A Generator's bit generator: PCG64 (XSL-RR 128/64) as NumPy's, seeded
 * through SeedSequence (kind 0, what pcg_seed gives), or one of the other
 * kinds of bitgen.c, which the pcg_* draws below run through bg_next64
 * (MT19937: its own 32-bit words and 53-bit doubles). */
enum bg_kind { BG_PCG64, BG_PCG64DXSM, BG_MT19937, BG_PHILOX, BG_SFC64 };
struct pcg64 {
	unsigned __int128 state, inc;   /* the PCG kinds */
	int has_uint32;
	uint32_t uinteger;
	int kind;                       /* enum bg_kind */
	union {
		struct mt19937 mt;
		struct { uint64_t ctr[4], key[2], buf[4]; int pos; } ph;  /* Philox */
		uint64_t sfc[4];
	} o;
};
/* bitgen.c: SeedSequence's mixing of n entropy words into pool (npool
 * words, npool >= 4) and generate_state's nout words */
void ss_generate(const uint32_t *ent, int n, uint32_t *pool, int npool, uint32_t *out, int nout);
/* how many generate_state words a kind's seeding takes (uint32) */
int bg_seed_nwords(int kind);
/* seeds p as kind from those words (NumPy's __init__ of each class) */
void bg_seed(struct pcg64 *p, int kind, const uint32_t *w);
/* the next 64 bits of a kind other than BG_PCG64 */
uint64_t bg_next64(struct pcg64 *p);
/* advance(delta): the PCG kinds by delta mod 2**128 (d[0] least
 * significant), Philox's counter by delta mod 2**256 (d[0..3]) */
void bg_advance(struct pcg64 *p, const uint64_t *d);
/* MT19937.jumped's one jump: the state as after 2**128 words, NumPy's
 * mt19937_jump_state (the polynomial computed at the first call).  0, or
 * -1 when memory fails. */
int bg_mt_jump(struct mt19937 *st);
/* default_rng(seed): entropy words (the int's 32-bit words, least
 * significant first; n = 0 for seed 0 gives one word 0 as NumPy) */
void pcg_seed_words(struct pcg64 *p, const uint32_t *words, int n);
void pcg_seed(struct pcg64 *p, uint64_t seed);
uint64_t pcg_next64(struct pcg64 *p);
uint32_t pcg_next32(struct pcg64 *p);                     /* buffered halves */
double pcg_double(struct pcg64 *p);                       /* 53-bit [0,1) */
float pcg_float(struct pcg64 *p);                         /* 24-bit [0,1) */
double pcg_normal(struct pcg64 *p);                       /* ziggurat */
float pcg_normal_f(struct pcg64 *p);                      /* float ziggurat */
double pcg_std_exponential(struct pcg64 *p);              /* ziggurat */
float pcg_std_exponential_f(struct pcg64 *p);             /* float ziggurat */
/* Generator.integers' bounded draws: [0, rng] with Lemire's method; for
 * bits <= 32 uses buffered 32-bit draws as NumPy. */
uint64_t pcg_bounded(struct pcg64 *p, uint64_t rng, int bits);
/* the same sharing an 8/16-bit / bool (bits 1) buffer across draws, as
 * NumPy's integers with array bounds (random_buffered_bounded_*) */
uint64_t pcg_bounded_buf(struct pcg64 *p, uint64_t rng, int bits, int *bcnt, uint32_t *buf);
/* bulk fills of n doubles: Generator.random / standard_normal */
void pcg_fill_double(struct pcg64 *p, double *out, int64_t n);
void pcg_fill_normal(struct pcg64 *p, double *out, int64_t n);
/* Generator.shuffle/permutation's draw: random_interval, [0, max] */
uint64_t pcg_interval(struct pcg64 *p, uint64_t max);
void pcg_bounded_fill(struct pcg64 *p, uint64_t rng, int bits, int64_t n, uint64_t *out);
/* shuffle's draws pcg_interval(top - k) for k < n, in that order */
void pcg_intervals(struct pcg64 *p, uint64_t top, int64_t n, uint64_t *out);
/* the same draws stored as off + value in `width`-byte integers (1, 2, 4, 8) */
void pcg_integers_fill(struct pcg64 *p, uint64_t off, uint64_t rng, int bits, int64_t n, void *out,
		       int width);

/* For the bit generators' integer fills (mt19937.c, pcg64.c): out[i] = off +
 * DRAW for i < n in an unsigned type of `width` bytes, the width switch
 * hoisted out of the loop (DRAW is evaluated once per item, in order). */
#define FILL_W(out, width, n, off, DRAW)                                            \
	do {                                                                        \
		switch (width) {                                                    \
		case 1: for (int64_t i = 0; i < (n); i++) ((uint8_t *)(out))[i] = (uint8_t)((off) + (DRAW)); break; \
		case 2: for (int64_t i = 0; i < (n); i++) ((uint16_t *)(out))[i] = (uint16_t)((off) + (DRAW)); break; \
		case 4: for (int64_t i = 0; i < (n); i++) ((uint32_t *)(out))[i] = (uint32_t)((off) + (DRAW)); break; \
		default: for (int64_t i = 0; i < (n); i++) ((uint64_t *)(out))[i] = (off) + (DRAW); break; \
		}                                                                   \
	} while (0)

#endif
