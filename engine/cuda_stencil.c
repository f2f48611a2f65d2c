/*
 * cuda_stencil.c — the CUDA backend's stencil entry (backend.h): one
 * generated kernel per (ndim, dtypes, op, mode, sum order, box, number of
 * taps), compiled by NVRTC and cached by jit.c (its source is its key).
 * One thread per output element; an element whose whole box lies inside
 * the input reads through precomputed tap offsets, the others extend each
 * coordinate by the mode.  Sums are SciPy's, in double precision and in
 * the host's order without FMA contraction, so results equal the host's.
 * ST_UNIFORM runs one thread per line (SciPy's running mean).  Weights and
 * taps travel in a small device buffer per call; a weighted sum of at most
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
#include "ndimage.h"
#include "cudabe.h"
#include "error.h"

#define ST_MAX_LOCAL 1024   /* taps a thread may hold for rank / 1-D sums */
#define ST_MAX_PARAM 64     /* taps whose weights and offsets ride in the parameters */

/* the weighted sum's taps ride in the parameters */
static int param_taps(const struct stencil *s)
{
	return s->op == ST_CORRELATE && s->sum1d == ST_SUM_TAPS && s->ntaps <= ST_MAX_PARAM;
}

struct sbuf {
	char *s;
	size_t n, cap;
	int oom;
};

static void sb_add(struct sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_add(struct sbuf *b, const char *fmt, ...)
{
	va_list ap;
	int k;
	if (b->oom)
		return;
	for (;;) {
		va_start(ap, fmt);
		k = vsnprintf(b->s ? b->s + b->n : NULL, b->s ? b->cap - b->n : 0, fmt, ap);
		va_end(ap);
		if (k < 0) {
			b->oom = 1;
			return;
		}
		if (b->s && b->n + (size_t)k < b->cap) {
			b->n += (size_t)k;
			return;
		}
		size_t cap = (b->cap ? b->cap * 2 : 4096) + (size_t)k;
		char *t = realloc(b->s, cap);
		if (!t) {
			b->oom = 1;
			return;
		}
		b->s = t;
		b->cap = cap;
	}
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

static const char prelude[] =
	"struct P { long long oshape[ND], ishape[ND], istride[ND], start[ND], ostride_line;\n"
	"  double cval; long long n; };\n"
	"__device__ __forceinline__ long long ext(long long i, long long n) {\n"
	"  if (i >= 0 && i < n) return i;\n"
	"#if MODE == 0\n  return i < 0 ? 0 : n - 1;\n"
	"#elif MODE == 1\n  i %= n; return i < 0 ? i + n : i;\n"
	"#elif MODE == 2\n  i %= 2 * n; if (i < 0) i += 2 * n; return i < n ? i : 2 * n - 1 - i;\n"
	"#elif MODE == 3\n  if (n == 1) return 0; i %= 2 * n - 2; if (i < 0) i += 2 * n - 2;\n"
	"  return i < n ? i : 2 * n - 2 - i;\n"
	"#else\n  return -1;\n#endif\n}\n"
	"__device__ __forceinline__ double ld(const IN_T *x, long long off) {\n"
	"  return (double)*(const IN_T *)((const char *)x + off); }\n";

/* the tap value t of the element with coordinates o (interior: base + toff) */
static const char tapval[] =
	"#define TAPVAL(t) (interior ? ld(x, base + toff[t]) : edge(x, o, taps, t, p))\n"
	"__device__ double edge(const IN_T *x, const long long *o, const long long *taps, int t,\n"
	"                       const P &p) {\n"
	"  long long off = 0;\n"
	"  for (int d = 0; d < ND; d++) {\n"
	"    long long e = ext(o[d] + p.start[d] + taps[t * ND + d], p.ishape[d]);\n"
	"    if (e < 0) return p.cval;\n"
	"    off += e * p.istride[d];\n"
	"  }\n"
	"  return ld(x, off);\n"
	"}\n";

static char *gen_source(const struct stencil *s, int idt, int odt, int idx32)
{
	struct sbuf b = {0};
	int nd = s->ndim, wpar = param_taps(s);
	sb_add(&b, "#define ND %d\n#define NT %lld\n#define MODE %d\ntypedef %s IN_T;\ntypedef %s OUT_T;\n",
	       nd, (long long)s->ntaps, (int)s->mode, ctype(idt), ctype(odt));
	sb_add(&b, "%s", prelude);
	if (s->op == ST_UNIFORM) {
		int axis = 0;
		for (int d = 0; d < nd; d++)
			if (s->box[d] > 1)
				axis = d;
		sb_add(&b, "#define AXIS %d\n", axis);
		sb_add(&b, "__device__ __forceinline__ double at(const IN_T *x, long long base, long long e,\n"
		       "    const P &p) { long long q = ext(p.start[AXIS] + e, p.ishape[AXIS]);\n"
		       "  return q < 0 ? p.cval : ld(x, base + q * p.istride[AXIS]); }\n");
		sb_add(&b,
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
		       "    for (long long j = 1; j < len; j++) {\n"
		       "      tmp = __dadd_rn(tmp, __ddiv_rn(__dsub_rn(AT(j + NT - 1), AT(j - 1)), (double)NT));\n"
		       "      v = tmp; y[obase + j * p.ostride_line] = %s;\n"
		       "    }\n  }\n}\n", store_expr(odt), store_expr(odt));
		goto out;
	}
	sb_add(&b, "%s", tapval);
	sb_add(&b, "__constant__ long long BOX[ND] = {");
	for (int d = 0; d < nd; d++)
		sb_add(&b, "%s%lld", d ? ", " : "", (long long)s->box[d]);
	sb_add(&b, "};\n");
	if (wpar)
		sb_add(&b, "struct W { double w[NT]; long long toff[NT]; };\n");
	sb_add(&b,
	       "extern \"C\" __global__ void lm_stencil(const IN_T *__restrict__ x, OUT_T *__restrict__ y,\n"
	       "    const double *__restrict__ w, const long long *__restrict__ taps,\n"
	       "    const long long *__restrict__ toff, P p%s) {\n", wpar ? ", W wp" : "");
	if (idx32)
		sb_add(&b,
		       "  for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < (unsigned int)p.n;\n"
		       "       i += gridDim.x * blockDim.x) {\n"
		       "    long long o[ND], base = 0; unsigned int rem = i; bool interior = true;\n"
		       "    for (int d = ND - 1; d >= 0; d--) { unsigned int sd = (unsigned int)p.oshape[d];\n"
		       "      o[d] = rem %% sd; rem /= sd; }\n");
	else
		sb_add(&b,
		       "  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < p.n;\n"
		       "       i += (long long)gridDim.x * blockDim.x) {\n"
		       "    long long o[ND], rem = i, base = 0; bool interior = true;\n"
		       "    for (int d = ND - 1; d >= 0; d--) { o[d] = rem %% p.oshape[d]; rem /= p.oshape[d]; }\n");
	sb_add(&b,
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
			sb_add(&b, "    v = 0.0;\n    if (interior) {\n      #pragma unroll\n      for (int t = 0; t < NT; t++)\n"
			       "        v = __dadd_rn(v, __dmul_rn(ld(x, base + wp.toff[t]), wp.w[t]));\n"
			       "    } else {\n      for (int t = 0; t < NT; t++)\n"
			       "        v = __dadd_rn(v, __dmul_rn(edge(x, o, taps, t, p), wp.w[t]));\n    }\n");
		} else if (s->sum1d == ST_SUM_TAPS) {
			sb_add(&b, "    v = 0.0;\n    #pragma unroll 8\n    for (int t = 0; t < NT; t++)\n"
			       "      v = __dadd_rn(v, __dmul_rn(TAPVAL(t), w[t]));\n");
		} else {
			sb_add(&b, "    double a[NT];\n    #pragma unroll 8\n    for (int t = 0; t < NT; t++) a[t] = TAPVAL(t);\n");
			if (s->sum1d == ST_SUM1D_SYMMETRIC)
				sb_add(&b, "    const int c = NT / 2;\n    v = __dmul_rn(a[c], w[c]);\n    for (int j = c; j >= 1; j--)\n"
				       "      v = __dadd_rn(v, __dmul_rn(__dadd_rn(a[c - j], a[c + j]), w[c - j]));\n");
			else if (s->sum1d == ST_SUM1D_ANTISYMMETRIC)
				sb_add(&b, "    const int c = NT / 2;\n    v = __dmul_rn(a[c], w[c]);\n    for (int j = c; j >= 1; j--)\n"
				       "      v = __dadd_rn(v, __dmul_rn(__dsub_rn(a[c - j], a[c + j]), w[c - j]));\n");
			else
				sb_add(&b, "    v = __dmul_rn(a[NT - 1], w[NT - 1]);\n    for (int k = 0; k < NT - 1; k++)\n"
				       "      v = __dadd_rn(v, __dmul_rn(a[k], w[k]));\n");
		}
		break;
	case ST_MIN:
	case ST_MAX:
		sb_add(&b, "    v = TAPVAL(0);\n    for (int t = 1; t < NT; t++) { double q = TAPVAL(t);\n"
		       "      if (q %c v) v = q; }\n", s->op == ST_MIN ? '<' : '>');
		break;
	default:
		/* rank: partial selection sort up to the rank */
		sb_add(&b, "    double a[NT];\n    for (int t = 0; t < NT; t++) a[t] = TAPVAL(t);\n"
		       "    for (int k = 0; k <= %lld; k++) { int m = k;\n"
		       "      for (int t = k + 1; t < NT; t++) if (a[t] < a[m]) m = t;\n"
		       "      double q = a[k]; a[k] = a[m]; a[m] = q; }\n"
		       "    v = a[%lld];\n", (long long)s->rank, (long long)s->rank);
		break;
	}
	sb_add(&b, "    y[i] = %s;\n  }\n}\n", store_expr(odt));
out:
	if (b.oom) {
		free(b.s);
		return NULL;
	}
	return b.s;
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
	if (nd == 0 || nd_size(in) == 0 ||
	    ((s->op == ST_RANK || (s->op == ST_CORRELATE && s->sum1d != ST_SUM_TAPS)) && nt > ST_MAX_LOCAL))
		return err_set(ev, TY_NotImplementedError,
			       "this scipy.ndimage filter (0-d or empty input, or more than %d taps "
			       "for a rank or 1-D filter) is not supported on the GPU", ST_MAX_LOCAL), -1;
	if (in->dtype == DT_FLOAT16 || dt_is_complex(in->dtype) || out->dtype == DT_FLOAT16 ||
	    dt_is_complex(out->dtype))
		return err_set(ev, TY_RuntimeError, "array type not supported"), -1;
	for (int d = 0; d < nd; d++) {
		if (in->strides[d] % isz)
			return err_set(ev, TY_NotImplementedError, "unaligned strides are not supported by the GPU stencil"), -1;
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
