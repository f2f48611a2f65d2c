/*
 * cuda_index.c — fancy indexing on the device: struct backend's gather and
 * scatter entries for the CUDA backend (contract in backend.h).  index.c
 * lowers every advanced key (integer arrays, boolean masks) to a table of
 * byte offsets along one position of a strided view; one NVRTC kernel walks
 * the result's C order, adds the offset at that position and the view's
 * strides elsewhere, and copies one item between the view and the dense
 * (C-contiguous) side.
 *
 * Scatter keeps NumPy's "the last write wins" on duplicate offsets: when the
 * table is not strictly monotonic, the host keeps only the last occurrence
 * of each offset, so no two threads write the same item.
 *
 * Owns nothing beyond the call: the offset table goes to the device through
 * the stream-ordered pool and is released right after the launch.
 */
#include "config.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "backend.h"
#include "error.h"
#include "cudabe.h"

#ifdef HAVE_CUDA

/* The kernel: i runs over the dense side's shape (the view's shape with the
 * offset table's length inserted at pos); `keep` (may be NULL) maps the
 * table's kept entries to their index in the dense side. */
static const char ix_src[] =
	"struct lm_ixg { long long shape[LM_ND], sstr[LM_ND], dstr[LM_ND]; int nd, pos, scatter; };\n"
	"extern \"C\" __global__ void lm_ix(char *view, const long long *off, const long long *keep,\n"
	"    char *dense, long long n, lm_ixg g)\n"
	"{\n"
	"  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;\n"
	"       i += (long long)gridDim.x * blockDim.x) {\n"
	"    long long r = i, so = 0, dn = 0;\n"
	"    for (int d = g.nd - 1; d >= 0; d--) {\n"
	"      long long c = r % g.shape[d];\n"
	"      r /= g.shape[d];\n"
	"      if (d == g.pos) {\n"
	"        long long j = keep ? keep[c] : c;\n"
	"        so += off[j];\n"
	"        dn += j * g.dstr[d];\n"
	"      } else {\n"
	"        so += c * g.sstr[d];\n"
	"        dn += c * g.dstr[d];\n"
	"      }\n"
	"    }\n"
	"    const LM_U *s = (const LM_U *)(g.scatter ? dense + dn * LM_ITEM : view + so);\n"
	"    LM_U *t = (LM_U *)(g.scatter ? view + so : dense + dn * LM_ITEM);\n"
	"#pragma unroll\n"
	"    for (int k = 0; k < LM_ITEM / (int)sizeof(LM_U); k++) t[k] = s[k];\n"
	"  }\n"
	"}\n";

static const char *unit_type(int u)
{
	return u == 8 ? "unsigned long long" : u == 4 ? "unsigned int" : u == 2 ? "unsigned short"
		: "unsigned char";
}

/* The source of lm_ix for items of `item` bytes moved in units of `unit`
 * bytes (tests compile it without a device). */
const char *cuda_index_source(int item, int unit, char *buf, size_t size)
{
	snprintf(buf, size, "#define LM_ND %d\n#define LM_ITEM %d\n#define LM_U %s\n%s",
		 ND_MAXDIM + 1, item, unit_type(unit), ix_src);
	return buf;
}

struct ix_geom {
	long long shape[ND_MAXDIM + 1], sstr[ND_MAXDIM + 1], dstr[ND_MAXDIM + 1];
	int nd, pos, scatter;
};

/* The largest unit (<= 8 bytes) that divides the item size, the view's
 * address, its strides and every offset: the loads stay aligned. */
static int pick_unit(const struct ndarray *v, const int64_t *off, int64_t nb)
{
	uint64_t bits = (uint64_t)dt_size(v->dtype) | (uint64_t)(uintptr_t)nd_data(v);
	for (int i = 0; i < v->ndim; i++)
		bits |= (uint64_t)v->strides[i];
	for (int64_t j = 0; j < nb && (bits & 7) != 7; j++)
		bits |= (uint64_t)off[j];
	return bits & 1 ? 1 : bits & 2 ? 2 : bits & 4 ? 4 : 8;
}

struct offj { int64_t off, j; };

static int cmp_offj(const void *a, const void *b)
{
	const struct offj *x = a, *y = b;
	if (x->off != y->off)
		return x->off < y->off ? -1 : 1;
	return x->j < y->j ? -1 : x->j > y->j;
}

/* For scatter: NULL with *nk = nb when the offsets are all distinct (the
 * common case: masks give increasing offsets), else a malloc'd list of the
 * indices j that are the last write to their offset.  *nk = -1: no memory.
 * Offsets on the item grid go through a bitmap walked from the last index
 * down (linear); others are sorted. */
static int64_t *last_writes(const int64_t *off, int64_t nb, int item, int64_t *nk)
{
	int up = 1, down = 1, grid = 1;
	int64_t lo = nb ? off[0] : 0, hi = lo, *keep, k = 0;
	for (int64_t j = 1; j < nb && (up || down); j++) {
		up &= off[j] > off[j - 1];
		down &= off[j] < off[j - 1];
	}
	*nk = nb;
	if (up || down)
		return NULL;
	for (int64_t j = 0; j < nb; j++) {
		lo = off[j] < lo ? off[j] : lo;
		hi = off[j] > hi ? off[j] : hi;
	}
	for (int64_t j = 0; j < nb && grid; j++)
		grid = (off[j] - lo) % item == 0;
	if (!(keep = malloc(sizeof *keep * nb))) {
		*nk = -1;
		return NULL;
	}
	if (grid && (hi - lo) / item < ((int64_t)1 << 34)) {
		uint64_t *seen = calloc((size_t)((hi - lo) / item / 64 + 1), 8);
		if (!seen) {
			free(keep);
			*nk = -1;
			return NULL;
		}
		for (int64_t j = nb - 1; j >= 0; j--) {
			int64_t e = (off[j] - lo) / item;
			if (!(seen[e >> 6] >> (e & 63) & 1)) {
				seen[e >> 6] |= (uint64_t)1 << (e & 63);
				keep[k++] = j;
			}
		}
		free(seen);
	} else {
		struct offj *t = malloc(sizeof *t * nb);
		if (!t) {
			free(keep);
			*nk = -1;
			return NULL;
		}
		for (int64_t j = 0; j < nb; j++)
			t[j] = (struct offj){off[j], j};
		qsort(t, nb, sizeof *t, cmp_offj);
		for (int64_t j = 0; j < nb; j++)
			if (j == nb - 1 || t[j + 1].off != t[j].off)
				keep[k++] = t[j].j;
		free(t);
	}
	if (k == nb) {   /* all distinct after all */
		free(keep);
		return NULL;
	}
	*nk = k;
	return keep;
}

/* Copies between the view and the dense array through the offset table
 * (scatter: dense -> view).  Both arrays live on the device. */
static int ix_run(struct eval *ev, const struct ndarray *view, const int64_t *off, int64_t nb,
		  int pos, struct ndarray *dense, int scatter)
{
	char src[sizeof ix_src + 128];
	struct ix_geom g;
	int item = dt_size(view->dtype), unit;
	int64_t n = 1, nk = nb, *keep = NULL, est;
	void *d_off = NULL, *fn;
	size_t dbytes = 0;
	int r = -1;

	if (cuda_dev.dead)
		return cuda_check_async(ev);
	if (nb == 0 || nd_size(dense) == 0)
		return 0;
	/* the dense side's index dims may be several (an index array's shape):
	 * C-contiguous, they lay out as the one dim of nb */
	if (!nd_is_c_contiguous(dense) || dense->dtype != view->dtype || nd_size(dense) != nb * nd_size(view))
		return err_set(ev, TY_RuntimeError, "gather/scatter: the dense side must be C-contiguous, of the view's dtype and shape"), -1;
	if (scatter && !(keep = last_writes(off, nb, item, &nk)) && nk < 0)
		return err_nomem(ev), -1;
	memset(&g, 0, sizeof g);
	g.nd = view->ndim + 1;
	g.pos = pos;
	g.scatter = scatter;
	est = item;
	for (int d = g.nd - 1, q = view->ndim - 1; d >= 0; d--) {
		if (d == pos) {
			g.shape[d] = nk;
			g.dstr[d] = est / item;
			est *= nb;
		} else {
			g.shape[d] = view->shape[q];
			g.sstr[d] = view->strides[q];
			g.dstr[d] = est / item;
			est *= view->shape[q];
			q--;
		}
		n *= g.shape[d];
	}
	unit = pick_unit(view, off, nb);
	if (!(fn = jit_get(ev, cuda_index_source(item, unit, src, sizeof src), "lm_ix", 0, NULL)))
		goto out;
	dbytes = (size_t)(nb + (keep ? nk : 0)) * 8;
	if (!(d_off = pool_alloc(ev, dbytes)))
		goto out;
	/* pageable sources: cudaMemcpyAsync returns once it staged them */
	if (CUDA_CHECK(ev, cudaMemcpyAsync(d_off, off, nb * 8, cudaMemcpyHostToDevice, cuda_dev.stream)) < 0
	    || (keep && CUDA_CHECK(ev, cudaMemcpyAsync((int64_t *)d_off + nb, keep, nk * 8,
						      cudaMemcpyHostToDevice, cuda_dev.stream)) < 0))
		goto out;
	{
		char *vbase = nd_data(view), *dbase = nd_data(dense);
		long long nn = n;
		void *d_keep = keep ? (void *)((int64_t *)d_off + nb) : NULL;
		void *args[] = {&vbase, &d_off, &d_keep, &dbase, &nn, &g};
		unsigned grid[3] = {cuew_grid(n, 1), 1, 1}, block[3] = {256, 1, 1};
		r = jit_launch(ev, fn, grid, block, 0, args);
	}
out:
	if (d_off)
		pool_free(d_off, dbytes);
	free(keep);
	return r;
}

int cuda_gather(struct eval *ev, const struct ndarray *src, const int64_t *off, int64_t nb,
		int pos, struct ndarray *out)
{
	return ix_run(ev, src, off, nb, pos, out, 0);
}

int cuda_scatter(struct eval *ev, struct ndarray *dst, const int64_t *off, int64_t nb,
		 int pos, const struct ndarray *vals)
{
	return ix_run(ev, dst, off, nb, pos, (struct ndarray *)vals, 1);
}

#endif /* HAVE_CUDA */
