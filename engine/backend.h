/*
 * backend.h — what differs between host memory and GPU memory: one struct of
 * function pointers.  Every builtin (zeros, sum, fft.fft ...) is written
 * once above this interface; `np` binds the host backend and `cp` the CUDA
 * backend (or the host backend in host mode).
 *
 * Contract for every entry: arrays passed in are borrowed; outputs are
 * allocated by the caller (with nd_new on the same backend) unless the entry
 * says otherwise; return 0, or -1 with the error set on ev.  A NULL entry
 * means "not supported by this backend": the caller raises
 * NotImplementedError naming the function.
 */
#ifndef LUMEN_BACKEND_H
#define LUMEN_BACKEND_H

#include "ndarray.h"
#include "value.h"

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

struct backend {
	const char *name;        /* "host", "cuda" */
	enum device device;

	/* memory */
	struct buffer *(*alloc)(struct eval *ev, size_t nbytes);
	void (*free)(struct buffer *b);
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
	/* cumsum / cumprod along axis */
	int (*scan)(struct eval *ev, const struct ndarray *a, int axis, int prod,
		    struct ndarray *out);

	/* out[...,m,n] = a[...,m,k] @ b[...,k,n]; batch dims already broadcast */
	int (*matmul)(struct eval *ev, const struct ndarray *a, const struct ndarray *b,
		      struct ndarray *out);
	/* sort / argsort along the last axis of a contiguous copy */
	int (*sort)(struct eval *ev, struct ndarray *a, struct ndarray *idx_out);

	/* gather items at flat element indices (repr edge items, fancy indexing):
	 * out[i] = a.flat[idx[i]] for a of any layout; idx is a host array. */
	int (*take_flat)(struct eval *ev, const struct ndarray *a, const int64_t *idx,
			 int64_t n, void *host_out);
	/* Fancy indexing (index.c; may be NULL: index.c then indexes a host
	 * copy).  src/dst is a strided view, off[nb] byte offsets in HOST memory,
	 * pos in 0..view->ndim.  gather fills the C-contiguous out, of shape
	 * view.shape[:pos] + (nb,) + view.shape[pos:] and the view's dtype, with
	 * the item at element 0 of the view + off[j] + the strided position of
	 * the other dims; scatter writes vals (C-contiguous, that shape, the
	 * view's dtype) the same way into dst, the last write winning on
	 * duplicates.  The host backend leaves both NULL: index.c does the host. */
	int (*gather)(struct eval *ev, const struct ndarray *src, const int64_t *off,
		      int64_t nb, int pos, struct ndarray *out);
	int (*scatter)(struct eval *ev, struct ndarray *dst, const int64_t *off,
		       int64_t nb, int pos, const struct ndarray *vals);

	/* the library-backed families may be NULL; see fft.c, linalg.c, random.c */
	void *fft;     /* struct fft_backend * */
	void *linalg;  /* struct linalg_backend * */
	void *random;  /* struct random_backend * */
};

extern const struct backend backend_host;
/* The CUDA backend, or NULL when the build has no CUDA or no device is
 * usable (host mode). */
const struct backend *backend_cuda(struct eval *ev);

#endif
