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
#include "backend/backend.h"
#include "lang/error.h"
#include "backend/cuda/cuda_int.h"

#ifdef HAVE_CUDA

/* The kernel: i runs over the dense side's shape (the view's shape with the
 * offset table's length inserted at pos); `keep` (may be NULL) maps the
 * table's kept entries to their index in the dense side. */
/* kernels/gather.cuh, embedded by kernels/embed.sh */
static const char ix_src[] =
#include "kernels/gather.inc"
	;

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

	if (cuda_cur->dead)
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
	if (CUDA_CHECK(ev, cudaMemcpyAsync(d_off, off, nb * 8, cudaMemcpyHostToDevice, cuda_cur->stream)) < 0
	    || (keep && CUDA_CHECK(ev, cudaMemcpyAsync((int64_t *)d_off + nb, keep, nk * 8,
						      cudaMemcpyHostToDevice, cuda_cur->stream)) < 0))
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

/* vals of any strides (a broadcast value too): C-contiguous first */
int cuda_scatter(struct eval *ev, struct ndarray *dst, const int64_t *off, int64_t nb,
		 int pos, const struct ndarray *vals)
{
	struct ndarray *c;
	int r;
	if (nd_is_c_contiguous(vals))
		return ix_run(ev, dst, off, nb, pos, (struct ndarray *)vals, 1);
	if (!(c = nd_new(ev, nd_backend(vals), vals->dtype, vals->ndim, vals->shape)))
		return -1;
	r = nd_backend(vals)->copy(ev, c, vals) < 0 ? -1 : ix_run(ev, dst, off, nb, pos, c, 1);
	nd_decref(c);
	return r;
}


/* ---- device-resident keys: masks and index arrays that never leave the
 * device (struct backend's mask_count / mask_take / mask_put / take_index) ----
 *
 * A mask is compacted in two passes over chunks of LM_CHUNK items, one
 * block per chunk: lm_mcount counts each chunk's true items, CUB's scan
 * (cuk_scan) turns the counts into each chunk's first output row, and
 * lm_mtake walks the chunk again in tiles of 256, ranking its true items
 * with warp ballots, and copies a's row (the dims after the mask's) at
 * each of them into out (gather) or vals into a (scatter; vals of one item
 * broadcast without any count). */
#define MK_CHUNK 4096
/* kernels/mask.cuh, embedded by kernels/embed.sh */
static const char mk_src[] =
#include "kernels/mask.inc"
	;

/* The source of the mask kernels (tests compile it without a device). */
const char *cuda_mask_source(int item, int unit, char *buf, size_t size)
{
	snprintf(buf, size, "#define LM_ND %d\n#define LM_CHUNK %d\n#define LM_ITEM %d\n#define LM_U %s\n%s",
		 ND_MAXDIM, MK_CHUNK, item, unit_type(unit), mk_src);
	return buf;
}

struct mk_geom {
	long long shape[ND_MAXDIM], str[ND_MAXDIM];
	int nd, k;
};

static void *ix_tmp_alloc(size_t n) { return pool_alloc(NULL, n); }
static void ix_tmp_release(void *p, size_t n) { pool_free(p, n); }

static int64_t mk_blocks(int64_t n) { return (n + MK_CHUNK - 1) / MK_CHUNK; }

/* incl[b] = the true items of chunks 0..b (a pool block of nblk int64 the
 * caller frees); *count = the total (one 8-byte copy back). */
static int mk_scan(struct eval *ev, const struct ndarray *mask, int64_t **incl, int64_t *count)
{
	char src[sizeof mk_src + 256];
	int64_t n = nd_size(mask), nblk = mk_blocks(n);
	void *fn;
	*incl = NULL;
	*count = 0;
	if (n == 0)
		return 0;
	if (!(fn = jit_get(ev, cuda_mask_source(1, 1, src, sizeof src), "lm_mcount", 0, NULL)))
		return -1;
	if (!(*incl = pool_alloc(ev, (size_t)nblk * 8)))
		return -1;
	{
		const void *m = nd_data(mask);
		long long nn = n;
		void *args[] = {&m, &nn, incl};
		unsigned grid[3] = {(unsigned)nblk, 1, 1}, block[3] = {256, 1, 1};
		if (jit_launch(ev, fn, grid, block, 0, args) < 0
		    || CUDA_CHECK(ev, (cudaError_t)cuk_scan(DT_INT64, *incl, 1, nblk, 1, 0, ix_tmp_alloc,
							    ix_tmp_release, cuda_cur->stream)) < 0
		    || xfer_d2h(ev, count, *incl + nblk - 1, 8) < 0) {
			pool_free(*incl, (size_t)nblk * 8);
			*incl = NULL;
			return -1;
		}
	}
	return 0;
}

int cuda_mask_count(struct eval *ev, const struct ndarray *mask, int64_t *count)
{
	int64_t *incl;
	if (cuda_cur->dead)
		return cuda_check_async(ev);
	if (mk_scan(ev, mask, &incl, count) < 0)
		return -1;
	if (incl)
		pool_free(incl, (size_t)mk_blocks(nd_size(mask)) * 8);
	return 0;
}

/* gather (vals NULL, out allocated here) or scatter (vals of one item or
 * C-contiguous of the selection's shape) through the mask. */
static int mk_run(struct eval *ev, struct ndarray *a, const struct ndarray *mask,
		  struct ndarray **outp, const struct ndarray *vals)
{
	char src[sizeof mk_src + 256];
	struct mk_geom g;
	int item = dt_size(a->dtype), k = mask->ndim, r = -1;
	int64_t n = nd_size(mask), inner = 1, count = 0, *incl = NULL, nblk = mk_blocks(n);
	int64_t vsel = 0, vin = 0;
	struct ndarray *out = NULL;
	uint64_t bits = (uint64_t)item | (uint64_t)(uintptr_t)nd_data(a);
	void *fn;

	if (cuda_cur->dead)
		return cuda_check_async(ev);
	if (!nd_is_c_contiguous(mask) || mask->dtype != DT_BOOL || k > a->ndim || k < 1)
		return err_set(ev, TY_RuntimeError, "mask_take/put: the mask must be C-contiguous bool of a's leading dims"), -1;
	memset(&g, 0, sizeof g);
	g.nd = a->ndim;
	g.k = k;
	for (int d = 0; d < a->ndim; d++) {
		g.shape[d] = a->shape[d];
		g.str[d] = a->strides[d];
		bits |= (uint64_t)a->strides[d];
		if (d >= k)
			inner *= a->shape[d];
	}
	int unit = bits & 1 ? 1 : bits & 2 ? 2 : bits & 4 ? 4 : 8;
	if (vals && nd_size(vals) == 1) {
		vsel = vin = 0;    /* broadcast one item: no count needed */
	} else {
		if (mk_scan(ev, mask, &incl, &count) < 0)
			return -1;
		vsel = inner;
		vin = 1;
		if (vals && (!nd_is_c_contiguous(vals) || vals->dtype != a->dtype || nd_size(vals) != count * inner)) {
			err_set(ev, TY_RuntimeError, "mask_put: the values must be C-contiguous, of a's dtype and the selection's shape");
			goto out;
		}
	}
	if (!vals) {
		int64_t osh[ND_MAXDIM];
		osh[0] = count;
		for (int d = k; d < a->ndim; d++)
			osh[d - k + 1] = a->shape[d];
		if (!(out = nd_new(ev, nd_backend(a), a->dtype, a->ndim - k + 1, osh)))
			goto out;
	}
	if (n == 0 || inner == 0 || (!vals && count == 0) || (vals && nd_size(vals) != 1 && count == 0)) {
		r = 0;
		goto out;
	}
	if (!(fn = jit_get(ev, cuda_mask_source(item, unit, src, sizeof src), "lm_mtake", 0, NULL)))
		goto out;
	{
		char *abase = nd_data(a), *obase = out ? nd_data(out) : NULL;
		const char *vbase = vals ? nd_data(vals) : NULL;
		const void *m = nd_data(mask);
		long long nn = n, in = inner, vs = vsel, vi = vin;
		int scatter = vals != NULL;
		void *args[] = {&abase, &m, &nn, &incl, &in, &obase, &vbase, &vs, &vi, &scatter, &g};
		unsigned grid[3] = {(unsigned)nblk, 1, 1}, block[3] = {256, 1, 1};
		r = jit_launch(ev, fn, grid, block, 0, args);
	}
out:
	if (incl)
		pool_free(incl, (size_t)nblk * 8);
	if (r == 0 && outp)
		*outp = out;
	else
		nd_decref(out);
	return r;
}

int cuda_mask_take(struct eval *ev, const struct ndarray *a, const struct ndarray *mask,
		   struct ndarray **out)
{
	return mk_run(ev, (struct ndarray *)a, mask, out, NULL);
}

int cuda_mask_put(struct eval *ev, struct ndarray *a, const struct ndarray *mask,
		  const struct ndarray *vals)
{
	return mk_run(ev, a, mask, NULL, vals);
}

/* Index arrays read on the device (x[idx], x[:, i, j]): like lm_ix with the
 * offset at pos the sum over the arrays of idx_k[c] * stride_k (negatives
 * wrapped); an item with a bad index is skipped and, per array, the smallest
 * position of one recorded in bad[k] for the host to report. */
#define TI_MAXK 8
/* kernels/take_index.cuh, embedded by kernels/embed.sh */
static const char ti_src[] =
#include "kernels/take_index.inc"
	;

const char *cuda_take_index_source(int item, int unit, char *buf, size_t size)
{
	snprintf(buf, size, "#define LM_ND %d\n#define LM_K %d\n#define LM_ITEM %d\n#define LM_U %s\n%s",
		 ND_MAXDIM + 1, TI_MAXK, item, unit_type(unit), ti_src);
	return buf;
}

struct ti_arrays {
	const void *p[TI_MAXK];
	long long size[TI_MAXK], stride[TI_MAXK];
	int nk;
};

int cuda_take_index(struct eval *ev, const struct ndarray *view, int nidx,
		    const struct ndarray *const *idx, const int64_t *size, const int64_t *stride,
		    const int *axis, int pos, struct ndarray *out)
{
	char src[sizeof ti_src + 128];
	struct ix_geom g;
	struct ti_arrays x;
	int item = dt_size(view->dtype), r = -1;
	int64_t nb = nidx > 0 ? nd_size(idx[0]) : 0, n = 1, est = item;
	uint64_t bits = (uint64_t)item | (uint64_t)(uintptr_t)nd_data(view);
	unsigned long long *d_bad = NULL, bad[TI_MAXK];
	void *fn;

	if (cuda_cur->dead)
		return cuda_check_async(ev);
	if (nidx < 1 || nidx > TI_MAXK || !nd_is_c_contiguous(out) || out->dtype != view->dtype
	    || nd_size(out) != nb * nd_size(view))
		return err_set(ev, TY_RuntimeError, "take_index: 1 to %d index arrays; out C-contiguous of the view's dtype and shape", TI_MAXK), -1;
	memset(&x, 0, sizeof x);
	x.nk = nidx;
	for (int k = 0; k < nidx; k++) {
		if (!nd_is_c_contiguous(idx[k]) || idx[k]->dtype != DT_INT64 || nd_size(idx[k]) != nb)
			return err_set(ev, TY_RuntimeError, "take_index: the index arrays must be C-contiguous int64 of one size"), -1;
		x.p[k] = nd_data(idx[k]);
		x.size[k] = size[k];
		x.stride[k] = stride[k];
		bits |= (uint64_t)stride[k];
	}
	if (nd_size(out) == 0)
		return 0;
	memset(&g, 0, sizeof g);
	g.nd = view->ndim + 1;
	g.pos = pos;
	for (int d = g.nd - 1, q = view->ndim - 1; d >= 0; d--) {
		if (d == pos) {
			g.shape[d] = nb;
		} else {
			g.shape[d] = view->shape[q];
			g.sstr[d] = view->strides[q];
			bits |= (uint64_t)view->strides[q];
			q--;
		}
		g.dstr[d] = est / item;
		est *= g.shape[d];
		n *= g.shape[d];
	}
	int unit = bits & 1 ? 1 : bits & 2 ? 2 : bits & 4 ? 4 : 8;
	if (!(fn = jit_get(ev, cuda_take_index_source(item, unit, src, sizeof src), "lm_ti", 0, NULL)))
		return -1;
	if (!(d_bad = pool_alloc(ev, sizeof bad)))
		return -1;
	if (CUDA_CHECK(ev, cudaMemsetAsync(d_bad, 0xff, sizeof bad, cuda_cur->stream)) < 0)
		goto out;
	{
		const char *vbase = nd_data(view);
		char *obase = nd_data(out);
		long long nn = n;
		void *args[] = {&vbase, &obase, &nn, &d_bad, &g, &x};
		unsigned grid[3] = {cuew_grid(n, 1), 1, 1}, block[3] = {256, 1, 1};
		if (jit_launch(ev, fn, grid, block, 0, args) < 0 || xfer_d2h(ev, bad, d_bad, sizeof bad) < 0)
			goto out;
	}
	/* NumPy checks the arrays one after the other: the first array with a
	 * bad index names its first one */
	for (int k = 0; k < nidx; k++)
		if (bad[k] != ~0ull) {
			int64_t v = 0;
			if (xfer_d2h(ev, &v, (const int64_t *)nd_data(idx[k]) + bad[k], 8) < 0)
				goto out;
			err_set(ev, TY_IndexError, "index %lld is out of bounds for axis %d with size %lld",
				(long long)v, axis[k], (long long)size[k]);
			goto out;
		}
	r = 0;
out:
	pool_free(d_bad, sizeof bad);
	return r;
}

/* np.put with the indices on the device (struct backend's put_index):
 * kernels/put_index.cuh, one thread an index; raise mode checks every
 * index in a first launch (the first bad position comes back: one 8-byte
 * copy), then writes the items before it. */
static const char put_src[] =
#include "kernels/put_index.inc"
	;

const char *cuda_put_index_source(int item, int unit, char *buf, size_t size)
{
	snprintf(buf, size, "#define LM_ITEM %d\n#define LM_U %s\n%s", item, unit_type(unit), put_src);
	return buf;
}

int cuda_put_index(struct eval *ev, struct ndarray *a, const struct ndarray *idx,
		   const struct ndarray *vals, int mode)
{
	char src[sizeof put_src + 128];
	int item = dt_size(a->dtype), r = -1;
	long long n = nd_size(a), k = nd_size(idx), nv = nd_size(vals);
	uint64_t bits = (uint64_t)item | (uint64_t)(uintptr_t)nd_data(a) | (uint64_t)(uintptr_t)nd_data(vals);
	unsigned long long *d_bad = NULL, bad = ~0ull;
	void *fn;

	if (cuda_cur->dead)
		return cuda_check_async(ev);
	if (!nd_is_c_contiguous(a) || idx->dtype != DT_INT64 || !nd_is_c_contiguous(idx)
	    || vals->dtype != a->dtype || !nd_is_c_contiguous(vals))
		return err_set(ev, TY_RuntimeError, "put_index: a, idx (int64) and vals (a's dtype) must be C-contiguous"), -1;
	if (k == 0 || nv == 0)
		return 0;
	if (n == 0)
		return err_set(ev, TY_IndexError, "cannot replace elements of an empty array"), -1;
	int unit = bits & 1 ? 1 : bits & 2 ? 2 : bits & 4 ? 4 : 8;
	if (!(fn = jit_get(ev, cuda_put_index_source(item, unit, src, sizeof src), "lm_put", 0, NULL)))
		return -1;
	{
		char *abase = nd_data(a);
		const char *vbase = nd_data(vals);
		const long long *ip = (const long long *)nd_data(idx);
		int check = 1;
		void *args[] = {&abase, &n, &ip, &k, &vbase, &nv, &mode, &check, &d_bad};
		unsigned grid[3] = {cuew_grid(k, 1), 1, 1}, block[3] = {256, 1, 1};
		if (mode == 0) {
			if (!(d_bad = pool_alloc(ev, sizeof bad)))
				return -1;
			if (CUDA_CHECK(ev, cudaMemsetAsync(d_bad, 0xff, sizeof bad, cuda_cur->stream)) < 0
			    || jit_launch(ev, fn, grid, block, 0, args) < 0 || xfer_d2h(ev, &bad, d_bad, sizeof bad) < 0)
				goto out;
		}
		/* the items before the first bad index are written (NumPy's
		 * loop stops there) */
		check = 0;
		if (bad != ~0ull)
			k = (long long)bad;
		grid[0] = cuew_grid(k, 1);
		if (k > 0 && jit_launch(ev, fn, grid, block, 0, args) < 0)
			goto out;
		if (bad != ~0ull) {
			int64_t v = 0;
			if (xfer_d2h(ev, &v, ip + bad, 8) < 0)
				goto out;
			err_set(ev, TY_IndexError, "index %lld is out of bounds for axis 0 with size %lld",
				(long long)v, n);
			goto out;
		}
	}
	r = 0;
out:
	if (d_bad)
		pool_free(d_bad, sizeof bad);
	return r;
}

#endif /* HAVE_CUDA */
