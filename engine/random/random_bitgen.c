/*
 * random_bitgen.c — numpy.random's seeding objects: SeedSequence (entropy,
 * spawn_key, pool, generate_state, spawn) and the bit generator classes
 * MT19937, PCG64, PCG64DXSM, Philox and SFC64 (state dicts, seed_seq,
 * spawn, jumped, advance, random_raw) as Python objects, and the
 * Generator(bit_generator) constructor.  The arithmetic is bitgen.c's and
 * pcg64.c's; the Generator object itself is random.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "array/arrapi.h"
#include "lang/args.h"
#include "lang/error.h"
#include "pyobj/bigint.h"
#include "random/random_int.h"

#define SS_DEFAULT_POOL 4

struct seedseq {
	struct value *entropy;  /* as given, or the OS's 128 bits as an int */
	struct value *spawn_key; /* a tuple of ints */
	int64_t pool_size, nspawned;
	uint32_t *pool;         /* the mixed entropy pool (pool_size words) */
};

struct bitgen {
	struct pcg64 st;
	struct value *seq;      /* its SeedSequence object */
};

static const struct objtype seedseq_type, bitgen_types[5];

static const char *const kind_names[] = {"PCG64", "PCG64DXSM", "MT19937", "Philox", "SFC64"};
static const char *const kind_mods[] = {"_pcg64", "_pcg64", "_mt19937", "_philox", "_sfc64"};

/* ---- Python ints <-> words ---- */

/* appends v's 32-bit words, least significant first (0: one word 0), as
 * NumPy's _int_to_uint32_array; negative ints are its ValueError */
static int push_int_words(struct eval *ev, struct value *v, uint32_t **w, int64_t *n, int64_t *cap)
{
	char *hex = NULL;
	size_t len = 0;
	uint64_t u = 0;
	if (v->type == VT_BIGINT) {
		if (big_sign(v) < 0)
			return err_set(ev, TY_ValueError, "expected non-negative integer"), -1;
		if (!(hex = big_digits(ev, v, 16, 0)))
			return -1;
		len = strlen(hex);
	} else {
		int64_t i;
		if (v->type == VT_SCALAR && dtype_table[v->u.sc.dtype].kind == DK_UINT)
			u = v->u.sc.v.u;
		else {
			if (val_as_int64(ev, v, &i) < 0)
				return -1;
			if (i < 0)
				return err_set(ev, TY_ValueError, "expected non-negative integer"), -1;
			u = (uint64_t)i;
		}
	}
	for (int k = 0;; k++) {
		uint32_t word;
		if (hex) {
			if ((size_t)k * 8 >= len)
				break;
			size_t end = len - (size_t)k * 8, beg = end >= 8 ? end - 8 : 0;
			char tmp[9];
			memcpy(tmp, hex + beg, end - beg);
			tmp[end - beg] = 0;
			word = (uint32_t)strtoul(tmp, NULL, 16);
		} else {
			if (k == 2 || (k == 1 && !(u >> 32)))
				break;
			word = (uint32_t)(u >> (32 * k));
		}
		if (*n == *cap) {
			int64_t nc = *cap ? *cap * 2 : 16;
			uint32_t *nw = realloc(*w, (size_t)nc * sizeof **w);
			if (!nw) {
				free(hex);
				return err_nomem(ev), -1;
			}
			*w = nw;
			*cap = nc;
		}
		(*w)[(*n)++] = word;
	}
	free(hex);
	return 0;
}

/* _coerce_to_uint32_array: an int, or a sequence (list, tuple, array) of
 * them, each item's words concatenated */
static int push_entropy(struct eval *ev, struct value *v, uint32_t **w, int64_t *n, int64_t *cap)
{
	if (v->type == VT_LIST || v->type == VT_TUPLE) {
		for (size_t i = 0; i < v->u.seq.n; i++)
			if (push_entropy(ev, v->u.seq.items[i], w, n, cap) < 0)
				return -1;
		return 0;
	}
	if (v->type == VT_NDARRAY) {
		struct ndarray *a = arr_borrow(v), *c;
		if (!dt_is_int(a->dtype) && a->dtype != DT_BOOL)
			return err_set(ev, TY_TypeError, "seed must be integer"), -1;
		if (!(c = arr_host_c(ev, a, DT_INT64)))
			return -1;
		for (int64_t i = 0; i < nd_size(c); i++) {
			struct value *x = val_int(((const int64_t *)nd_data(c))[i]);
			int r = x ? push_int_words(ev, x, w, n, cap) : -1;
			val_decref(x);
			if (r < 0) {
				nd_decref(c);
				return -1;
			}
		}
		nd_decref(c);
		return 0;
	}
	if (v->type == VT_FLOAT || (v->type == VT_SCALAR && !dt_is_int(v->u.sc.dtype)))
		return err_set(ev, TY_TypeError, "seed must be integer"), -1;
	return push_int_words(ev, v, w, n, cap);
}

/* v (an int, maybe negative or beyond the words) as nw 64-bit words mod
 * 2**(64 nw), least significant first; *fits 0 when it was out of
 * [0, 2**(64 nw)) */
static int int_to_words64(struct eval *ev, struct value *v, uint64_t *out, int nw, int *fits)
{
	uint32_t *w = NULL;
	int64_t n = 0, cap = 0;
	int neg = 0;
	struct value *a = NULL;
	memset(out, 0, sizeof(uint64_t) * (size_t)nw);
	if (v->type == VT_BIGINT && big_sign(v) < 0) {
		neg = 1;
		if (!(a = big_abs(ev, v)))
			return -1;
	} else if (v->type == VT_INT && v->u.i < 0) {
		neg = 1;
		if (!(a = v->u.i == INT64_MIN ? big_from_digits(ev, "9223372036854775808", 10, 0) : val_int(-v->u.i)))
			return -1;
	} else if (v->type != VT_INT && v->type != VT_BIGINT && v->type != VT_BOOL && v->type != VT_SCALAR)
		return err_set(ev, TY_TypeError, "'%s' object cannot be interpreted as an integer", val_type_name(v)), -1;
	int r = push_int_words(ev, a ? a : v, &w, &n, &cap);
	val_decref(a);
	if (r < 0) {
		free(w);
		return -1;
	}
	*fits = !neg;
	for (int64_t i = 0; i < n; i++) {
		if (i / 2 < nw)
			out[i / 2] |= (uint64_t)w[i] << (32 * (i % 2));
		else if (w[i])
			*fits = 0;
	}
	free(w);
	if (neg) { /* two's complement over the nw words */
		int carry = 1;
		for (int i = 0; i < nw; i++) {
			out[i] = ~out[i] + (uint64_t)carry;
			carry = carry && out[i] == 0;
		}
	}
	return 0;
}

/* an unsigned integer of nw 64-bit words as a Python int */
static struct value *int_of_words64(struct eval *ev, const uint64_t *x, int nw)
{
	char *hex, *p;
	struct value *v;
	int top = nw - 1;
	while (top > 0 && !x[top])
		top--;
	if (top == 0)
		return x[0] <= INT64_MAX ? val_int((int64_t)x[0]) : big_from_uint64(ev, x[0]);
	if (!(hex = p = malloc(16 * (size_t)(top + 1) + 1)))
		return err_nomem(ev);
	for (int i = top; i >= 0; i--)
		p += snprintf(p, 17, i == top ? "%llx" : "%016llx", (unsigned long long)x[i]);
	v = big_from_digits(ev, hex, 16, 0);
	free(hex);
	return v;
}

static struct value *u128_val(struct eval *ev, unsigned __int128 u)
{
	uint64_t w[2] = {(uint64_t)u, (uint64_t)(u >> 64)};
	return int_of_words64(ev, w, 2);
}

/* ---- SeedSequence ---- */

static void seedseq_free(void *p)
{
	struct seedseq *s = p;
	val_decref(s->entropy);
	val_decref(s->spawn_key);
	free(s->pool);
	free(s);
}

static struct seedseq *seedseq_of(struct value *v)
{
	return v && v->type == VT_OBJECT && v->u.obj.t == &seedseq_type ? v->u.obj.p : NULL;
}

/* SeedSequence(entropy, spawn_key, pool_size): entropy and spawn_key
 * borrowed (entropy NULL or None: 128 bits of the OS's) */
static struct value *seedseq_make(struct eval *ev, struct value *entv, struct value *keyv, int64_t pool_size)
{
	struct seedseq *s;
	uint32_t *w = NULL;
	int64_t n = 0, cap = 0;
	if (pool_size < SS_DEFAULT_POOL)
		return err_set(ev, TY_ValueError, "The size of the entropy pool should be at least %d", SS_DEFAULT_POOL);
	if (pool_size > (1 << 20))
		return err_set(ev, TY_MemoryError, "SeedSequence: pool_size %lld", (long long)pool_size);
	if (entv && entv->type != VT_NONE && entv->type != VT_INT && entv->type != VT_BIGINT &&
	    entv->type != VT_BOOL && entv->type != VT_LIST && entv->type != VT_TUPLE && entv->type != VT_NDARRAY &&
	    !(entv->type == VT_SCALAR && dt_is_int(entv->u.sc.dtype))) {
		char *r = entv->type == VT_STR ? strdup(val_as_cstr(entv)) : val_repr(ev, entv);
		if (!r)
			return err_occurred(ev) ? NULL : err_nomem(ev);
		err_set(ev, TY_TypeError, "SeedSequence expects int or sequence of ints for entropy not %s", r);
		free(r);
		return NULL;
	}
	if (keyv && keyv->type != VT_NONE && keyv->type != VT_TUPLE && keyv->type != VT_LIST)
		return err_set(ev, TY_TypeError, "spawn_key must be a tuple of ints");
	if (!(s = calloc(1, sizeof *s)))
		return err_nomem(ev);
	s->pool_size = pool_size;
	if (!entv || entv->type == VT_NONE) {
		/* randbits(pool_size * 32) */
		int64_t nw = (pool_size + 1) / 2;
		uint64_t *x = calloc((size_t)nw, sizeof *x);
		uint32_t *r = calloc((size_t)pool_size, sizeof *r);
		if (x && r) {
			rnd_entropy(r, (int)pool_size);
			for (int64_t i = 0; i < pool_size; i++)
				x[i / 2] |= (uint64_t)r[i] << (32 * (i % 2));
			s->entropy = int_of_words64(ev, x, (int)nw);
		}
		free(x);
		free(r);
		if (!s->entropy && !err_occurred(ev))
			err_nomem(ev);
	} else
		s->entropy = val_incref(entv);
	if (keyv && keyv->type == VT_LIST)
		s->spawn_key = val_tuple_new(0, NULL);   /* rebuilt below */
	else
		s->spawn_key = keyv && keyv->type == VT_TUPLE ? val_incref(keyv) : val_tuple_new(0, NULL);
	if (!s->entropy || !s->spawn_key)
		goto fail;
	if (keyv && keyv->type == VT_LIST) {
		struct value **items = calloc(keyv->u.seq.n + 1, sizeof *items);
		if (!items) {
			err_nomem(ev);
			goto fail;
		}
		for (size_t i = 0; i < keyv->u.seq.n; i++)
			items[i] = val_incref(keyv->u.seq.items[i]);
		val_decref(s->spawn_key);
		s->spawn_key = val_tuple_new(keyv->u.seq.n, items);
		free(items);
		if (!s->spawn_key)
			goto fail;
	}
	/* get_assembled_entropy: the run entropy (padded with zeros to the
	 * pool when there is a spawn key), then the spawn key's words */
	if (push_entropy(ev, s->entropy, &w, &n, &cap) < 0)
		goto fail;
	if (s->spawn_key->u.seq.n) {
		while (n < pool_size) {
			struct value *z = val_int(0);
			int r = push_int_words(ev, z, &w, &n, &cap);
			val_decref(z);
			if (r < 0)
				goto fail;
		}
		if (push_entropy(ev, s->spawn_key, &w, &n, &cap) < 0)
			goto fail;
	}
	if (n > INT32_MAX) {
		err_set(ev, TY_MemoryError, "SeedSequence: too much entropy");
		goto fail;
	}
	if (!(s->pool = calloc((size_t)pool_size, sizeof(uint32_t)))) {
		err_nomem(ev);
		goto fail;
	}
	ss_generate(w, (int)n, s->pool, (int)pool_size, NULL, 0);
	free(w);
	return val_object_new(&seedseq_type, s);
fail:
	free(w);
	seedseq_free(s);
	return NULL;
}

/* generate_state's words from the pool (the second half of ss_generate) */
static void seedseq_words(const struct seedseq *s, uint32_t *out, int64_t nout)
{
	uint32_t h = 0x8b51f9ddU;
	for (int64_t i = 0; i < nout; i++) {
		uint32_t v = s->pool[i % s->pool_size];
		v ^= h;
		h *= 0x58f38dedU;
		v *= h;
		v ^= v >> 16;
		out[i] = v;
	}
}

static struct value *f_SeedSequence(struct eval *ev, const struct builtin *bi, int argc,
				    struct value **argv, const struct kwargs *kw)
{
	struct value *ent = NULL, *key = NULL, *pool = NULL, *nch = NULL, *r;
	int64_t ps, nc;
	(void)bi;
	if (args_parse(ev, "SeedSequence", argc, argv, kw, "|entropy,$spawn_key,pool_size,n_children_spawned",
		       &ent, &key, &pool, &nch) < 0 || args_int(ev, pool, SS_DEFAULT_POOL, &ps) < 0 ||
	    args_int(ev, nch, 0, &nc) < 0)
		return NULL;
	if ((r = seedseq_make(ev, ent, key, ps)))
		seedseq_of(r)->nspawned = nc;
	return r;
}

/* spawn(n_children): n SeedSequences of spawn_key + (i,) */
static struct value *seedseq_spawn(struct eval *ev, struct value *self, int64_t n)
{
	struct seedseq *s = seedseq_of(self);
	struct value *list;
	if (n < 0)
		return err_set(ev, TY_OverflowError, "can't convert negative value to uint32_t");
	if (!(list = val_list_new(0, NULL)))
		return err_nomem(ev);
	for (int64_t i = 0; i < n; i++) {
		size_t k = s->spawn_key->u.seq.n;
		struct value **items = calloc(k + 2, sizeof *items), *key, *child;
		if (!items) {
			val_decref(list);
			return err_nomem(ev);
		}
		for (size_t j = 0; j < k; j++)
			items[j] = val_incref(s->spawn_key->u.seq.items[j]);
		items[k] = val_int(s->nspawned + i);
		key = val_tuple_new(k + 1, items);
		free(items);
		child = key ? seedseq_make(ev, s->entropy, key, s->pool_size) : NULL;
		val_decref(key);
		if (!child) {
			val_decref(list);
			return NULL;
		}
		list_append(list, child);
	}
	s->nspawned += n;
	return list;
}

static struct value *ss_m_generate_state(struct eval *ev, const struct builtin *bi, int argc,
					 struct value **argv, const struct kwargs *kw)
{
	struct seedseq *s = seedseq_of(bi->self);
	struct value *nv, *dtv = NULL;
	int64_t n;
	int dt = DT_UINT32;
	struct ndarray *a;
	if (args_parse(ev, "generate_state", argc, argv, kw, "n_words|dtype", &nv, &dtv) < 0 ||
	    val_as_int64(ev, nv, &n) < 0)
		return NULL;
	if (dtv && dtv->type != VT_NONE && arr_parse_dtype(ev, dtv, &dt) < 0)
		return NULL;
	if (dt != DT_UINT32 && dt != DT_UINT64)
		return err_set(ev, TY_ValueError, "only support uint32 or uint64");
	if (n < 0)
		return err_set(ev, TY_ValueError, "negative dimensions are not allowed");
	if (!(a = nd_new(ev, &backend_host, dt, 1, &n)))
		return NULL;
	seedseq_words(s, (uint32_t *)nd_data(a), dt == DT_UINT64 ? 2 * n : n);
	return arr_wrap(ev, a);
}

/* spawn(n_children) of a SeedSequence (a list of SeedSequences) or of a bit
 * generator (a list of bit generators of its kind) */
static struct value *m_spawn(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	struct value *nv;
	int64_t n;
	if (args_parse(ev, "spawn", argc, argv, kw, "n_children", &nv) < 0 || val_as_int64(ev, nv, &n) < 0)
		return NULL;
	return seedseq_of(bi->self) ? seedseq_spawn(ev, bi->self, n) : rnd_bitgen_spawn(ev, bi->self, n);
}

static struct value *seedseq_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct seedseq *s = self->u.obj.p;
	if (!strcmp(name, "entropy"))
		return val_incref(s->entropy);
	if (!strcmp(name, "spawn_key"))
		return val_incref(s->spawn_key);
	if (!strcmp(name, "pool_size"))
		return val_int(s->pool_size);
	if (!strcmp(name, "n_children_spawned"))
		return val_int(s->nspawned);
	if (!strcmp(name, "pool")) {
		struct ndarray *a = nd_new(ev, &backend_host, DT_UINT32, 1, &s->pool_size);
		if (!a)
			return NULL;
		memcpy(nd_data(a), s->pool, sizeof(uint32_t) * (size_t)s->pool_size);
		return arr_wrap(ev, a);
	}
	if (!strcmp(name, "state")) {
		struct value *d = val_dict_new();
		if (!d)
			return err_nomem(ev);
		dict_setstr(d, "entropy", val_incref(s->entropy));
		dict_setstr(d, "spawn_key", val_incref(s->spawn_key));
		dict_setstr(d, "pool_size", val_int(s->pool_size));
		dict_setstr(d, "n_children_spawned", val_int(s->nspawned));
		return d;
	}
	if (!strcmp(name, "generate_state"))
		return val_builtin("generate_state", ss_m_generate_state, self, NULL);
	if (!strcmp(name, "spawn"))
		return val_builtin("spawn", m_spawn, self, NULL);
	return NULL;
}

/* NumPy's multi-line repr: the defaults left out */
static char *seedseq_repr(struct eval *ev, struct value *self)
{
	struct seedseq *s = self->u.obj.p;
	char *e = val_repr(ev, s->entropy), *k = s->spawn_key->u.seq.n ? val_repr(ev, s->spawn_key) : NULL;
	size_t cap;
	char *out;
	if (!e || (s->spawn_key->u.seq.n && !k)) {
		free(e);
		free(k);
		return NULL;
	}
	cap = strlen(e) + (k ? strlen(k) : 0) + 160;
	if (!(out = malloc(cap))) {
		free(e);
		free(k);
		return err_nomem(ev);
	}
	int m = snprintf(out, cap, "SeedSequence(\n    entropy=%s,\n", e);
	if (k)
		m += snprintf(out + m, cap - (size_t)m, "    spawn_key=%s,\n", k);
	if (s->pool_size != SS_DEFAULT_POOL)
		m += snprintf(out + m, cap - (size_t)m, "    pool_size=%lld,\n", (long long)s->pool_size);
	if (s->nspawned)
		m += snprintf(out + m, cap - (size_t)m, "    n_children_spawned=%lld,\n", (long long)s->nspawned);
	snprintf(out + m, cap - (size_t)m, ")");
	free(e);
	free(k);
	return out;
}

static const char *const seedseq_attrs[] = {"entropy", "generate_state", "n_children_spawned", "pool",
					    "pool_size", "spawn", "spawn_key", "state", NULL};

static const struct objtype seedseq_type = {
	.name = "numpy.random.bit_generator.SeedSequence",
	.free = seedseq_free,
	.getattr = seedseq_getattr,
	.repr = seedseq_repr,
	.attrs = seedseq_attrs,
};

/* ---- the bit generators ---- */

static void bitgen_free(void *p)
{
	struct bitgen *b = p;
	val_decref(b->seq);
	free(b);
}

static int bitgen_kind(const struct value *v)
{
	if (!v || v->type != VT_OBJECT)
		return -1;
	for (int k = 0; k < 5; k++)
		if (v->u.obj.t == &bitgen_types[k])
			return k;
	return -1;
}

struct pcg64 *rnd_bitgen_state(struct value *v)
{
	return bitgen_kind(v) >= 0 ? &((struct bitgen *)v->u.obj.p)->st : NULL;
}

const char *rnd_bitgen_name(struct value *v)
{
	int k = bitgen_kind(v);
	return k >= 0 ? kind_names[k] : "BitGenerator";
}

/* a bit generator of kind seeded from a SeedSequence object (stolen) */
static struct value *bitgen_from_seq(struct eval *ev, int kind, struct value *seq)
{
	struct bitgen *b;
	uint32_t w[624];
	if (!seq)
		return NULL;
	if (!(b = calloc(1, sizeof *b))) {
		val_decref(seq);
		return err_nomem(ev);
	}
	seedseq_words(seedseq_of(seq), w, bg_seed_nwords(kind));
	bg_seed(&b->st, kind, w);
	b->seq = seq;
	return val_object_new(&bitgen_types[kind], b);
}

/* KIND(seed): a SeedSequence, or what SeedSequence takes */
struct value *rnd_bitgen_new(struct eval *ev, int kind, struct value *seed)
{
	if (seedseq_of(seed))
		return bitgen_from_seq(ev, kind, val_incref(seed));
	return bitgen_from_seq(ev, kind, seedseq_make(ev, seed, NULL, SS_DEFAULT_POOL));
}

/* BitGenerator.spawn: a list of n bit generators of its kind */
struct value *rnd_bitgen_spawn(struct eval *ev, struct value *bg, int64_t n)
{
	struct bitgen *b = bg->u.obj.p;
	int kind = bitgen_kind(bg);
	struct value *seqs, *out;
	if (!seedseq_of(b->seq))
		return err_set(ev, TY_TypeError, "The underlying SeedSequence does not implement spawning.");
	if (!(seqs = seedseq_spawn(ev, b->seq, n)))
		return NULL;
	if (!(out = val_list_new(0, NULL))) {
		val_decref(seqs);
		return err_nomem(ev);
	}
	for (size_t i = 0; i < seqs->u.seq.n; i++) {
		struct value *c = bitgen_from_seq(ev, kind, val_incref(seqs->u.seq.items[i]));
		if (!c) {
			val_decref(seqs);
			val_decref(out);
			return NULL;
		}
		list_append(out, c);
	}
	val_decref(seqs);
	return out;
}

static struct value *u64_array(struct eval *ev, const uint64_t *x, int64_t n)
{
	struct ndarray *a = nd_new(ev, &backend_host, DT_UINT64, 1, &n);
	if (!a)
		return NULL;
	memcpy(nd_data(a), x, sizeof(uint64_t) * (size_t)n);
	return arr_wrap(ev, a);
}

/* the .state dict, NumPy's keys for each kind */
static struct value *bitgen_state(struct eval *ev, struct value *self)
{
	struct bitgen *b = self->u.obj.p;
	int kind = bitgen_kind(self);
	struct value *d = val_dict_new(), *in = val_dict_new(), *x, *y;
	const struct pcg64 *p = &b->st;
	if (!d || !in) {
		val_decref(d);
		val_decref(in);
		return err_nomem(ev);
	}
	dict_setstr(d, "bit_generator", val_cstr(kind_names[kind]));
	switch (kind) {
	case BG_MT19937: {
		int64_t n = 624;
		struct ndarray *a = nd_new(ev, &backend_host, DT_UINT32, 1, &n);
		if (!a)
			goto fail;
		memcpy(nd_data(a), p->o.mt.key, sizeof p->o.mt.key);
		if (!(x = arr_wrap(ev, a)))
			goto fail;
		dict_setstr(in, "key", x);
		dict_setstr(in, "pos", val_int(p->o.mt.pos));
		dict_setstr(d, "state", in);
		return d;
	}
	case BG_PHILOX:
		if (!(x = u64_array(ev, p->o.ph.ctr, 4)))
			goto fail;
		dict_setstr(in, "counter", x);
		if (!(x = u64_array(ev, p->o.ph.key, 2)))
			goto fail;
		dict_setstr(in, "key", x);
		dict_setstr(d, "state", in);
		if (!(x = u64_array(ev, p->o.ph.buf, 4)))
			goto fail2;
		dict_setstr(d, "buffer", x);
		dict_setstr(d, "buffer_pos", val_int(p->o.ph.pos));
		break;
	case BG_SFC64:
		if (!(x = u64_array(ev, p->o.sfc, 4)))
			goto fail;
		dict_setstr(in, "state", x);
		dict_setstr(d, "state", in);
		break;
	default:
		x = u128_val(ev, p->state);
		y = x ? u128_val(ev, p->inc) : NULL;
		if (!y) {
			val_decref(x);
			goto fail;
		}
		dict_setstr(in, "state", x);
		dict_setstr(in, "inc", y);
		dict_setstr(d, "state", in);
		break;
	}
	dict_setstr(d, "has_uint32", val_int(p->has_uint32));
	dict_setstr(d, "uinteger", val_int(p->uinteger));
	return d;
fail:
	val_decref(in);
fail2:
	val_decref(d);
	return NULL;
}

/* d[key], NumPy's KeyError when absent (borrowed) */
static struct value *need(struct eval *ev, struct value *d, const char *key)
{
	struct value *v = d && d->type == VT_DICT ? dict_getstr_borrow(d, key) : NULL;
	if (!v)
		err_set(ev, d && d->type == VT_DICT ? TY_KeyError : TY_TypeError,
			d && d->type == VT_DICT ? "%s" : "state must be a dict", key);
	return v;
}

/* nw words of an array-like of uint64 (as NumPy's assignment casts them) */
static int words_of(struct eval *ev, struct value *v, uint64_t *out, int64_t nw)
{
	struct ndarray *a = arr_asarray(ev, &backend_host, v, -1), *c;
	if (!a)
		return -1;
	c = nd_size(a) >= nw ? arr_host_c(ev, a, DT_UINT64) : NULL;
	if (!c && !err_occurred(ev)) {
		/* NumPy's item assignment running past the end */
		if (v->type == VT_LIST || v->type == VT_TUPLE)
			err_set(ev, TY_IndexError, "%s index out of range", v->type == VT_LIST ? "list" : "tuple");
		else
			err_set(ev, TY_IndexError, "index %lld is out of bounds for axis 0 with size %lld",
				(long long)nd_size(a), (long long)nd_size(a));
	}
	nd_decref(a);
	if (!c)
		return -1;
	memcpy(out, nd_data(c), sizeof(uint64_t) * (size_t)nw);
	nd_decref(c);
	return 0;
}

/* MT19937's key from a state's 624 words */
static int mt_key(struct eval *ev, struct pcg64 *p, struct value *v)
{
	uint64_t key[624];
	if (words_of(ev, v, key, 624) < 0)
		return -1;
	for (int k = 0; k < 624; k++)
		p->o.mt.key[k] = (uint32_t)key[k];
	return 0;
}

/* bit_generator.state = value */
static int bitgen_set_state(struct eval *ev, struct value *self, struct value *v)
{
	struct bitgen *b = self->u.obj.p;
	int kind = bitgen_kind(self), fits;
	struct pcg64 p = b->st;
	struct value *name, *in, *x;
	const char *s;
	int64_t i;
	if (kind == BG_MT19937 && v->type == VT_TUPLE) {
		/* a legacy tuple ('MT19937', key, pos[, has_gauss, gauss]) */
		if (v->u.seq.n < 3 || (v->u.seq.n != 3 && v->u.seq.n != 5) || !(s = val_as_cstr(v->u.seq.items[0])) ||
		    strcmp(s, "MT19937"))
			return err_set(ev, TY_ValueError, "state is not a legacy MT19937 state"), -1;
		if (mt_key(ev, &p, v->u.seq.items[1]) < 0 || val_as_int64(ev, v->u.seq.items[2], &i) < 0)
			return -1;
		p.o.mt.pos = i < 0 || i > 624 ? 624 : (int)i;
		b->st = p;
		return 0;
	}
	if (v->type != VT_DICT)
		return err_set(ev, TY_TypeError, "state must be a dict"), -1;
	name = dict_getstr_borrow(v, "bit_generator");
	if (!name || !(s = val_as_cstr(name)) || strcmp(s, kind_names[kind]))
		return err_set(ev, TY_ValueError, kind == BG_MT19937 ? "state must be for a %s PRNG"
								    : "state must be for a %s RNG", kind_names[kind]), -1;
	if (!(in = need(ev, v, "state")))
		return -1;
	switch (kind) {
	case BG_MT19937:
		if (!(x = need(ev, in, "key")) || mt_key(ev, &p, x) < 0 || !(x = need(ev, in, "pos")) ||
		    val_as_int64(ev, x, &i) < 0)
			return -1;
		p.o.mt.pos = i < 0 || i > 624 ? 624 : (int)i;
		b->st = p;
		return 0;
	case BG_PHILOX:
		if (!(x = need(ev, in, "counter")) || words_of(ev, x, p.o.ph.ctr, 4) < 0 ||
		    !(x = need(ev, in, "key")) || words_of(ev, x, p.o.ph.key, 2) < 0 ||
		    !(x = need(ev, v, "buffer")) || words_of(ev, x, p.o.ph.buf, 4) < 0 ||
		    !(x = need(ev, v, "buffer_pos")) || val_as_int64(ev, x, &i) < 0)
			return -1;
		p.o.ph.pos = i < 0 || i > 4 ? 4 : (int)i;
		break;
	case BG_SFC64:
		if (!(x = need(ev, in, "state")) || words_of(ev, x, p.o.sfc, 4) < 0)
			return -1;
		break;
	default: {
		uint64_t w[2];
		if (!(x = need(ev, in, "state")) || int_to_words64(ev, x, w, 2, &fits) < 0)
			return -1;
		p.state = (unsigned __int128)w[1] << 64 | w[0];
		if (!(x = need(ev, in, "inc")) || int_to_words64(ev, x, w, 2, &fits) < 0)
			return -1;
		p.inc = (unsigned __int128)w[1] << 64 | w[0];
		break;
	}
	}
	if (!(x = need(ev, v, "has_uint32")) || val_as_int64(ev, x, &i) < 0)
		return -1;
	p.has_uint32 = i != 0;
	if (!(x = need(ev, v, "uinteger")) || val_as_int64(ev, x, &i) < 0)
		return -1;
	p.uinteger = (uint32_t)i;
	b->st = p;
	return 0;
}

static int bitgen_setattr(struct eval *ev, struct value *self, const char *name, struct value *v)
{
	if (!strcmp(name, "state"))
		return bitgen_set_state(ev, self, v);
	(void)self;
	return err_set(ev, TY_AttributeError, "attribute '%s' of 'numpy.random.bit_generator.BitGenerator' objects is "
		       "not writable", name), -1;
}

/* advance(delta): the PCG kinds and Philox */
static struct value *bg_m_advance(struct eval *ev, const struct builtin *bi, int argc,
				  struct value **argv, const struct kwargs *kw)
{
	struct value *dv;
	uint64_t d[4];
	int fits;
	if (args_parse(ev, "advance", argc, argv, kw, "delta", &dv) < 0 ||
	    int_to_words64(ev, dv, d, 4, &fits) < 0)
		return NULL;
	bg_advance(rnd_bitgen_state(bi->self), d);
	return val_incref(bi->self);
}

/* jumped(jumps=1): a new bit generator (fresh SeedSequence) with this
 * state advanced by jumps * NumPy's jump step */
static struct value *bg_m_jumped(struct eval *ev, const struct builtin *bi, int argc,
				 struct value **argv, const struct kwargs *kw)
{
	struct value *jv = NULL, *nb;
	int64_t j;
	int kind = bitgen_kind(bi->self);
	uint64_t d[4] = {0, 0, 0, 0};
	if (args_parse(ev, "jumped", argc, argv, kw, "|jumps", &jv) < 0 || args_int(ev, jv, 1, &j) < 0)
		return NULL;
	if (kind == BG_PHILOX) {
		/* 2**128 * jumps: the counter's upper half */
		d[2] = (uint64_t)j;
		d[3] = j < 0 ? UINT64_MAX : 0;
	} else {
		/* 0x9e3779b97f4a7c15f39cc0605cedc835 * jumps, mod 2**128 */
		unsigned __int128 step = (unsigned __int128)0x9e3779b97f4a7c15ULL << 64 | 0xf39cc0605cedc835ULL;
		step *= (unsigned __int128)(__int128)j;
		d[0] = (uint64_t)step;
		d[1] = (uint64_t)(step >> 64);
	}
	if (!(nb = rnd_bitgen_new(ev, kind, NULL)))
		return NULL;
	rnd_bitgen_state(nb)[0] = *rnd_bitgen_state(bi->self);
	if (kind == BG_MT19937) {
		/* jump_inplace: jumps times (none for jumps <= 0) */
		for (int64_t k = 0; k < j; k++)
			if (bg_mt_jump(&rnd_bitgen_state(nb)->o.mt) < 0 || (k + 1 < j && ev_check_interrupt(ev))) {
				val_decref(nb);
				return err_occurred(ev) ? NULL : err_nomem(ev);
			}
		return nb;
	}
	bg_advance(rnd_bitgen_state(nb), d);
	return nb;
}

/* random_raw(size=None, output=True): the raw words (MT19937's 32-bit) */
static struct value *bg_m_random_raw(struct eval *ev, const struct builtin *bi, int argc,
				     struct value **argv, const struct kwargs *kw)
{
	struct value *sv = NULL, *ov = NULL;
	struct pcg64 *p = rnd_bitgen_state(bi->self);
	int nd, out;
	int64_t shape[ND_MAXDIM];
	struct ndarray *a;
	if (args_parse(ev, "random_raw", argc, argv, kw, "|size,output", &sv, &ov) < 0 ||
	    rnd_parse_size(ev, sv, &nd, shape) < 0 || args_bool(ev, ov, 1, &out) < 0)
		return NULL;
	if (nd < 0) {
		uint64_t v = p->kind == BG_MT19937 ? mt_next32(&p->o.mt) : pcg_next64(p);
		if (!out)
			return val_none();
		return v <= INT64_MAX ? val_int((int64_t)v) : big_from_uint64(ev, v);
	}
	if (!(a = nd_new(ev, &backend_host, DT_UINT64, nd, shape)))
		return NULL;
	for (int64_t i = 0, n = nd_size(a); i < n; i++)
		((uint64_t *)nd_data(a))[i] = p->kind == BG_MT19937 ? mt_next32(&p->o.mt) : pcg_next64(p);
	if (!out) {
		nd_decref(a);
		return val_none();
	}
	return arr_wrap(ev, a);
}

static struct value *bitgen_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct bitgen *b = self->u.obj.p;
	int kind = bitgen_kind(self);
	if (!strcmp(name, "state"))
		return bitgen_state(ev, self);
	if (!strcmp(name, "seed_seq"))
		return val_incref(b->seq);
	if (!strcmp(name, "spawn"))
		return val_builtin("spawn", m_spawn, self, NULL);
	if (!strcmp(name, "random_raw"))
		return val_builtin("random_raw", bg_m_random_raw, self, NULL);
	if (!strcmp(name, "jumped") && kind != BG_SFC64)
		return val_builtin("jumped", bg_m_jumped, self, NULL);
	if (!strcmp(name, "advance") && kind != BG_SFC64 && kind != BG_MT19937)
		return val_builtin("advance", bg_m_advance, self, NULL);
	return NULL;
}

static char *bitgen_repr(struct eval *ev, struct value *self)
{
	int kind = bitgen_kind(self);
	char *s = malloc(96);
	if (!s)
		return err_nomem(ev);
	snprintf(s, 96, "<numpy.random.%s.%s object at 0x%llx>", kind_mods[kind], kind_names[kind],
		 (unsigned long long)(uintptr_t)self->u.obj.p);
	return s;
}

static const char *const bitgen_attrs[] = {"advance", "jumped", "random_raw", "seed_seq", "spawn", "state", NULL};

/* ORDER BG: one type per kind, named as NumPy's classes (tp_name, as messages say it) */
static const struct objtype bitgen_types[5] = {
	{.name = "numpy.random._pcg64.PCG64", .free = bitgen_free, .getattr = bitgen_getattr, .setattr = bitgen_setattr,
	 .repr = bitgen_repr, .attrs = bitgen_attrs},
	{.name = "numpy.random._pcg64.PCG64DXSM", .free = bitgen_free, .getattr = bitgen_getattr, .setattr = bitgen_setattr,
	 .repr = bitgen_repr, .attrs = bitgen_attrs},
	{.name = "numpy.random._mt19937.MT19937", .free = bitgen_free, .getattr = bitgen_getattr, .setattr = bitgen_setattr,
	 .repr = bitgen_repr, .attrs = bitgen_attrs},
	{.name = "numpy.random._philox.Philox", .free = bitgen_free, .getattr = bitgen_getattr, .setattr = bitgen_setattr,
	 .repr = bitgen_repr, .attrs = bitgen_attrs},
	{.name = "numpy.random._sfc64.SFC64", .free = bitgen_free, .getattr = bitgen_getattr, .setattr = bitgen_setattr,
	 .repr = bitgen_repr, .attrs = bitgen_attrs},
};

/* PCG64(seed=None), PCG64DXSM, MT19937, SFC64: one entry, the kind named by the builtin */
static struct value *f_seeded(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	struct value *sv = NULL;
	int kind = 0;
	while (kind < BG_SFC64 && strcmp(bi->name, kind_names[kind]))
		kind++;
	if (args_parse(ev, kind_names[kind], argc, argv, kw, "|seed", &sv) < 0)
		return NULL;
	return rnd_bitgen_new(ev, kind, sv);
}

/* Philox(seed=None, counter=None, key=None): key replaces the seeded key */
static struct value *f_Philox(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	struct value *sv = NULL, *cv = NULL, *kv = NULL, *r;
	struct pcg64 *p;
	uint64_t w[4];
	int fits;
	(void)bi;
	if (args_parse(ev, "Philox", argc, argv, kw, "|seed,counter,key", &sv, &cv, &kv) < 0)
		return NULL;
	if (sv && sv->type != VT_NONE && kv && kv->type != VT_NONE)
		return err_set(ev, TY_ValueError, "seed and key cannot be both used");
	if (!(r = rnd_bitgen_new(ev, BG_PHILOX, sv)))
		return NULL;
	p = rnd_bitgen_state(r);
	if (kv && kv->type != VT_NONE) {
		if (int_to_words64(ev, kv, w, 2, &fits) < 0 || (!fits && (err_set(ev, TY_ValueError,
				"key must be positive and less than 2**128."), 1))) {
			val_decref(r);
			return NULL;
		}
		p->o.ph.key[0] = w[0];
		p->o.ph.key[1] = w[1];
	}
	if (cv && cv->type != VT_NONE) {
		if (int_to_words64(ev, cv, w, 4, &fits) < 0 || (!fits && (err_set(ev, TY_ValueError,
				"counter must be positive and less than 2**256."), 1))) {
			val_decref(r);
			return NULL;
		}
		memcpy(p->o.ph.ctr, w, sizeof w);
	}
	return r;
}

/* Generator(bit_generator) */
static struct value *f_Generator(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				 const struct kwargs *kw)
{
	struct value *bg;
	if (args_parse(ev, "Generator", argc, argv, kw, "bit_generator", &bg) < 0)
		return NULL;
	if (bitgen_kind(bg) < 0)
		return err_set(ev, TY_AttributeError, "'%s' object has no attribute 'capsule'", val_type_name(bg));
	return rnd_generator_new(ev, arr_be(bi), val_incref(bg));
}

const struct arr_func arr_random_bitgen_funcs[] = {
	{"SeedSequence", f_SeedSequence, "SeedSequence(entropy=None, *, spawn_key=(), pool_size=4)",
	 "Mixes entropy into seeds for the bit generators, as NumPy's."},
	{"PCG64", f_seeded, "PCG64(seed=None)", "The PCG-64 (XSL-RR) bit generator."},
	{"PCG64DXSM", f_seeded, "PCG64DXSM(seed=None)", "The PCG-64 DXSM bit generator."},
	{"MT19937", f_seeded, "MT19937(seed=None)", "The Mersenne Twister bit generator."},
	{"Philox", f_Philox, "Philox(seed=None, counter=None, key=None)", "The Philox 4x64-10 counter-based bit generator."},
	{"SFC64", f_seeded, "SFC64(seed=None)", "Chris Doty-Humphrey's Small Fast Chaotic bit generator."},
	{"Generator", f_Generator, "Generator(bit_generator)", "A Generator drawing from bit_generator."},
	{NULL, NULL, NULL, NULL}
};
