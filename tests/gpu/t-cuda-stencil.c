/*
 * t-cuda-stencil.c — the generated stencil kernels (cuda_stencil.c)
 * compile under NVRTC for every op, mode, 1-D sum order and a spread of
 * input/output dtypes and ranks (the tiled kernel: the benchmark's 5x5,
 * 3-D, 4-D, 1-D, lead-axis sums, inputs smaller than the halo, and boxes
 * too large to tile), and so do the spline kernels
 * (cuda_interp.c) for every order, mode and transform kind — no GPU
 * needed: the backend runs "dry" (cuda_jit.c compiles, nothing launches).
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
#include "backend/cuda/cuda_int.h"
#include "numerics/ndimage.h"

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

/* one stencil of op over a box of rank nd (3 taps per axis, all kept) */
static int compiles(enum st_op op, enum st_mode mode, enum st_sum sum, int nd, int idt, int odt)
{
	int64_t shape[3] = {9, 8, 7}, taps[27 * 3], ntaps = 1;
	double w[27];
	struct stencil s = {.op = op, .mode = mode, .cval = 1.5, .ndim = nd, .sum1d = sum};
	struct ndarray *in = nd_new(ev, &backend_host, idt, nd, shape);
	struct ndarray *out = nd_new(ev, &backend_host, odt, nd, shape);
	int r;
	for (int d = 0; d < nd; d++) {
		/* 1-D sums and the running mean: taps along the last axis only */
		int along = (sum != ST_SUM_TAPS || op == ST_UNIFORM) ? d == nd - 1 : 1;
		s.box[d] = along ? 3 : 1;
		s.start[d] = along ? -1 : 0;
		ntaps *= s.box[d];
	}
	for (int64_t t = 0; t < ntaps; t++) {
		int64_t rem = t;
		for (int d = nd - 1; d >= 0; d--) {
			taps[t * nd + d] = rem % s.box[d];
			rem /= s.box[d];
		}
		w[t] = 0.25 * (double)(t + 1);
	}
	s.ntaps = ntaps;
	s.taps = taps;
	s.weights = w;
	s.rank = ntaps / 2;
	r = in && out && cuda_stencil(ev, &s, in, out) == 0;
	nd_decref(in);
	nd_decref(out);
	return r;
}

/* a weighted sum of 5x5x3 = 75 taps: more than ride in the kernel's
 * parameters, so weights and offsets come from the device buffer */
static int big_box_compiles(enum st_mode mode)
{
	int64_t shape[3] = {9, 8, 7}, box[3] = {5, 5, 3}, taps[75 * 3];
	double w[75];
	struct stencil s = {.op = ST_CORRELATE, .mode = mode, .cval = 0.5, .ndim = 3, .sum1d = ST_SUM_TAPS};
	struct ndarray *in = nd_new(ev, &backend_host, DT_FLOAT32, 3, shape);
	struct ndarray *out = nd_new(ev, &backend_host, DT_FLOAT32, 3, shape);
	int r;
	for (int d = 0; d < 3; d++) {
		s.box[d] = box[d];
		s.start[d] = -box[d] / 2;
	}
	for (int64_t t = 0; t < 75; t++) {
		taps[t * 3] = t / 15;
		taps[t * 3 + 1] = t / 3 % 5;
		taps[t * 3 + 2] = t % 3;
		w[t] = 1.0 / (double)(t + 1);
	}
	s.ntaps = 75;
	s.taps = taps;
	s.weights = w;
	r = in && out && cuda_stencil(ev, &s, in, out) == 0;
	nd_decref(in);
	nd_decref(out);
	return r;
}

/* a stencil over box[nd] whose taps are every `every`-th box point (a
 * weighted sum in order `sum` along axis `along` when sum is a 1-D order),
 * input shape[nd]: the tiled kernel when the box fits its shared tile,
 * the per-element kernel otherwise */
static int box_compiles(enum st_op op, enum st_mode mode, enum st_sum sum, int nd, const int64_t *shape,
			const int64_t *box, int64_t every, int idt, int odt)
{
	int64_t nbox = 1, ntaps = 0, *taps;
	double *w;
	struct stencil s = {.op = op, .mode = mode, .cval = -2.0, .ndim = nd, .sum1d = sum};
	struct ndarray *in = nd_new(ev, &backend_host, idt, nd, shape);
	struct ndarray *out = nd_new(ev, &backend_host, odt, nd, shape);
	int r;
	for (int d = 0; d < nd; d++) {
		s.box[d] = box[d];
		s.start[d] = -box[d] / 2 + (d & 1);
		nbox *= box[d];
	}
	taps = malloc(sizeof(int64_t) * (size_t)(nbox * nd));
	w = malloc(sizeof(double) * (size_t)nbox);
	for (int64_t k = 0; taps && w && k < nbox; k += every) {
		int64_t rem = k;
		for (int d = nd - 1; d >= 0; d--) {
			taps[ntaps * nd + d] = rem % box[d];
			rem /= box[d];
		}
		w[ntaps] = sum == ST_SUM1D_ANTISYMMETRIC ? (double)(k - nbox / 2) : 1.0 / (double)(k + 2);
		ntaps++;
	}
	s.ntaps = ntaps;
	s.taps = taps;
	s.weights = w;
	s.rank = ntaps / 2;
	r = taps && w && in && out && cuda_stencil(ev, &s, in, out) == 0;
	free(taps);
	free(w);
	nd_decref(in);
	nd_decref(out);
	return r;
}

static void tiled_cases(void)
{
	static const int64_t img[2] = {4096, 4096}, box55[2] = {5, 5}, tiny[2] = {3, 2};
	static const int64_t vol[3] = {9, 10, 11}, box333[3] = {3, 3, 3}, col5[3] = {5, 1, 1};
	static const int64_t row7[2] = {1, 7}, hyper[4] = {3, 4, 5, 6}, box4[4] = {2, 1, 3, 2};
	static const int64_t line[1] = {101}, box9[1] = {9}, lead[3] = {70000, 2, 64}, box133[3] = {1, 3, 3};
	static const int64_t wide[2] = {40, 3000}, sparse[2] = {1, 2001}, tall[2] = {3000, 40}, sparse_t[2] = {2001, 1};
	static const int idts[] = {DT_BOOL, DT_INT8, DT_UINT16, DT_UINT32, DT_INT64, DT_UINT64, DT_FLOAT64};
	static const char *const moden[] = {"nearest", "wrap", "reflect", "mirror", "constant"};
	char what[128];
	for (int m = 0; m < 5; m++) {
		snprintf(what, sizeof what, "tiled 5x5 correlate of 4096^2 f32 (the benchmark), mode %s, compiles", moden[m]);
		ok(box_compiles(ST_CORRELATE, (enum st_mode)m, ST_SUM_TAPS, 2, img, box55, 1, DT_FLOAT32, DT_FLOAT32), what);
		snprintf(what, sizeof what, "tiled 3x3x3 correlate f64, mode %s, compiles", moden[m]);
		ok(box_compiles(ST_CORRELATE, (enum st_mode)m, ST_SUM_TAPS, 3, vol, box333, 1, DT_FLOAT64, DT_FLOAT64), what);
		snprintf(what, sizeof what, "tiled 1-D symmetric sum along the lead axis of 3-D, mode %s, compiles", moden[m]);
		ok(box_compiles(ST_CORRELATE, (enum st_mode)m, ST_SUM1D_SYMMETRIC, 3, vol, col5, 1, DT_FLOAT32, DT_FLOAT32), what);
	}
	ok(box_compiles(ST_CORRELATE, ST_REFLECT, ST_SUM_TAPS, 2, tiny, box55, 1, DT_FLOAT32, DT_FLOAT32),
	   "tiled 5x5 over a 3x2 input (smaller than the halo) compiles");
	ok(box_compiles(ST_CORRELATE, ST_WRAP, ST_SUM1D_ANTISYMMETRIC, 2, img, row7, 1, DT_FLOAT32, DT_FLOAT32),
	   "tiled antisymmetric 1-D sum along the last axis compiles");
	ok(box_compiles(ST_CORRELATE, ST_MIRROR, ST_SUM1D_GENERAL, 2, img, row7, 1, DT_FLOAT64, DT_FLOAT64),
	   "tiled general 1-D sum compiles");
	ok(box_compiles(ST_CORRELATE, ST_CONSTANT, ST_SUM_TAPS, 4, hyper, box4, 1, DT_FLOAT32, DT_FLOAT64),
	   "tiled 4-D correlate (two lead axes, one with a box of 2) compiles");
	ok(box_compiles(ST_CORRELATE, ST_NEAREST, ST_SUM_TAPS, 1, line, box9, 1, DT_FLOAT64, DT_FLOAT64),
	   "tiled 1-D correlate (one row) compiles");
	ok(box_compiles(ST_CORRELATE, ST_REFLECT, ST_SUM_TAPS, 3, lead, box133, 1, DT_FLOAT32, DT_FLOAT32),
	   "tiled correlate over 70000 lead points (the grid strides z) compiles");
	ok(box_compiles(ST_MIN, ST_REFLECT, ST_SUM_TAPS, 2, img, box55, 2, DT_FLOAT32, DT_FLOAT32),
	   "tiled minimum over a sparse footprint compiles");
	ok(box_compiles(ST_MAX, ST_CONSTANT, ST_SUM_TAPS, 3, vol, box333, 1, DT_UINT8, DT_UINT8),
	   "tiled maximum 3x3x3 uint8 compiles");
	for (unsigned k = 0; k < sizeof idts / sizeof idts[0]; k++) {
		snprintf(what, sizeof what, "tiled 5x5 correlate %s -> %s compiles", dtype_table[idts[k]].name,
			 dtype_table[idts[(k + 3) % 7]].name);
		ok(box_compiles(ST_CORRELATE, ST_REFLECT, ST_SUM_TAPS, 2, img, box55, 1, idts[k], idts[(k + 3) % 7]), what);
	}
	/* boxes too large for the shared tile: the per-element kernel, weights in the parameters */
	ok(box_compiles(ST_CORRELATE, ST_REFLECT, ST_SUM_TAPS, 2, wide, sparse, 1000, DT_FLOAT32, DT_FLOAT32),
	   "a 3-tap correlate over a 1x2001 box (too wide to tile) compiles");
	ok(box_compiles(ST_CORRELATE, ST_CONSTANT, ST_SUM_TAPS, 2, tall, sparse_t, 1000, DT_FLOAT64, DT_FLOAT64),
	   "a 3-tap correlate over a 2001x1 box (too tall to tile) compiles");
	ok(box_compiles(ST_MAX, ST_WRAP, ST_SUM_TAPS, 2, wide, sparse, 500, DT_INT32, DT_INT32),
	   "a maximum over a 1x2001 box compiles");
}

/* the prefilter and one interpolation of order / mode / kind */
static int interp_compiles(int order, enum im_mode mode, int kind, int odt)
{
	int64_t shape[2] = {6, 7};
	double zoom[2] = {0.5, 0.75}, shift[2] = {0.25, -1.5}, m[4] = {0.8, 0.6, -0.6, 0.8};
	struct interp x = {.order = order, .mode = mode, .cval = 2.0, .npad = 0};
	struct ndarray *c = nd_new(ev, &backend_host, DT_FLOAT64, 2, shape);
	struct ndarray *out = nd_new(ev, &backend_host, odt, 2, shape);
	int r;
	if (kind == 0)
		x.zoom = zoom;
	else if (kind == 1)
		x.shift = shift;
	else {
		x.matrix = m;
		x.shift = shift;
	}
	x.grid_mode = kind == 0 && mode == IM_GRID_CONSTANT;
	r = c && out && (order < 2 || cuda_prefilter(ev, c, 0, order, mode) == 0) &&
	    cuda_interpolate(ev, &x, c, out) == 0;
	nd_decref(c);
	nd_decref(out);
	return r;
}

int main(void)
{
	static const char *const opn[] = {"correlate", "min", "max", "rank", "uniform"};
	static const char *const moden[] = {"nearest", "wrap", "reflect", "mirror", "constant"};
	static const char *const sumn[] = {"taps", "symmetric", "antisymmetric", "general"};
	static const int dts[][2] = {{DT_FLOAT32, DT_FLOAT32}, {DT_FLOAT64, DT_FLOAT64},
				     {DT_UINT8, DT_UINT8}, {DT_INT64, DT_FLOAT32}, {DT_BOOL, DT_UINT64},
				     {DT_INT16, DT_INT32}};
	char dir[] = "/tmp/lumen-stencil-XXXXXX";
	engine_init_layers();
	ev = ev_new();
	if (!ev || !mkdtemp(dir)) {
		puts("1..0 # SKIP no evaluator");
		return 0;
	}
	setenv("LUMEN_KERNEL_CACHE", dir, 1);
	jit_dry_run = 1;
	printf("1..%d\n", 5 * 5 + 3 * 5 + 6 * 3 + 6 + 7 + 6 + 2 + 3 * 5 + 8 + 7 + 3);
	ok(big_box_compiles(ST_REFLECT), "correlate over 75 taps (weights in a device buffer), mode reflect, compiles");
	ok(big_box_compiles(ST_CONSTANT), "correlate over 75 taps, mode constant, compiles");
	tiled_cases();
	for (int op = 0; op < 5; op++)
		for (int m = 0; m < 5; m++) {
			char what[96];
			snprintf(what, sizeof what, "%s stencil, mode %s, 2-D f32 compiles", opn[op], moden[m]);
			ok(compiles((enum st_op)op, (enum st_mode)m, ST_SUM_TAPS, 2, DT_FLOAT32, DT_FLOAT32), what);
		}
	for (int s = 1; s < 4; s++)
		for (int m = 0; m < 5; m++) {
			char what[96];
			snprintf(what, sizeof what, "1-D correlate, %s sum, mode %s compiles", sumn[s], moden[m]);
			ok(compiles(ST_CORRELATE, (enum st_mode)m, (enum st_sum)s, 3, DT_FLOAT64, DT_FLOAT64), what);
		}
	for (int k = 0; k < 6; k++)
		for (int nd = 1; nd <= 3; nd++) {
			char what[96];
			snprintf(what, sizeof what, "correlate %s -> %s, %d-D compiles",
				 dtype_table[dts[k][0]].name, dtype_table[dts[k][1]].name, nd);
			ok(compiles(ST_CORRELATE, ST_REFLECT, ST_SUM_TAPS, nd, dts[k][0], dts[k][1]), what);
		}
	/* every order (kinds and modes rotating), then every mode at order 3:
	 * each NVRTC compile of a spline kernel is slow */
	for (int order = 0; order <= 5; order++) {
		char what[96];
		snprintf(what, sizeof what, "spline order %d (mode %d, kind %d) compiles", order, order % 7,
			 order % 3);
		ok(interp_compiles(order, (enum im_mode)(order % 7), order % 3, DT_FLOAT64), what);
	}
	for (int m = 0; m < 7; m++) {
		char what[96];
		snprintf(what, sizeof what, "spline mode %d (order 3, kind %d) compiles", m, m % 3);
		ok(interp_compiles(3, (enum im_mode)m, m % 3, DT_FLOAT32), what);
	}
	{
		static const int odts[] = {DT_UINT8, DT_INT16, DT_INT64, DT_UINT64, DT_BOOL, DT_INT32};
		for (int k = 0; k < 6; k++) {
			char what[96];
			snprintf(what, sizeof what, "spline output %s compiles", dtype_table[odts[k]].name);
			ok(interp_compiles(3, IM_CONSTANT, 2, odts[k]), what);
		}
	}
	return 0;
}
#else
int main(void)
{
	puts("1..0 # SKIP built without CUDA");
	return 0;
}
#endif
