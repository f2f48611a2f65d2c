/*
 * cuda_stencil.c — the CUDA backend's stencil entry (backend.h): one
 * generated kernel per (ndim, dtypes, op, mode, sum order, box, number of
 * taps), compiled by NVRTC and cached by cuda_jit.c (its source is its key).
 * A weighted sum of at most ST_MAX_PARAM taps or a min / max whose box fits
 * a shared-memory tile runs the tiled kernel (below: the tile and its halo
 * loaded once per block, the mode applied while loading, the taps read
 * from shared memory at literal offsets).  Otherwise:
 * one thread per output element; an element whose whole box lies inside
 * the input reads through precomputed tap offsets, the others extend each
 * coordinate by the mode.  Sums are SciPy's, in double precision and in
 * the host's order without FMA contraction, so results equal the host's.
 * ST_UNIFORM runs one thread per line (SciPy's running mean, its inputs
 * loaded 16 steps ahead).  Weights and taps travel in a small device
 * buffer per call; a weighted sum of at most
 * ST_MAX_PARAM taps (convolve/correlate) gets its weights and interior
 * offsets as a kernel parameter instead (the constant bank: no loads), and
 * its interior elements a loop of their own.  Outputs below 2^31 index in
 * 32 bits (the coordinate divisions are the kernel's main cost).
 */
#include "config.h"
#ifdef HAVE_CUDA
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "array/arrapi.h"
#include "numerics/ndimage.h"
#include "backend/host/host.h"
#include "backend/cuda/cuda_int.h"
#include "lang/error.h"
#include "lang/strbuf.h"

#define ST_MAX_LOCAL 1024   /* taps a thread may hold for rank / 1-D sums */
#define ST_RANK_UNROLL 27   /* taps of a rank filter selected in registers (3x3x3) */
#define ST_MAX_PARAM 64     /* taps whose weights and offsets ride in the parameters */

/* the weighted sum's taps ride in the parameters */
static int param_taps(const struct stencil *s)
{
	return s->op == ST_CORRELATE && s->sum1d == ST_SUM_TAPS && s->ntaps <= ST_MAX_PARAM;
}

static const char *ctype(int dt)
{
	switch (dt) {
	case DT_BOOL: case DT_UINT8: return "unsigned char";
	case DT_INT8: return "signed char";
	case DT_INT16: return "short";
	case DT_UINT16: return "unsigned short";
	case DT_INT32: return "int";
	case DT_UINT32: return "unsigned int";
	case DT_INT64: return "long long";
	case DT_UINT64: return "unsigned long long";
	case DT_FLOAT32: return "float";
	default: return "double";
	}
}

/* C cast of double v to the output type, as ndi_store does */
static const char *store_expr(int dt)
{
	switch (dt) {
	case DT_FLOAT32: return "(float)v";
	case DT_FLOAT64: return "v";
	case DT_INT64: return "(long long)v";
	case DT_UINT64: return "(v < 0 ? (unsigned long long)(long long)v : (unsigned long long)v)";
	default: return "(OUT_T)(long long)v";
	}
}

/* kernels/stencil_prelude.cuh, embedded by kernels/embed.sh */
static const char prelude[] =
#include "kernels/stencil_prelude.inc"
	;

/* the tap value t of the element with coordinates o (interior: base + toff) */
/* kernels/stencil_tapval.cuh, embedded by kernels/embed.sh */
static const char tapval[] =
#include "kernels/stencil_tapval.inc"
	;

static char *gen_source(const struct stencil *s, int idt, int odt, int idx32)
{
	struct sbuf b = {0};
	int nd = s->ndim, wpar = param_taps(s);
	sb_printf(&b, "#define ND %d\n#define NT %lld\n#define MODE %d\ntypedef %s IN_T;\ntypedef %s OUT_T;\n",
	       nd, (long long)s->ntaps, (int)s->mode, ctype(idt), ctype(odt));
	sb_printf(&b, "%s", prelude);
	if (s->op == ST_UNIFORM) {
		int axis = 0;
		for (int d = 0; d < nd; d++)
			if (s->box[d] > 1)
				axis = d;
		sb_printf(&b, "#define AXIS %d\n", axis);
		sb_printf(&b, "__device__ __forceinline__ double at(const IN_T *x, long long base, long long e,\n"
		       "    const P &p) { long long q = ext(p.start[AXIS] + e, p.ishape[AXIS]);\n"
		       "  return q < 0 ? p.cval : ld(x, base + q * p.istride[AXIS]); }\n");
		sb_printf(&b,
		       "extern \"C\" __global__ void lm_stencil(const IN_T *__restrict__ x, OUT_T *__restrict__ y,\n"
		       "    const double *__restrict__ w, const long long *__restrict__ taps,\n"
		       "    const long long *__restrict__ toff, P p) {\n"
		       "  long long lines = p.n / p.oshape[AXIS], len = p.oshape[AXIS];\n"
		       "  for (long long l = blockIdx.x * (long long)blockDim.x + threadIdx.x; l < lines;\n"
		       "       l += (long long)gridDim.x * blockDim.x) {\n"
		       "    long long rem = l, base = 0, obase = 0, ostr = 1;\n"
		       "    long long o[ND];\n"
		       "    for (int d = ND - 1; d >= 0; d--) { if (d == AXIS) continue;\n"
		       "      o[d] = rem %% p.oshape[d]; rem /= p.oshape[d]; }\n"
		       "    for (int d = ND - 1; d >= 0; d--) {\n"
		       "      if (d != AXIS) { base += o[d] * p.istride[d]; obase += o[d] * ostr; }\n"
		       "      ostr *= p.oshape[d]; }\n"
		       "#define AT(e) at(x, base, (e), p)\n"
		       "    double tmp = 0.0, v;\n"
		       "    for (long long k = 0; k < NT; k++) tmp = __dadd_rn(tmp, AT(k));\n"
		       "    tmp = __ddiv_rn(tmp, (double)NT);\n"
		       "    v = tmp; y[obase] = %s;\n"
		       /* the values entering and leaving the window are read 16
			* steps ahead (the loads no longer wait one by one on the
			* running sum; the same operations in the same order) */
		       "    long long j = 1;\n"
		       "    for (; j + 16 <= len; j += 16) {\n"
		       "      double a_in[16], a_out[16];\n"
		       "#pragma unroll\n"
		       "      for (int u = 0; u < 16; u++) { a_in[u] = AT(j + u + NT - 1); a_out[u] = AT(j + u - 1); }\n"
		       "#pragma unroll\n"
		       "      for (int u = 0; u < 16; u++) {\n"
		       "        tmp = __dadd_rn(tmp, __ddiv_rn(__dsub_rn(a_in[u], a_out[u]), (double)NT));\n"
		       "        v = tmp; y[obase + (j + u) * p.ostride_line] = %s;\n"
		       "      }\n"
		       "    }\n"
		       "    for (; j < len; j++) {\n"
		       "      tmp = __dadd_rn(tmp, __ddiv_rn(__dsub_rn(AT(j + NT - 1), AT(j - 1)), (double)NT));\n"
		       "      v = tmp; y[obase + j * p.ostride_line] = %s;\n"
		       "    }\n  }\n}\n", store_expr(odt), store_expr(odt), store_expr(odt));
		goto out;
	}
	sb_printf(&b, "%s", tapval);
	sb_printf(&b, "__constant__ long long BOX[ND] = {");
	for (int d = 0; d < nd; d++)
		sb_printf(&b, "%s%lld", d ? ", " : "", (long long)s->box[d]);
	sb_printf(&b, "};\n");
	if (wpar)
		sb_printf(&b, "struct W { double w[NT]; long long toff[NT]; };\n");
	sb_printf(&b,
	       "extern \"C\" __global__ void lm_stencil(const IN_T *__restrict__ x, OUT_T *__restrict__ y,\n"
	       "    const double *__restrict__ w, const long long *__restrict__ taps,\n"
	       "    const long long *__restrict__ toff, P p%s) {\n", wpar ? ", W wp" : "");
	if (idx32)
		sb_printf(&b,
		       "  for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < (unsigned int)p.n;\n"
		       "       i += gridDim.x * blockDim.x) {\n"
		       "    long long o[ND], base = 0; unsigned int rem = i; bool interior = true;\n"
		       "    for (int d = ND - 1; d >= 0; d--) { unsigned int sd = (unsigned int)p.oshape[d];\n"
		       "      o[d] = rem %% sd; rem /= sd; }\n");
	else
		sb_printf(&b,
		       "  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < p.n;\n"
		       "       i += (long long)gridDim.x * blockDim.x) {\n"
		       "    long long o[ND], rem = i, base = 0; bool interior = true;\n"
		       "    for (int d = ND - 1; d >= 0; d--) { o[d] = rem %% p.oshape[d]; rem /= p.oshape[d]; }\n");
	sb_printf(&b,
	       "    for (int d = 0; d < ND; d++) {\n"
	       "      long long c = o[d] + p.start[d];\n"
	       "      if (c < 0 || c + BOX[d] > p.ishape[d]) interior = false;\n"
	       "      base += c * p.istride[d];\n"
	       "    }\n"
	       "    double v;\n");
	switch (s->op) {
	case ST_CORRELATE:
		if (wpar) {
			/* the same sum in the same order, the interior unswitched */
			sb_printf(&b, "    v = 0.0;\n    if (interior) {\n      #pragma unroll\n      for (int t = 0; t < NT; t++)\n"
			       "        v = __dadd_rn(v, __dmul_rn(ld(x, base + wp.toff[t]), wp.w[t]));\n"
			       "    } else {\n      for (int t = 0; t < NT; t++)\n"
			       "        v = __dadd_rn(v, __dmul_rn(edge(x, o, taps, t, p), wp.w[t]));\n    }\n");
		} else if (s->sum1d == ST_SUM_TAPS) {
			sb_printf(&b, "    v = 0.0;\n    #pragma unroll 8\n    for (int t = 0; t < NT; t++)\n"
			       "      v = __dadd_rn(v, __dmul_rn(TAPVAL(t), w[t]));\n");
		} else {
			sb_printf(&b, "    double a[NT];\n    #pragma unroll 8\n    for (int t = 0; t < NT; t++) a[t] = TAPVAL(t);\n");
			if (s->sum1d == ST_SUM1D_SYMMETRIC)
				sb_printf(&b, "    const int c = NT / 2;\n    v = __dmul_rn(a[c], w[c]);\n    for (int j = c; j >= 1; j--)\n"
				       "      v = __dadd_rn(v, __dmul_rn(__dadd_rn(a[c - j], a[c + j]), w[c - j]));\n");
			else if (s->sum1d == ST_SUM1D_ANTISYMMETRIC)
				sb_printf(&b, "    const int c = NT / 2;\n    v = __dmul_rn(a[c], w[c]);\n    for (int j = c; j >= 1; j--)\n"
				       "      v = __dadd_rn(v, __dmul_rn(__dsub_rn(a[c - j], a[c + j]), w[c - j]));\n");
			else
				sb_printf(&b, "    v = __dmul_rn(a[NT - 1], w[NT - 1]);\n    for (int k = 0; k < NT - 1; k++)\n"
				       "      v = __dadd_rn(v, __dmul_rn(a[k], w[k]));\n");
		}
		break;
	case ST_MIN:
	case ST_MAX:
		sb_printf(&b, "    v = TAPVAL(0);\n    for (int t = 1; t < NT; t++) { double q = TAPVAL(t);\n"
		       "      if (q %c v) v = q; }\n", s->op == ST_MIN ? '<' : '>');
		break;
	default:
		/* rank: partial selection sort up to the rank.  Up to ST_RANK_UNROLL
		 * taps the loops are unrolled and the swap written as a predicated
		 * store to every later slot, so every index is a literal and the
		 * taps stay in registers (a runtime index put them in local
		 * memory); the same selection, the same swaps. */
		if (s->ntaps <= ST_RANK_UNROLL)
			sb_printf(&b, "    double a[NT];\n    #pragma unroll\n    for (int t = 0; t < NT; t++) a[t] = TAPVAL(t);\n"
			       "    #pragma unroll\n    for (int k = 0; k <= %lld; k++) { int m = k; double mv = a[k], q = a[k];\n"
			       "      #pragma unroll\n      for (int t = k + 1; t < NT; t++) if (a[t] < mv) { m = t; mv = a[t]; }\n"
			       "      #pragma unroll\n      for (int t = k + 1; t < NT; t++) if (t == m) a[t] = q;\n"
			       "      a[k] = mv; }\n"
			       "    v = a[%lld];\n", (long long)s->rank, (long long)s->rank);
		else
			sb_printf(&b, "    double a[NT];\n    for (int t = 0; t < NT; t++) a[t] = TAPVAL(t);\n"
			       "    for (int k = 0; k <= %lld; k++) { int m = k;\n"
			       "      for (int t = k + 1; t < NT; t++) if (a[t] < a[m]) m = t;\n"
			       "      double q = a[k]; a[k] = a[m]; a[m] = q; }\n"
			       "    v = a[%lld];\n", (long long)s->rank, (long long)s->rank);
		break;
	}
	sb_printf(&b, "    y[i] = %s;\n  }\n}\n", store_expr(odt));
out:
	if (b.oom) {
		free(b.s);
		return NULL;
	}
	return b.s;
}

/* ---- the tiled kernel ----
 * A weighted sum (<= ST_MAX_PARAM taps, any sum order) or a min / max over
 * a footprint that fits a shared-memory tile.  The array is seen as
 * (lead..., rows, cols) (1-D: one row).  A block of bx x by threads owns
 * an output tile of bx x by*r along (cols, rows) and one point of the lead
 * dims: it loads the tile plus its halo (box - 1 along rows and cols, the
 * box along lead dims) once, converted to double, applying the mode only
 * where the halo leaves the input; then each thread computes r outputs of
 * one column from shared memory with the taps' offsets as literals and the
 * weights in the parameters (the constant bank).  A value is read from
 * global memory about (1 + halo / tile) times instead of once per tap,
 * converted once, and no output does index arithmetic per tap.  The block
 * is 32 x 8 (r = 4); 256 x 1 (r = 1) for fewer than 8 rows; narrower and
 * taller (r = 1) for fewer than 32 columns. */
#define TILE_THREADS 256
#define TILE_RMAX 4
#define TILE_MAX_SHARED (40 * 1024)

/* the tile's view of a stencil: rank >= 2, lead dims first */
struct tiling {
	int nd;                           /* >= 2 */
	int64_t oshape[ND_MAXDIM], ishape[ND_MAXDIM], istride[ND_MAXDIM], start[ND_MAXDIM];
	int64_t box[ND_MAXDIM];
	int bx, by, r;                    /* block shape, outputs per thread */
	int64_t ox, oy;                   /* output tile: bx, by * r */
	int64_t ex, ey, rows;             /* tile extent along cols, rows; rows of the tile (lead included) */
	int64_t nlead;                    /* outputs' lead points */
};

static int tile_plan(const struct stencil *s, const struct ndarray *in, const struct ndarray *out,
		     struct tiling *tl)
{
	int pad = s->ndim < 2 ? 2 - s->ndim : 0, nd = s->ndim + pad;
	int64_t lead_box = 1;
	if (!(s->op == ST_CORRELATE || s->op == ST_MIN || s->op == ST_MAX) || s->ntaps > ST_MAX_PARAM)
		return 0;
	tl->nd = nd;
	tl->nlead = 1;
	for (int d = 0; d < nd; d++) {
		int k = d - pad;
		tl->oshape[d] = k < 0 ? 1 : out->shape[k];
		tl->ishape[d] = k < 0 ? 1 : in->shape[k];
		tl->istride[d] = k < 0 ? 0 : in->strides[k];
		tl->start[d] = k < 0 ? 0 : s->start[k];
		tl->box[d] = k < 0 ? 1 : s->box[k];
		if (tl->box[d] > 1024)
			return 0;
		if (d < nd - 2) {
			lead_box *= tl->box[d];
			tl->nlead *= tl->oshape[d];
			if (lead_box > 1024)
				return 0;
		}
	}
	{
		int64_t rows = tl->oshape[nd - 2], cols = tl->oshape[nd - 1];
		if (rows < 8) {
			tl->bx = TILE_THREADS, tl->by = 1, tl->r = 1;
		} else if (cols < 32) {
			for (tl->bx = 1; tl->bx < cols; tl->bx *= 2)
				;
			tl->by = TILE_THREADS / tl->bx, tl->r = 1;
		} else {
			tl->bx = 32, tl->by = TILE_THREADS / 32, tl->r = TILE_RMAX;
		}
		tl->ox = tl->bx;
		tl->oy = (int64_t)tl->by * tl->r;
		/* a tile mostly outside a large output: the per-element kernel */
		if ((rows < tl->oy ? rows : tl->oy) * (cols < tl->ox ? cols : tl->ox) * 4 < tl->ox * tl->oy &&
		    nd_size(out) > (1 << 16))
			return 0;
	}
	tl->ey = tl->oy + tl->box[nd - 2] - 1;
	tl->ex = tl->ox + tl->box[nd - 1] - 1;
	tl->rows = lead_box * tl->ey;
	if (tl->rows * tl->ex * (int64_t)sizeof(double) > TILE_MAX_SHARED)
		return 0;
	/* grid: x over column tiles, y over row tiles (<= 65535), z strides the lead */
	return (tl->oshape[nd - 2] + tl->oy - 1) / tl->oy <= 65535 &&
	       (tl->oshape[nd - 1] + tl->ox - 1) / tl->ox <= 0x7fffffff;
}

/* the offset in the tile of tap t's first output */
static int64_t tile_off(const struct stencil *s, const struct tiling *tl, int64_t t)
{
	int pad = tl->nd - s->ndim;
	int64_t lin = 0;
	for (int d = 0; d < tl->nd; d++) {
		int64_t c = d < pad ? 0 : s->taps[t * s->ndim + (d - pad)];
		int64_t ext = d == tl->nd - 1 ? tl->ex : d == tl->nd - 2 ? tl->ey : tl->box[d];
		lin = lin * ext + c;
	}
	return lin;
}

/* Sums in tap order (or min / max) whose taps come in the tile's order can
 * stream the tile's rows: each row's values are read from shared memory
 * once into registers and feed every output of the thread that uses them. */
static int tile_streams(const struct stencil *s, const struct tiling *tl)
{
	if (!((s->op == ST_CORRELATE && s->sum1d == ST_SUM_TAPS) || s->op == ST_MIN || s->op == ST_MAX))
		return 0;
	for (int64_t t = 1; t < s->ntaps; t++)
		if (tile_off(s, tl, t) <= tile_off(s, tl, t - 1))
			return 0;
	return 1;
}

/* The thread's r outputs (rows ty*R .. ty*R+R-1 of its column) walking
 * the tile's rows in order: row i of lead point L holds the taps of row
 * i - r of the box for output r, so each acc[r] takes its taps in order. */
static int emit_streamed(struct sbuf *b, const struct stencil *s, const struct tiling *tl)
{
	int nd = tl->nd;
	int64_t by = tl->box[nd - 2], bx = tl->box[nd - 1], nl = tl->rows / tl->ey, nt = s->ntaps;
	int started[TILE_RMAX] = {0}, R = tl->r;
	char *need = calloc((size_t)bx, 1);
	if (!need)
		return -1;
	sb_printf(b, "    const double *s = S + ty * R * EX + tx;\n");
	for (int r = 0; r < R && s->op == ST_CORRELATE; r++)
		sb_printf(b, "    acc[%d] = 0.0;\n", r);
	for (int64_t l = 0; l < nl; l++)
		for (int64_t i = 0; i < R + by - 1; i++) {
			int any = 0;
			memset(need, 0, (size_t)bx);
			for (int64_t t = 0; t < nt; t++) {
				int64_t off = tile_off(s, tl, t), tx = off % tl->ex, row = off / tl->ex;
				int64_t ty = row % tl->ey;
				if (row / tl->ey == l && ty <= i && i - ty < R)
					need[tx] = 1, any = 1;
			}
			if (!any)
				continue;
			sb_printf(b, "    {");
			for (int64_t c = 0; c < bx; c++)
				if (need[c])
					sb_printf(b, " const double c%lld = s[%lld];", (long long)c,
					       (long long)((l * tl->ey + i) * tl->ex + c));
			sb_printf(b, "\n");
			for (int r = 0; r < R; r++)
				for (int64_t t = 0; t < nt; t++) {
					int64_t off = tile_off(s, tl, t), tx = off % tl->ex, row = off / tl->ex;
					if (row / tl->ey != l || row % tl->ey != i - r)
						continue;
					if (s->op == ST_CORRELATE)
						sb_printf(b, "      acc[%d] = __dadd_rn(acc[%d], __dmul_rn(c%lld, wp.w[%lld]));\n",
						       r, r, (long long)tx, (long long)t);
					else if (!started[r])
						sb_printf(b, "      acc[%d] = c%lld;\n", r, (long long)tx);
					else
						sb_printf(b, "      if (c%lld %c acc[%d]) acc[%d] = c%lld;\n", (long long)tx,
						       s->op == ST_MIN ? '<' : '>', r, r, (long long)tx);
					started[r] = 1;
				}
			sb_printf(b, "    }\n");
		}
	free(need);
	return 0;
}

static char *gen_tile_source(const struct stencil *s, const struct tiling *tl, int idt, int odt)
{
	struct sbuf b = {0};
	int nd = tl->nd;
	int64_t nt = s->ntaps;
	sb_printf(&b, "#define ND %d\n#define NT %lld\n#define MODE %d\ntypedef %s IN_T;\ntypedef %s OUT_T;\n",
	       nd, (long long)nt, (int)s->mode, ctype(idt), ctype(odt));
	sb_printf(&b, "#define BX %d\n#define BY %d\n#define R %d\n#define OX %d\n#define OY %d\n"
	       "#define EX %lld\n#define EY %lld\n#define ROWS %lld\n",
	       tl->bx, tl->by, tl->r, (int)tl->ox, (int)tl->oy, (long long)tl->ex, (long long)tl->ey, (long long)tl->rows);
	sb_printf(&b, "%s", prelude);
	sb_printf(&b, "__constant__ long long LBOX[ND] = {");
	for (int d = 0; d < nd; d++)
		sb_printf(&b, "%s%lld", d ? ", " : "", (long long)tl->box[d]);
	sb_printf(&b, "};\n");
	sb_printf(&b, "struct W { double w[%s]; };\n", s->op == ST_CORRELATE ? "NT" : "1");
	sb_printf(&b,
	       "extern \"C\" __global__ void __launch_bounds__(BX * BY) lm_stencil_tile(\n"
	       "    const IN_T *__restrict__ x, OUT_T *__restrict__ y, P p, W wp) {\n"
	       "  __shared__ double S[ROWS * EX];\n"
	       "  const int tx = threadIdx.x, ty = threadIdx.y;\n"
	       "  const long long ox0 = (long long)blockIdx.x * OX, oy0 = (long long)blockIdx.y * OY;\n"
	       "  const long long nlead = p.n;\n"
	       "  for (long long z = blockIdx.z; z < nlead; z += gridDim.z) {\n"
	       "    long long c0[ND];\n"
	       "    { long long rem = z;\n"
	       "      for (int d = ND - 3; d >= 0; d--) { c0[d] = rem %% p.oshape[d] + p.start[d]; rem /= p.oshape[d]; } }\n"
	       "    c0[ND - 2] = oy0 + p.start[ND - 2];\n"
	       "    c0[ND - 1] = ox0 + p.start[ND - 1];\n"
	       "    bool inside = true; long long base = 0;\n"
	       "    for (int d = 0; d < ND; d++) {\n"
	       "      long long e = d == ND - 1 ? EX : d == ND - 2 ? EY : LBOX[d];\n"
	       "      if (c0[d] < 0 || c0[d] + e > p.ishape[d]) inside = false;\n"
	       "      base += c0[d] * p.istride[d];\n"
	       "    }\n"
	       "    __syncthreads();\n"
	       "    for (int row = ty; row < ROWS; row += BY) {\n"
	       "      int er = row %% EY, rem = row / EY;\n"
	       "      double *srow = S + row * EX;\n"
	       "      if (inside) {\n"
	       "        long long off = base + er * p.istride[ND - 2];\n"
	       "        for (int d = ND - 3; d >= 0; d--) { int bd = (int)LBOX[d]; off += (rem %% bd) * p.istride[d]; rem /= bd; }\n"
	       "        for (int c = tx; c < EX; c += BX) srow[c] = ld(x, off + c * p.istride[ND - 1]);\n"
	       "      } else {\n"
	       "        long long off = 0, q = ext(c0[ND - 2] + er, p.ishape[ND - 2]);\n"
	       "        bool outside = q < 0;\n"
	       "        off = q * p.istride[ND - 2];\n"
	       "        for (int d = ND - 3; d >= 0; d--) { int bd = (int)LBOX[d];\n"
	       "          q = ext(c0[d] + rem %% bd, p.ishape[d]); rem /= bd;\n"
	       "          if (q < 0) outside = true; off += q * p.istride[d]; }\n"
	       "        for (int c = tx; c < EX; c += BX) {\n"
	       "          long long qc = ext(c0[ND - 1] + c, p.ishape[ND - 1]);\n"
	       "          srow[c] = (outside || qc < 0) ? p.cval : ld(x, off + qc * p.istride[ND - 1]);\n"
	       "        }\n"
	       "      }\n"
	       "    }\n"
	       "    __syncthreads();\n"
	       "    double acc[R];\n");
	if (tile_streams(s, tl)) {
		if (emit_streamed(&b, s, tl) < 0)
			b.oom = 1;
		goto store;
	}
	sb_printf(&b,
	       "    #pragma unroll\n"
	       "    for (int r = 0; r < R; r++) {\n"
	       "      const double *s = S + (ty * R + r) * EX + tx;\n"
	       "      double v;\n");
	switch (s->op) {
	case ST_CORRELATE:
		switch (s->sum1d) {
		case ST_SUM_TAPS:
			sb_printf(&b, "      v = 0.0;\n");
			for (int64_t t = 0; t < nt; t++)
				sb_printf(&b, "      v = __dadd_rn(v, __dmul_rn(s[%lld], wp.w[%lld]));\n",
				       (long long)tile_off(s, tl, t), (long long)t);
			break;
		case ST_SUM1D_SYMMETRIC:
		case ST_SUM1D_ANTISYMMETRIC: {
			int64_t c = nt / 2;
			const char *op = s->sum1d == ST_SUM1D_SYMMETRIC ? "__dadd_rn" : "__dsub_rn";
			sb_printf(&b, "      v = __dmul_rn(s[%lld], wp.w[%lld]);\n", (long long)tile_off(s, tl, c), (long long)c);
			for (int64_t j = c; j >= 1; j--)
				sb_printf(&b, "      v = __dadd_rn(v, __dmul_rn(%s(s[%lld], s[%lld]), wp.w[%lld]));\n", op,
				       (long long)tile_off(s, tl, c - j), (long long)tile_off(s, tl, c + j),
				       (long long)(c - j));
			break;
		}
		default:
			sb_printf(&b, "      v = __dmul_rn(s[%lld], wp.w[%lld]);\n", (long long)tile_off(s, tl, nt - 1),
			       (long long)(nt - 1));
			for (int64_t k = 0; k < nt - 1; k++)
				sb_printf(&b, "      v = __dadd_rn(v, __dmul_rn(s[%lld], wp.w[%lld]));\n",
				       (long long)tile_off(s, tl, k), (long long)k);
			break;
		}
		break;
	default:
		sb_printf(&b, "      v = s[%lld];\n", (long long)tile_off(s, tl, 0));
		for (int64_t t = 1; t < nt; t++)
			sb_printf(&b, "      { double q = s[%lld]; if (q %c v) v = q; }\n", (long long)tile_off(s, tl, t),
			       s->op == ST_MIN ? '<' : '>');
		break;
	}
	sb_printf(&b,
	       "      acc[r] = v;\n"
	       "    }\n");
store:
	sb_printf(&b,
	       "    const long long ox = ox0 + tx, W_ = p.oshape[ND - 1], H_ = p.oshape[ND - 2];\n"
	       "    if (ox < W_) {\n"
	       "      #pragma unroll\n"
	       "      for (int r = 0; r < R; r++) {\n"
	       "        long long oy = oy0 + ty * R + r;\n"
	       "        if (oy < H_) { double v = acc[r]; y[(z * H_ + oy) * W_ + ox] = %s; }\n"
	       "      }\n"
	       "    }\n"
	       "  }\n"
	       "}\n", store_expr(odt));
	if (b.oom) {
		free(b.s);
		return NULL;
	}
	return b.s;
}

/* Runs the tiled kernel: 1 done, 0 not launched (error set when < 0). */
static int tile_run(struct eval *ev, const struct stencil *s, const struct tiling *tl,
		    const struct ndarray *in, struct ndarray *out)
{
	int nd = tl->nd;
	char pk[sizeof(long long) * (4 * ND_MAXDIM + 3)], *q = pk;
	double wpk[ST_MAX_PARAM];
	long long one = 1, nlead = (long long)tl->nlead;
	double cval = s->cval;
	char *src;
	void *fn, *args[4], *xp, *yp;
	unsigned grid[3], block[3] = {(unsigned)tl->bx, (unsigned)tl->by, 1};
	struct {
		char tag[16];
		int64_t v[14 + ND_MAXDIM + ST_MAX_PARAM];
	} key;
	size_t keylen;

	/* the kernel's P: four arrays of nd, then ostride_line (unused), cval, n (the lead points) */
	for (int a = 0; a < 4; a++) {
		const int64_t *v = a == 0 ? tl->oshape : a == 1 ? tl->ishape : a == 2 ? tl->istride : tl->start;
		for (int d = 0; d < nd; d++) {
			long long l = (long long)v[d];
			memcpy(q, &l, sizeof l);
			q += sizeof l;
		}
	}
	memcpy(q, &one, sizeof one); q += sizeof one;
	memcpy(q, &cval, sizeof cval); q += sizeof cval;
	memcpy(q, &nlead, sizeof nlead);
	memset(wpk, 0, sizeof wpk);
	for (int64_t t = 0; s->op == ST_CORRELATE && t < s->ntaps; t++)
		wpk[t] = s->weights ? s->weights[t] : 0.0;
	/* what the source depends on, the memory cache's key: a repeated
	 * filter neither generates nor hashes its source */
	{
		int64_t *k = key.v;
		memcpy(key.tag, "lm_stencil_tile", sizeof key.tag);
		*k++ = in->dtype; *k++ = out->dtype; *k++ = s->op; *k++ = s->mode; *k++ = s->sum1d;
		*k++ = nd; *k++ = s->ndim; *k++ = tl->ex; *k++ = tl->ey; *k++ = tl->rows; *k++ = s->ntaps;
		*k++ = tl->bx; *k++ = tl->by; *k++ = tl->r;
		for (int d = 0; d < nd; d++)
			*k++ = tl->box[d];
		for (int64_t t = 0; t < s->ntaps; t++)
			*k++ = tile_off(s, tl, t);
		keylen = (size_t)((char *)k - (char *)&key);
	}
	if (!(fn = jit_dry_run ? NULL : jit_lookup(&key, keylen))) {
		if (!(src = gen_tile_source(s, tl, in->dtype, out->dtype)))
			return err_nomem(ev), -1;
		fn = jit_get(ev, src, "lm_stencil_tile", 0, NULL);
		free(src);
		if (!fn)
			return -1;
		if (jit_dry_run)
			return 1;
		jit_remember(&key, keylen, fn);
	}
	if (cuda_ready(ev) < 0)
		return -1;
	grid[0] = (unsigned)((tl->oshape[nd - 1] + tl->ox - 1) / tl->ox);
	grid[1] = (unsigned)((tl->oshape[nd - 2] + tl->oy - 1) / tl->oy);
	grid[2] = (unsigned)(tl->nlead < 65535 ? tl->nlead : 65535);
	xp = nd_data(in);
	yp = nd_data(out);
	args[0] = &xp;
	args[1] = &yp;
	args[2] = pk;
	args[3] = wpk;
	return jit_launch(ev, fn, grid, block, 0, args) < 0 ? -1 : 1;
}

/* 0-d or empty input: the kernels index a shape, so the host backend's
 * stencil runs on host copies and out gets its result (a fallback,
 * cuda_fallback.c) */
static int stencil_via_host(struct eval *ev, const struct stencil *s, const struct ndarray *in,
			    struct ndarray *out)
{
	struct ndarray *hin = arr_to_host(ev, in);
	struct ndarray *hout = hin ? nd_new(ev, &backend_host, out->dtype, out->ndim, out->shape) : NULL;
	int rc = hout && backend_host.stencil(ev, s, hin, hout) == 0
		 && out->buf->be->from_host(ev, out, nd_data(hout)) == 0 ? 0 : -1;
	nd_decref(hin);
	nd_decref(hout);
	if (rc == 0)
		cuda_fallback_count(FB_NDIMAGE_EMPTY);
	return rc;
}

int cuda_stencil(struct eval *ev, const struct stencil *s, const struct ndarray *in,
		 struct ndarray *out)
{
	struct {
		long long oshape[ND_MAXDIM], ishape[ND_MAXDIM], istride[ND_MAXDIM], start[ND_MAXDIM];
		long long ostride_line;
		double cval;
		long long n;
	} hp;  /* packed to the kernel's P for this ndim below */
	int nd = s->ndim, isz = dt_size(in->dtype);
	int64_t n = nd_size(out), nt = s->ntaps;
	size_t wbytes, pbytes;
	char *src, *hbuf = NULL, *dbuf = NULL, *pk = NULL, *wpk = NULL;
	void *fn, *args[7];
	int rc = -1, wpar = param_taps(s), idx32 = n < ((int64_t)1 << 31);

	if (n == 0)
		return 0;
	if (nd == 0 || nd_size(in) == 0)
		return stencil_via_host(ev, s, in, out);
	if (((s->op == ST_RANK || (s->op == ST_CORRELATE && s->sum1d != ST_SUM_TAPS)) && nt > ST_MAX_LOCAL))
		return err_set(ev, TY_NotImplementedError,
			       "this scipy.ndimage filter (more than %d taps for a rank or 1-D "
			       "filter) is not supported on the GPU", ST_MAX_LOCAL), -1;
	if (in->dtype == DT_FLOAT16 || dt_is_complex(in->dtype) || out->dtype == DT_FLOAT16 ||
	    dt_is_complex(out->dtype))
		return err_set(ev, TY_RuntimeError, "array type not supported"), -1;
	for (int d = 0; d < nd; d++)
		if (in->strides[d] % isz)
			return err_set(ev, TY_NotImplementedError, "unaligned strides are not supported by the GPU stencil"), -1;
	{
		struct tiling tl;
		int r = tile_plan(s, in, out, &tl) ? tile_run(ev, s, &tl, in, out) : 0;
		if (r != 0)
			return r < 0 ? -1 : 0;
	}
	for (int d = 0; d < nd; d++) {
		hp.oshape[d] = out->shape[d];
		hp.ishape[d] = in->shape[d];
		hp.istride[d] = in->strides[d];
		hp.start[d] = s->start[d];
	}
	hp.ostride_line = 1;
	for (int d = 0; d < nd; d++)
		if (s->op == ST_UNIFORM && s->box[d] > 1)
			for (int e = d + 1; e < nd; e++)
				hp.ostride_line *= out->shape[e];
	hp.cval = s->cval;
	hp.n = n;
	/* the kernel's P: four arrays of nd, then ostride_line, cval, n */
	pbytes = sizeof(long long) * (size_t)(4 * nd + 1) + sizeof(double) + sizeof(long long);
	pk = malloc(pbytes);
	/* device buffer: weights (nt doubles), taps (nt*nd), interior offsets (nt) */
	wbytes = sizeof(double) * (size_t)nt + sizeof(long long) * (size_t)(nt * nd + nt);
	hbuf = malloc(wbytes);
	if (wpar)
		wpk = malloc(sizeof(double) * (size_t)nt + sizeof(long long) * (size_t)nt);
	if (!pk || !hbuf || (wpar && !wpk)) {
		err_nomem(ev);
		goto done;
	}
	{
		char *q = pk;
		memcpy(q, hp.oshape, sizeof(long long) * nd); q += sizeof(long long) * nd;
		memcpy(q, hp.ishape, sizeof(long long) * nd); q += sizeof(long long) * nd;
		memcpy(q, hp.istride, sizeof(long long) * nd); q += sizeof(long long) * nd;
		memcpy(q, hp.start, sizeof(long long) * nd); q += sizeof(long long) * nd;
		memcpy(q, &hp.ostride_line, sizeof(long long)); q += sizeof(long long);
		memcpy(q, &hp.cval, sizeof(double)); q += sizeof(double);
		memcpy(q, &hp.n, sizeof(long long));
	}
	{
		double *w = (double *)hbuf;
		long long *taps = (long long *)(w + nt), *toff = taps + nt * nd;
		for (int64_t t = 0; t < nt; t++) {
			w[t] = s->weights ? s->weights[t] : 0.0;
			toff[t] = 0;
			for (int d = 0; d < nd; d++) {
				taps[t * nd + d] = s->taps[t * nd + d];
				toff[t] += s->taps[t * nd + d] * in->strides[d];
			}
		}
		if (wpk) {
			/* the kernel's W: the weights, then the interior offsets */
			memcpy(wpk, w, sizeof(double) * (size_t)nt);
			memcpy(wpk + sizeof(double) * (size_t)nt, toff, sizeof(long long) * (size_t)nt);
		}
	}
	for (int d = 0; d < nd && idx32; d++)
		idx32 = out->shape[d] < ((int64_t)1 << 31);
	if (!(src = gen_source(s, in->dtype, out->dtype, idx32))) {
		err_nomem(ev);
		goto done;
	}
	fn = jit_get(ev, src, "lm_stencil", 0, NULL);
	free(src);
	if (!fn)
		goto done;
	if (jit_dry_run) {
		rc = 0;
		goto done;
	}
	if (cuda_ready(ev) < 0)
		goto done;
	if (!(dbuf = pool_alloc(ev, wbytes)) || xfer_h2d(ev, dbuf, hbuf, wbytes) < 0)
		goto done;
	{
		void *xp = nd_data(in), *yp = nd_data(out), *wp = dbuf;
		void *tp = dbuf + sizeof(double) * (size_t)nt;
		void *op = dbuf + sizeof(double) * (size_t)nt + sizeof(long long) * (size_t)(nt * nd);
		int64_t work = n;
		unsigned grid[3] = {0, 1, 1}, block[3] = {256, 1, 1};
		if (s->op == ST_UNIFORM) {
			int axis = 0;
			for (int d = 0; d < nd; d++)
				if (s->box[d] > 1)
					axis = d;
			work = n / out->shape[axis];
		}
		grid[0] = cuew_grid(work, 1);
		args[0] = &xp;
		args[1] = &yp;
		args[2] = &wp;
		args[3] = &tp;
		args[4] = &op;
		args[5] = pk;
		args[6] = wpk;
		rc = jit_launch(ev, fn, grid, block, 0, args);
	}
done:
	pool_free(dbuf, wbytes);
	free(hbuf);
	free(pk);
	free(wpk);
	return rc;
}

#endif /* HAVE_CUDA */
