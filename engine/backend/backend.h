/*
 * backend.h — what differs between host memory and GPU memory: one struct of
 * function pointers.  Every builtin (zeros, sum, fft.fft ...) is written
 * once above this interface; `np` binds the host backend and `cp` the CUDA
 * backend (or the host backend in host mode).
 *
 * Contract for every entry: arrays passed in are borrowed; outputs are
 * allocated by the caller (with nd_new on the same backend) unless the entry
 * says otherwise; return 0, or -1 with the error set on ev.  Every entry is
 * implemented by both backends (tests/unit/t-backend.c checks the host's);
 * what the CUDA backend computes by a round trip through host memory is
 * listed in one place, backend/cuda/cuda_fallback.c.
 */
#ifndef LUMEN_BACKEND_H
#define LUMEN_BACKEND_H

#include "array/ndarray.h"
#include "lang/value.h"
#include "backend/backend_lib.h"

/* ---- an elementwise expression tree (DESIGN.md: "Elementwise work is an
 * expression tree").  Nodes are stored children first; the last node is the
 * root.  Leaves are arrays already broadcast to the output shape (stride 0
 * on broadcast axes) or scalars (kernel parameters, never part of a cache
 * key). */
enum ew_kind { EW_ARRAY, EW_SCALAR, EW_UFUNC, EW_CAST };
#define EW_MAXNODES 64
#define EW_MAXARGS 3
struct ew_node {
	enum ew_kind kind;
	int dtype;               /* the dtype this node produces */
	int ufunc;               /* EW_UFUNC: index into ufunc_table (ufunc.h) */
	int loop;                /* EW_UFUNC: index of the chosen loop */
	int nargs;
	int args[EW_MAXARGS];    /* EW_UFUNC / EW_CAST: child node indices */
	int leaf;                /* EW_ARRAY: index in arrays[]; EW_SCALAR: in scalars[] */
};
struct ew_tree {
	int nnodes;
	struct ew_node nodes[EW_MAXNODES];
	int narrays;
	struct ndarray *arrays[EW_MAXNODES];     /* borrowed, broadcast views */
	int nscalars;
	struct npscalar scalars[EW_MAXNODES];
};

enum red_op { RED_SUM, RED_PROD, RED_MIN, RED_MAX, RED_ANY, RED_ALL,
	      RED_ARGMIN, RED_ARGMAX, RED_NANSUM, RED_NANMIN, RED_NANMAX };

/* ---- a stencil: out[o] = op over taps t of ext(in)[o + start + tap[t]].
 * ext(in) extends every axis of `in` without bound by the mode (SciPy's
 * filter modes; ST_CONSTANT reads cval).  Taps are listed in C order of
 * the footprint box; correlate sums weight[t] * value in double precision
 * from 0.0 in tap order (SciPy's NI_Correlate order), min/max/rank select.
 * The result is converted to out's dtype by a C cast.  All pointers are
 * host memory, borrowed for the call. */
enum st_mode { ST_NEAREST, ST_WRAP, ST_REFLECT, ST_MIRROR, ST_CONSTANT }; /* SciPy's codes */
/* ST_UNIFORM: SciPy's NI_UniformFilter1D running mean along the one axis
 * whose box exceeds 1 (taps 0..n-1 on it): sum of the first window / n,
 * then += (entering - leaving) / n along the line. */
enum st_op { ST_CORRELATE, ST_MIN, ST_MAX, ST_RANK, ST_UNIFORM };
/* The order of a 1-D correlation's sum (SciPy's NI_Correlate1D; taps are
 * 0..n-1 on one axis, all weights kept): c = n/2, v[k] the tap values,
 *   SYMMETRIC:     v[c]w[c], then += (v[c-j] + v[c+j]) w[c-j], j = c..1
 *   ANTISYMMETRIC: v[c]w[c], then += (v[c-j] - v[c+j]) w[c-j], j = c..1
 *   GENERAL:       v[n-1]w[n-1], then += v[k]w[k], k = 0..n-2
 * ST_SUM_TAPS (0) sums 0.0 + v[t]w[t] in tap order (NI_Correlate). */
enum st_sum { ST_SUM_TAPS, ST_SUM1D_SYMMETRIC, ST_SUM1D_ANTISYMMETRIC, ST_SUM1D_GENERAL };
struct stencil {
	enum st_op op;
	enum st_mode mode;
	double cval;
	int ndim;                        /* in->ndim == out->ndim */
	int64_t start[ND_MAXDIM];        /* input index of out[0]'s tap at box corner 0 */
	int64_t box[ND_MAXDIM];          /* the footprint's box shape */
	int64_t ntaps;                   /* >= 1 */
	const int64_t *taps;             /* ntaps * ndim box coordinates */
	const double *weights;           /* ST_CORRELATE: ntaps weights */
	int64_t rank;                    /* ST_RANK: 0 .. ntaps-1 (0 = the smallest) */
	enum st_sum sum1d;               /* ST_CORRELATE: the order of the sum */
};

/* ---- spline interpolation (scipy.ndimage zoom / shift / rotate): SciPy's
 * interpolation mode codes, and one transform: the input coordinate of
 * output index o along axis k is, without a matrix,
 *   ((o[k] + shift[k]) or o[k]) * zoom[k]  (grid_mode: (.. + 0.5) * zoom - 0.5),
 * with one, shift[k] + sum_l matrix[k * out_ndim + l] o[l] (summed in
 * pairs, as NI_GeometricTransform); then + npad (the pre-padding).  The
 * pointers are host memory (ndim doubles, or ndim * out_ndim). */
enum im_mode { IM_NEAREST, IM_WRAP, IM_REFLECT, IM_MIRROR, IM_CONSTANT, IM_GRID_WRAP,
	       IM_GRID_CONSTANT };
struct interp {
	const double *zoom, *shift, *matrix;
	int grid_mode, order;
	enum im_mode mode;
	double cval;
	int64_t npad;
};

struct backend {
	const char *name;        /* "host", "cuda" */
	enum device device;      /* which memory space: arrays of one device share it */
	int device_memory;       /* 1: buffers are device memory (nd_data is no CPU
				  * pointer; read it through to_host); 0: host
				  * memory the C loops read and write directly */
	int cupy;                /* 1: its arrays are cupy.ndarray (the cp
				  * namespace), 0: numpy.ndarray */
	int order_k;             /* 1: new ufunc and reduction results take
				  * NumPy's order 'K' strides (following the
				  * operands'); 0: always C order */

	/* memory */
	struct buffer *(*alloc)(struct eval *ev, size_t nbytes);
	void (*free)(struct buffer *b);
	/* alloc's buffer with every byte 0 (np.zeros; the host's calloc pages
	 * are zero without a pass over memory) */
	struct buffer *(*alloc_zeroed)(struct eval *ev, size_t nbytes);
	int (*sync)(struct eval *ev);                 /* wait for queued work */

	/* dst and src same shape, maybe different dtype (a cast) and layout;
	 * both on this backend. */
	int (*copy)(struct eval *ev, struct ndarray *dst, const struct ndarray *src);
	/* host <-> this backend; host side is C-contiguous bytes of nbytes(a) */
	int (*to_host)(struct eval *ev, void *dst, const struct ndarray *src);
	int (*from_host)(struct eval *ev, struct ndarray *dst, const void *src);
	int (*fill)(struct eval *ev, struct ndarray *dst, const struct npscalar *v);

	/* out = tree, out already shaped like the (broadcast) result */
	int (*elementwise)(struct eval *ev, const struct ew_tree *t, struct ndarray *out);
	/* out = op over axes (mask of axes, bit i = axis i) of tree's value;
	 * out has the kept axes (keepdims shape). */
	int (*reduce)(struct eval *ev, const struct ew_tree *t, enum red_op op,
		      uint64_t axes, struct ndarray *out);
	/* Reductions with where= (ufunc/reduce.c, ufuncmeth.c; host_reduce.c,
	 * the CUDA backend a round trip): out (a's ndim, 1 on the reduced
	 * axes, any layout, holding the start value: initial or the
	 * identity) op= each item of a where mask (bool, a's shape, strides 0
	 * where broadcast) holds, in NumPy's order; by op, or with ufname not
	 * NULL by that ufunc's loop of out's dtype (ufunc.reduce). */
	int (*reduce_masked)(struct eval *ev, const struct ndarray *a, const struct ndarray *mask,
			     enum red_op op, const char *ufname, struct ndarray *out);
	/* cumsum / cumprod along axis: out (a's shape, any numeric dtype: a is
	 * cast to it first, NumPy's accumulation in out's dtype) */
	int (*scan)(struct eval *ev, const struct ndarray *a, int axis, int prod,
		    struct ndarray *out);

	/* out[...,m,n] = a[...,m,k] @ b[...,k,n]; batch dims already broadcast */
	int (*matmul)(struct eval *ev, const struct ndarray *a, const struct ndarray *b,
		      struct ndarray *out);
	/* Sorts every row along the last axis of the C-contiguous a in place
	 * (NumPy's order, NaNs last; stable: equal items keep their order), or
	 * with idx_out (int64, a's shape, C-contiguous) its stable argsort
	 * there; a is then read, and reordered too unless argsort_reads. */
	int (*sort)(struct eval *ev, struct ndarray *a, struct ndarray *idx_out, int stable);
	int argsort_reads;       /* 1: sort with idx_out leaves a as it was */

	/* gather items at flat element indices (repr edge items, fancy indexing):
	 * out[i] = a.flat[idx[i]] for a of any layout; idx is a host array. */
	int (*take_flat)(struct eval *ev, const struct ndarray *a, const int64_t *idx,
			 int64_t n, void *host_out);
	/* Fancy indexing (index.c).  src/dst is a strided view, off[nb] byte
	 * offsets in HOST memory, pos in 0..view->ndim.  gather fills the
	 * C-contiguous out, of shape view.shape[:pos] + (nb,) + view.shape[pos:]
	 * and the view's dtype, with the item at element 0 of the view + off[j]
	 * + the strided position of the other dims; scatter writes vals (that
	 * shape, or C-contiguous of an index array's several dims in place of
	 * nb; the view's dtype; any strides, 0 on broadcast dims) the same way
	 * into dst, the last write winning on duplicates. */
	int (*gather)(struct eval *ev, const struct ndarray *src, const int64_t *off,
		      int64_t nb, int pos, struct ndarray *out);
	int (*scatter)(struct eval *ev, struct ndarray *dst, const int64_t *off,
		       int64_t nb, int pos, const struct ndarray *vals);

	/* The library tables (backend_lib.h).  fft and linalg: every backend
	 * has one (an entry it lacks is NULL: the front end raises
	 * NotImplementedError).  random: a generator of the backend's own
	 * streams (cp.random on the device, as CuPy); NULL means the front end
	 * draws NumPy's own sequences (MT19937 / PCG64, random/) in host
	 * memory, as np.random does. */
	const struct backend_fft *fft;
	const struct backend_linalg *linalg;
	const struct backend_random *random;

	/* Stencils (scipy.ndimage filters, scipy.signal's direct convolutions;
	 * struct stencil below).  out (C-contiguous, any real dtype, allocated
	 * by the caller) gets, for each element, the stencil's op over its
	 * taps of `in` (any layout and real dtype) extended by the mode.
	 * NULL: not supported (the caller raises NotImplementedError). */
	int (*stencil)(struct eval *ev, const struct stencil *s,
		       const struct ndarray *in, struct ndarray *out);
	/* SciPy's spline prefilter (ni_splines.c apply_filter) in place along
	 * every line of axis of c (C-contiguous float64); order 2..5. */
	int (*spline_prefilter)(struct eval *ev, struct ndarray *c, int axis, int order,
				enum im_mode mode);
	/* out (any layout, real dtype) = the spline of order x->order through
	 * the coefficients c (C-contiguous float64) at x's coordinates, with
	 * SciPy's edge handling and integer rounding (NI_ZoomShift /
	 * NI_GeometricTransform). */
	int (*interpolate)(struct eval *ev, const struct interp *x, const struct ndarray *c,
			   struct ndarray *out);

	/* Keys on the array's backend (host_index.c, cuda_index.c: index.c
	 * calls them before it lowers a key to host offsets).  mask is bool, C-contiguous, the
	 * shape of a's first mask->ndim dims.  mask_count: *count = its true
	 * items.  mask_take: *out = a[mask], new, C-contiguous, of shape
	 * (count,) + a.shape[mask->ndim:].  mask_put: a[mask] = vals, vals of
	 * a's dtype and either one item (broadcast) or C-contiguous of that
	 * shape.  take_index: out (C-contiguous, view.shape[:pos] + idx's
	 * shape + view.shape[pos:], the view's dtype) = the items at element 0
	 * of the view + sum over k < nidx (<= 8) of idx[k][j] * stride[k] (idx[k]
	 * int64, C-contiguous, on the device, all of one shape; wrapped when
	 * negative, in 0..size[k]) along the other dims' strides; a bad index
	 * raises NumPy's IndexError for axis[k] (the first array with one, its
	 * first one). */
	int (*mask_count)(struct eval *ev, const struct ndarray *mask, int64_t *count);
	int (*mask_take)(struct eval *ev, const struct ndarray *a, const struct ndarray *mask,
			 struct ndarray **out);
	int (*mask_put)(struct eval *ev, struct ndarray *a, const struct ndarray *mask,
			const struct ndarray *vals);
	int (*take_index)(struct eval *ev, const struct ndarray *view, int nidx,
			  const struct ndarray *const *idx, const int64_t *size,
			  const int64_t *stride, const int *axis, int pos, struct ndarray *out);

	/* Counting (host_count.c, cuda_count.c).  x: any layout, a real dtype.  bounds: *lo / *hi = x's
	 * min / max as double (inf / -inf when empty, NaNs skipped), *nan = 1
	 * when x holds a NaN.  bin_count: counts (int64, C-contiguous, nb
	 * items, on this backend) = how many items fall in each bin: with
	 * edges (host, nb + 1 increasing doubles) NumPy's histogram bins
	 * (uniform: the arithmetic bin corrected against the edges, as
	 * stats.c's host loop; else the bin found by search), items outside
	 * [edges[0], edges[nb]] dropped; with edges NULL, bincount: item x
	 * counts in bin x (the caller checked 0 <= x < nb). */
	int (*bounds)(struct eval *ev, const struct ndarray *x, double *lo, double *hi, int *nan);
	int (*bin_count)(struct eval *ev, const struct ndarray *x, const double *edges, int64_t nb,
			 int uniform, struct ndarray *counts);

	/* arange's and linspace's values (host_fill.c, cuda_fill.c).  dst: 1-d,
	 * C-contiguous, on this backend, a numeric dtype but bool; first2: its
	 * first two items as stored (host memory, borrowed).  Item i >= 2
	 * becomes x0 + i*dl in creation.c's arithmetic for the dtype, x0 the
	 * first item and dl the second minus the first -- or, for float64,
	 * *step when step is not NULL (linspace's i*step + start). */
	int (*arange_fill)(struct eval *ev, struct ndarray *dst, const void *first2, const double *step);
	/* np.vander's matrix (lib/polynomial.c; host_fill.c, the CUDA backend
	 * a round trip): out (m, n), C-contiguous, on this backend, of x's
	 * dtype (int64, float64 or complex128; x 1-d of m items, C-contiguous):
	 * column j holds x**j (increasing) or x**(n-1-j), each power the one
	 * before times x (NumPy's multiply.accumulate; int64 wraps). */
	int (*vander)(struct eval *ev, const struct ndarray *x, int increasing, struct ndarray *out);

	/* Sorted search (cuda_search.c, host_search.c): out (int64,
	 * C-contiguous, nd_size(v) items) gets, for each item of v, the index
	 * where it goes into a (1-d, ascending in NumPy's order, NaNs last) to
	 * keep a sorted: the first such index, or with right the last (NumPy's
	 * side='left' / 'right').  a and v: C-contiguous, one real dtype but
	 * float16, on this backend; another dtype is a RuntimeError. */
	int (*searchsorted)(struct eval *ev, const struct ndarray *a, const struct ndarray *v, int right,
			    struct ndarray *out);

	/* A line's decimation (plot/plot_reduce.c; cuda_count.c,
	 * host_search.c): for each segment s, items [bounds[s], bounds[s+1])
	 * of y (float64, 1-d, C-contiguous, on this backend), the index of its
	 * first smallest and first largest item, NaNs after every number and
	 * a segment of NaNs only giving its last index (plot_reduce.c's loop);
	 * -1 for an empty segment.  bounds (nseg + 1 ascending items), imin and
	 * imax (nseg items) are host memory. */
	int (*segment_argminmax)(struct eval *ev, const struct ndarray *y, const int64_t *bounds,
				 int64_t nseg, int64_t *imin, int64_t *imax);

	/* Several devices (CuPy's current device, cp.cuda.Device(i)): 1 when
	 * a (of this backend) lives on another device than the current one, so
	 * that cp.asarray(a) copies it here as CuPy does; 0 on the host (one
	 * device). */
	int (*elsewhere)(const struct ndarray *a);
	/* ---- slow1 (issue 17: array functions without a host round trip) ----
	 * np.put (indexfn.c; host_index.c, cuda_index.c): a.flat[idx[i]] =
	 * vals[i % nv] for each i, a C-contiguous, idx int64 C-contiguous and
	 * vals (nv >= 0 items, a's dtype, C-contiguous) on this backend, as
	 * NumPy's PyArray_PutTo: nv == 0 does nothing; an empty a with an
	 * index raises IndexError "cannot replace elements of an empty array";
	 * mode 0 (raise): negatives count from the end, and the first index
	 * outside [-n, n) raises NumPy's IndexError ("index I is out of bounds
	 * for axis 0 with size N") after the items before it are written;
	 * 1 (wrap): modulo n; 2 (clip): into [0, n - 1].  Duplicate indices:
	 * the last write wins on the host, any one on the device (CuPy's
	 * rule). */
	int (*put_index)(struct eval *ev, struct ndarray *a, const struct ndarray *idx,
			 const struct ndarray *vals, int mode);
};

/* NumPy's backend (host memory): an object of the array layer
 * (array/ndarray.c) that the host backend fills at start-up
 * (host_register, from engine_init_layers), so the layers below the
 * backends name it without linking to them. */
extern struct backend backend_host;
/* Called (when set) with a host block's data before the block goes back to
 * the system: the CUDA plugin unpins what it pinned there (cuda_transfer.c). */
extern void (*host_release_hook)(void *data, size_t n);
/* The CUDA backend, or NULL when the build has no CUDA or no device is
 * usable (host mode). */
const struct backend *backend_cuda(struct eval *ev);

#endif
