/*
 * t-cuda-codegen.c — the generated CUDA C compiles under NVRTC for every
 * loop of every ufunc, every cast, and the reduction plans (contiguous,
 * strided, axis inner/outer) — no GPU needed: the backend runs "dry"
 * (cuda_jit.c compiles, nothing launches).  Runs in CI wherever NVRTC exists.
 */
#include "config.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef HAVE_CUDA
#include "backend/backend.h"
#include "lang/error.h"
#include "lang/eval.h"
#include "engine.h"
#include "ufunc/ufunc.h"
#include "backend/cuda/cuda_int.h"

/* cuda_index.c, cuda_count.c, cuda_fill.c / cuda_rand.c, cuda_solver.c: the sources of their fixed kernels */
const char *cuda_index_source(int item, int unit, char *buf, size_t size);
const char *cuda_mask_source(int item, int unit, char *buf, size_t size);
const char *cuda_take_index_source(int item, int unit, char *buf, size_t size);
const char *cuda_put_index_source(int item, int unit, char *buf, size_t size);
const char *cuda_count_source(int dt, char *buf, size_t size);
const char *cuda_fill_source(int dt, char *buf, size_t size);
const char *cuda_search_source(int dt, char *buf, size_t size);
const char *cuda_uniform_source(int dt, char *buf, size_t size);
const char *cuda_uniform_source_knobs(int dt, int unroll, int stcs, char *buf, size_t size);
const char *cuda_svd_gram_source(void);
const char *cuda_linalg_kernel_source(void);

static struct eval *ev;
static int nt;

static void ok(int cond, const char *what)
{
	printf("%sok %d - %s\n", cond ? "" : "not ", ++nt, what);
	if (!cond && err_occurred(ev)) {
		struct value *e = err_fetch(ev);
		if (e && e->type == VT_EXCEPTION)
			printf("# %s\n", e->u.exc.msg ? e->u.exc.msg : "?");
		val_decref(e);
	}
	err_clear(ev);
}

static struct ndarray *arr(int dt, int nd, const int64_t *shape)
{
	return nd_new(ev, &backend_host, dt, nd, shape);
}

/* All loops of one ufunc in one tree: leaves of the loop's input dtypes. */
static int ufunc_tree(int uf)
{
	const struct ufunc *u = &ufunc_table[uf];
	static struct ew_tree t;
	struct ndarray *leaves[EW_MAXNODES] = {0}, *out;
	int64_t n = 37;
	int r, root = -1;
	memset(&t, 0, sizeof t);
	if (u->nout != 1)
		return 1;
	for (int l = 0; l < u->nloops; l++) {
		const struct uf_loop *lp = &u->loops[l];
		int args[EW_MAXARGS];
		if (t.nnodes + u->nin + 1 > EW_MAXNODES)
			break;
		for (int i = 0; i < u->nin; i++) {
			int dt = uf_loop_in(lp, i);
			struct ew_node *nd = &t.nodes[t.nnodes];
			if (dt < 0)
				return 1;
			nd->kind = EW_ARRAY;
			nd->dtype = dt;
			nd->leaf = t.narrays;
			leaves[t.narrays] = arr(dt, 1, &n);
			t.arrays[t.narrays] = leaves[t.narrays];
			t.narrays++;
			args[i] = t.nnodes++;
		}
		struct ew_node *un = &t.nodes[t.nnodes];
		un->kind = EW_UFUNC;
		un->ufunc = uf;
		un->loop = l;
		un->dtype = uf_loop_out(lp);
		un->nargs = u->nin;
		memcpy(un->args, args, sizeof args);
		root = t.nnodes++;
	}
	out = arr(t.nodes[root].dtype, 1, &n);
	r = cuew_elementwise(ev, &t, out);
	nd_decref(out);
	for (int i = 0; i < t.narrays; i++)
		nd_decref(leaves[i]);
	return r == 0;
}

static struct ew_tree *leaf_tree(struct ndarray *a, int cast_to)
{
	static struct ew_tree t;
	memset(&t, 0, sizeof t);
	t.narrays = 1;
	t.arrays[0] = a;
	t.nodes[0].kind = EW_ARRAY;
	t.nodes[0].dtype = a->dtype;
	t.nnodes = 1;
	if (cast_to >= 0 && cast_to != a->dtype) {
		t.nodes[1].kind = EW_CAST;
		t.nodes[1].dtype = cast_to;
		t.nodes[1].nargs = 1;
		t.nnodes = 2;
	}
	return &t;
}

/* ---- fused statement trees (engine/ufunc/fuse.c builds these) ---- */
static int push_node(struct ew_tree *t, struct ew_node n)
{
	t->nodes[t->nnodes] = n;
	return t->nnodes++;
}
static int leaf(struct ew_tree *t, struct ndarray *a)
{
	t->arrays[t->narrays] = a;
	return push_node(t, (struct ew_node){EW_ARRAY, a->dtype, 0, 0, 0, {0}, t->narrays++});
}
static int sleaf(struct ew_tree *t, int dt, double v)
{
	t->scalars[t->nscalars].dtype = dt;
	if (dt_is_float(dt))
		t->scalars[t->nscalars].v.f = v;
	else
		t->scalars[t->nscalars].v.i = (int64_t)v;
	return push_node(t, (struct ew_node){EW_SCALAR, dt, 0, 0, 0, {0}, t->nscalars++});
}
static int castn(struct ew_tree *t, int a, int dt)
{
	return push_node(t, (struct ew_node){EW_CAST, dt, 0, 0, 1, {a}, 0});
}
/* ufunc `name` with the loop of signature sig over nodes a (, b) */
static int ufn(struct ew_tree *t, const char *name, const char *sig, int a, int b)
{
	int uf = uf_lookup(name), loop = -1;
	for (int l = 0; uf >= 0 && l < ufunc_table[uf].nloops; l++)
		if (!strcmp(ufunc_table[uf].loops[l].sig, sig))
			loop = l;
	if (loop < 0) {
		printf("# no loop %s %s\n", name, sig);
		return push_node(t, (struct ew_node){EW_CAST, DT_BOOL, 0, 0, 1, {a}, 0});
	}
	return push_node(t, (struct ew_node){EW_UFUNC, uf_loop_out(&ufunc_table[uf].loops[loop]), uf, loop,
					     ufunc_table[uf].nin, {a, b}, 0});
}

static void fused_cases(void)
{
	static struct ew_tree t;
	int64_t n = 1000, sh2[2] = {33, 65}, one = 1, k1[2] = {1, 65}, k0[2] = {33, 1};
	struct ndarray *x = arr(DT_FLOAT32, 1, &n), *y = arr(DT_FLOAT32, 1, &n), *z = arr(DT_FLOAT32, 1, &n);
	struct ndarray *o = arr(DT_FLOAT32, 1, &n), *i8 = arr(DT_INT8, 1, &n), *d = arr(DT_FLOAT64, 1, &n);
	struct ndarray *od = arr(DT_FLOAT64, 1, &n), *m = arr(DT_FLOAT32, 2, sh2);
	struct ndarray *s0 = arr(DT_FLOAT32, 0, &one), *i0 = arr(DT_INT64, 0, &one);
	struct ndarray *ra = arr(DT_FLOAT32, 2, k1), *rb = arr(DT_FLOAT32, 2, k0);
	int good;

	/* x*y + z: vector loads, then strided leaves */
	memset(&t, 0, sizeof t);
	ufn(&t, "add", "ff->f", ufn(&t, "multiply", "ff->f", leaf(&t, x), leaf(&t, y)), leaf(&t, z));
	good = cuew_elementwise(ev, &t, o) == 0;
	x->strides[0] = 8;
	good &= cuew_elementwise(ev, &t, o) == 0;
	x->strides[0] = 4;
	ok(good, "fused x*y+z compiles (vector and strided)");

	/* sin(x)**2 + cos(x)**2 over one leaf */
	memset(&t, 0, sizeof t);
	{
		int a = leaf(&t, x);
		int s = ufn(&t, "square", "f->f", ufn(&t, "sin", "f->f", a, 0), 0);
		int c = ufn(&t, "square", "f->f", ufn(&t, "cos", "f->f", a, 0), 0);
		ufn(&t, "add", "ff->f", s, c);
	}
	ok(cuew_elementwise(ev, &t, o) == 0, "fused sin(x)**2+cos(x)**2 compiles (one shared leaf)");

	/* i8 * d + 3: a cast inside the tree and an integer scalar parameter */
	memset(&t, 0, sizeof t);
	ufn(&t, "add", "dd->d", ufn(&t, "multiply", "dd->d", castn(&t, leaf(&t, i8), DT_FLOAT64), leaf(&t, d)),
	    sleaf(&t, DT_FLOAT64, 3));
	ok(cuew_elementwise(ev, &t, od) == 0, "fused i8*d+3 compiles (cast node, scalar parameter)");

	/* ((x - y)**2).sum(): flat; over a 2-d leaf along each axis */
	memset(&t, 0, sizeof t);
	ufn(&t, "square", "f->f", ufn(&t, "subtract", "ff->f", leaf(&t, x), leaf(&t, y)), 0);
	good = cuew_reduce(ev, &t, RED_SUM, 1, s0) == 0;
	memset(&t, 0, sizeof t);
	ufn(&t, "square", "f->f", ufn(&t, "subtract", "ff->f", leaf(&t, m), sleaf(&t, DT_FLOAT32, 0.5)), 0);
	good &= cuew_reduce(ev, &t, RED_SUM, 1, ra) == 0;
	good &= cuew_reduce(ev, &t, RED_SUM, 2, rb) == 0;
	ok(good, "fused ((x-y)**2).sum() compiles (flat, axis 0, axis 1)");

	/* (x > 0).sum() with its cast to int64; max(abs(m - 1), axis=1) */
	memset(&t, 0, sizeof t);
	castn(&t, ufn(&t, "greater", "ff->?", leaf(&t, x), sleaf(&t, DT_FLOAT32, 0)), DT_INT64);
	good = cuew_reduce(ev, &t, RED_SUM, 1, i0) == 0;
	memset(&t, 0, sizeof t);
	ufn(&t, "absolute", "f->f", ufn(&t, "subtract", "ff->f", leaf(&t, m), sleaf(&t, DT_FLOAT32, 1)), 0);
	good &= cuew_reduce(ev, &t, RED_MAX, 2, rb) == 0;
	ok(good, "fused (x > 0).sum() and max(abs(m-1), axis=1) compile");

	nd_decref(x); nd_decref(y); nd_decref(z); nd_decref(o); nd_decref(i8); nd_decref(d);
	nd_decref(od); nd_decref(m); nd_decref(s0); nd_decref(i0); nd_decref(ra); nd_decref(rb);
}

int main(void)
{
	char dir[] = "/tmp/lumen-codegen-XXXXXX";
	int64_t sh2[2] = {33, 65}, sh1 = 100;
	(void)leaf_tree;
	engine_init_layers();
	ev = ev_new();
	if (!ev || !mkdtemp(dir)) {
		puts("1..0 # SKIP no evaluator");
		return 0;
	}
	setenv("LUMEN_KERNEL_CACHE", dir, 1);
	jit_dry_run = 1;
	for (int uf = 0; uf < ufunc_count; uf++) {
		char what[96];
		snprintf(what, sizeof what, "every loop of %s compiles", ufunc_table[uf].name);
		ok(ufunc_tree(uf), what);
	}
	/* every cast, contiguous and strided: one tree per target dtype with a
	 * leaf of every dtype cast to it */
	{
		int good = 1, good2 = 1;
		static struct ew_tree t;
		for (int pass = 0; pass < 2; pass++)
			for (int b = 0; b < DT_COUNT; b++) {
				struct ndarray *xs[DT_COUNT], *y = arr(b, 2, sh2);
				memset(&t, 0, sizeof t);
				for (int a = 0; a < DT_COUNT; a++) {
					xs[a] = arr(a, 2, sh2);
					if (pass) {
						xs[a]->strides[0] = dt_size(a);   /* a transposed-like view */
						xs[a]->strides[1] = dt_size(a) * 33;
					}
					t.arrays[t.narrays] = xs[a];
					t.nodes[t.nnodes] = (struct ew_node){EW_ARRAY, a, 0, 0, 0, {0}, t.narrays};
					t.narrays++;
					t.nodes[t.nnodes + 1] = (struct ew_node){EW_CAST, b, 0, 0, 1, {t.nnodes}, 0};
					t.nnodes += 2;
				}
				if (cuew_elementwise(ev, &t, y) < 0)
					*(pass ? &good2 : &good) = 0;
				for (int a = 0; a < DT_COUNT; a++)
					nd_decref(xs[a]);
				nd_decref(y);
			}
		ok(good, "every cast compiles (contiguous, vector loads)");
		ok(good2, "every cast compiles (strided)");
	}
	/* a scalar parameter and a broadcast leaf */
	{
		struct ew_tree t;
		struct ndarray *x = arr(DT_FLOAT32, 2, sh2), *y = arr(DT_FLOAT32, 2, sh2);
		int add = uf_lookup("add");
		memset(&t, 0, sizeof t);
		t.narrays = 1;
		t.arrays[0] = x;
		x->strides[0] = 0;  /* broadcast along axis 0 */
		t.nscalars = 1;
		t.scalars[0].dtype = DT_FLOAT32;
		t.scalars[0].v.f = 2.5;
		t.nodes[0] = (struct ew_node){EW_ARRAY, DT_FLOAT32, 0, 0, 0, {0}, 0};
		t.nodes[1] = (struct ew_node){EW_SCALAR, DT_FLOAT32, 0, 0, 0, {0}, 0};
		t.nodes[2] = (struct ew_node){EW_UFUNC, DT_FLOAT32, add, 0, 2, {0, 1}, 0};
		for (int l = 0; l < ufunc_table[add].nloops; l++)
			if (!strcmp(ufunc_table[add].loops[l].sig, "ff->f"))
				t.nodes[2].loop = l;
		t.nnodes = 3;
		ok(cuew_elementwise(ev, &t, y) == 0, "broadcast leaf + scalar parameter compiles");
		nd_decref(x);
		nd_decref(y);
	}
	{
		/* 0-d operands (a single element) */
		int64_t none = 0;
		struct ndarray *x = arr(DT_FLOAT64, 0, &none), *y = arr(DT_FLOAT32, 0, &none);
		ok(cuew_elementwise(ev, leaf_tree(x, DT_FLOAT32), y) == 0, "0-d arrays compile");
		nd_decref(x);
		nd_decref(y);
	}
	/* reductions: every op over a few dtypes, each plan */
	{
		static const int dts[] = {DT_FLOAT32, DT_INT64};
		for (int op = RED_SUM; op <= RED_NANMAX; op++) {
			int good = 1;
			for (unsigned d = 0; d < 2; d++) {
				int dt = dts[d], odt = op == RED_ARGMAX || op == RED_ARGMIN ? DT_INT64
					: op == RED_ANY || op == RED_ALL ? DT_BOOL : dt;
				int64_t one = 1, k1[2] = {1, 65}, k0[2] = {33, 1};
				struct ndarray *x = arr(dt, 2, sh2), *o0 = arr(odt, 0, &one);
				struct ndarray *oa = arr(odt, 2, k1), *ob = arr(odt, 2, k0);
				struct ew_tree *t = leaf_tree(x, -1);
				good &= cuew_reduce(ev, t, op, 3, o0) == 0;   /* flat, vector */
				good &= cuew_reduce(ev, t, op, 1, oa) == 0;   /* axis 0: outer */
				good &= cuew_reduce(ev, t, op, 2, ob) == 0;   /* axis 1: inner */
				x->strides[0] = dt_size(dt);
				x->strides[1] = dt_size(dt) * 33;
				good &= cuew_reduce(ev, t, op, 3, o0) == 0;   /* flat, strided */
				nd_decref(x); nd_decref(o0); nd_decref(oa); nd_decref(ob);
			}
			char what[64];
			snprintf(what, sizeof what, "reduction op %d compiles in every plan", op);
			ok(good, what);
			if (!good)
				break;
		}
	}
	{
		/* complex sum and float16 max */
		int64_t one = 1;
		struct ndarray *x = arr(DT_COMPLEX64, 1, &sh1), *o = arr(DT_COMPLEX64, 0, &one);
		ok(cuew_reduce(ev, leaf_tree(x, -1), RED_SUM, 1, o) == 0, "complex64 sum compiles");
		nd_decref(x); nd_decref(o);
		x = arr(DT_FLOAT16, 1, &sh1);
		o = arr(DT_FLOAT16, 0, &one);
		ok(cuew_reduce(ev, leaf_tree(x, -1), RED_MAX, 1, o) == 0, "float16 max compiles");
		nd_decref(x); nd_decref(o);
	}
	{
		/* the fixed NVRTC sources: gather/scatter (cuda_index.c), uniform (cuda_rand.c) */
		static const int items[] = {1, 2, 4, 8, 16};
		char src[16384];
		int good = 1;
		for (unsigned i = 0; i < 5; i++)
			for (int u = 1; u <= 8 && u <= items[i]; u *= 2)
				good &= jit_get(ev, cuda_index_source(items[i], u, src, sizeof src), "lm_ix", 0, NULL) != NULL;
		ok(good, "the gather/scatter kernel compiles for every item size and unit");
		good = 1;
		for (unsigned i = 0; i < 5; i++)
			for (int u = 1; u <= 8 && u <= items[i]; u *= 2) {
				good &= jit_get(ev, cuda_mask_source(items[i], u, src, sizeof src), "lm_mcount", 0, NULL) != NULL;
				good &= jit_get(ev, cuda_mask_source(items[i], u, src, sizeof src), "lm_mtake", 0, NULL) != NULL;
				good &= jit_get(ev, cuda_take_index_source(items[i], u, src, sizeof src), "lm_ti", 0, NULL) != NULL;
				good &= jit_get(ev, cuda_put_index_source(items[i], u, src, sizeof src), "lm_put", 0, NULL) != NULL;
			}
		ok(good, "the device mask and index-array kernels compile for every item size and unit");
		{
			/* histogram / bincount (cuda_count.c): every real dtype; complex has none */
			char csrc[8192];
			good = 1;
			for (int dt = 0; dt < DT_COUNT; dt++) {
				if (dt_is_complex(dt)) {
					good &= cuda_count_source(dt, csrc, sizeof csrc) == NULL;
					continue;
				}
				good &= cuda_count_source(dt, csrc, sizeof csrc) != NULL
					&& jit_get(ev, csrc, "lm_bounds", 0, NULL) != NULL
					&& jit_get(ev, csrc, "lm_bins", 0, NULL) != NULL
					&& jit_get(ev, csrc, "lm_segminmax", 0, NULL) != NULL;
			}
			ok(good, "the counting kernels (bounds, bins, segment argmin/argmax) compile for every real dtype");
		}
		{
			/* cp.arange's fill (cuda_fill.c): every dtype but bool */
			char fsrc[4096];
			good = cuda_fill_source(DT_BOOL, fsrc, sizeof fsrc) == NULL;
			for (int dt = DT_BOOL + 1; dt < DT_COUNT; dt++)
				good &= cuda_fill_source(dt, fsrc, sizeof fsrc) != NULL
					&& jit_get(ev, fsrc, "lm_arange", 0, NULL) != NULL;
			ok(good, "the arange fill kernel compiles for every dtype but bool");
		}
		{
			/* searchsorted (cuda_search.c): every real dtype but float16 */
			char ssrc[4096];
			good = cuda_search_source(DT_FLOAT16, ssrc, sizeof ssrc) == NULL
				&& cuda_search_source(DT_COMPLEX64, ssrc, sizeof ssrc) == NULL;
			for (int dt = 0; dt < DT_COUNT; dt++) {
				if (dt == DT_FLOAT16 || dt_is_complex(dt))
					continue;
				good &= cuda_search_source(dt, ssrc, sizeof ssrc) != NULL
					&& jit_get(ev, ssrc, "lm_search", 0, NULL) != NULL;
			}
			ok(good, "the searchsorted kernel compiles for every real dtype but float16");
		}
		good = jit_get(ev, cuda_uniform_source(DT_FLOAT32, src, sizeof src), "lm_uni", 0, NULL) != NULL;
		good &= jit_get(ev, cuda_uniform_source(DT_FLOAT64, src, sizeof src), "lm_uni", 0, NULL) != NULL;
		ok(good, "the one-pass uniform generator compiles (float32, float64)");
		good = 1;
		for (int u = 1; u <= 4; u *= 2)
			for (int st = 0; st < 2; st++) {
				good &= jit_get(ev, cuda_uniform_source_knobs(DT_FLOAT32, u, st, src, sizeof src), "lm_uni", 0, NULL) != NULL;
				good &= jit_get(ev, cuda_uniform_source_knobs(DT_FLOAT64, u, st, src, sizeof src), "lm_uni", 0, NULL) != NULL;
			}
		good &= jit_get(ev, cuda_uniform_source_knobs(DT_FLOAT32, 1, 0, src, sizeof src), "lm_fold", 0, NULL) != NULL;
		good &= jit_get(ev, cuda_uniform_source_knobs(DT_FLOAT64, 1, 0, src, sizeof src), "lm_fold", 0, NULL) != NULL;
		ok(good, "the uniform generator compiles for each LUMEN_RAND_PER/STCS, and the curand fold pass");
		good = jit_get(ev, cuda_uniform_source(DT_FLOAT32, src, sizeof src), "lm_int", 0, NULL) != NULL
			&& jit_get(ev, cuda_uniform_source(DT_FLOAT32, src, sizeof src), "lm_sample", 0, NULL) != NULL;
		ok(good, "the bounded-integer and sample kernels compile (lm_int, lm_sample)");
	}
	{
		static const char *const names[] = {"sv_widen", "sv_reverse", "sv_values", "sv_left", "sv_right", "sv_roots"};
		int good = 1;
		for (int i = 0; i < 6; i++)
			good &= jit_get(ev, cuda_svd_gram_source(), names[i], 0, NULL) != NULL;
		ok(good, "the float32 SVD's helper kernels (the float64 Gram path) compile");
	}
	{
		static const char *const names[] = {"la_ptrs", "la_trizero_f", "la_trizero_d", "la_trizero_c",
						    "la_trizero_z", "la_slogdet_f", "la_slogdet_d", "la_slogdet_c",
						    "la_slogdet_z", "la_geev_unpack_f", "la_geev_unpack_d", "la_geev_unpack_c",
						    "la_geev_unpack_z"};
		int good = 1;
		for (int i = 0; i < 13; i++)
			good &= jit_get(ev, cuda_linalg_kernel_source(), names[i], 0, NULL) != NULL;
		ok(good, "the linear algebra kernels (batched LU pointers, triangles, slogdet, geev's complex form) compile");
	}
	fused_cases();
	printf("1..%d\n", nt);   /* the plan last: the count follows the cases */
	return 0;
}
#else
int main(void)
{
	puts("1..0 # SKIP built without CUDA");
	return 0;
}
#endif
