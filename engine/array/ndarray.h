/*
 * ndarray.h — the array: a dtype, a shape, byte strides and an offset into a
 * refcounted buffer that lives on one device (host memory or GPU memory).
 *
 * A view references its buffer and the array that owns it (`a.base`: the
 * first array of the chain, never a view, as NumPy collapses it).
 * nd_decref(NULL) is a no-op.  The buffer's last decref hands the memory back to the backend that
 * allocated it (its pool).
 */
#ifndef LUMEN_NDARRAY_H
#define LUMEN_NDARRAY_H

#include <stddef.h>
#include <stdint.h>
#include "array/dtype.h"

#define ND_MAXDIM 32

struct eval;
struct backend;

enum device { DEV_HOST, DEV_CUDA };

struct buffer {
	int refcnt;
	void *data;                 /* host pointer or device pointer */
	size_t nbytes;
	const struct backend *be;   /* who frees it */
	void *cookie;               /* the backend's own (pool block, pinned flag ...) */
	int device;                 /* the GPU it lives on (CUDA ordinal); 0 in host memory */
	/* read by the host backend's free alone: non-NULL frees the buffer
	 * its own way, cookie is its own (np.memmap's file mapping: memmap.c);
	 * the host allocators set it NULL */
	void (*release)(struct buffer *b);
};

enum nd_flags {
	ND_WRITEABLE = 1,
	ND_LOCKED = 2,      /* never writeable: a read-only buffer (bytes, a memmap
			     * of mode 'r') or a broadcast view */
	ND_UNALIGNED = 4,   /* a.setflags(align=False) */
};

/* NumPy's ndarray subclasses Lumen models: a tag on the array that its repr,
 * operators and indexing read (views keep it; a matrix's only while 2-D) */
enum nd_sub {
	ND_PLAIN,
	ND_MATRIX,    /* np.matrix (lib/matrix.c) */
	ND_MEMMAP,    /* np.memmap (memmap.c): the buffer maps a file */
};

struct ndarray {
	int refcnt;
	int dtype;                  /* enum dtype */
	int ndim;
	int flags;
	int sub;                    /* enum nd_sub */
	int64_t shape[ND_MAXDIM];
	int64_t strides[ND_MAXDIM]; /* bytes; may be 0 or negative */
	int64_t offset;             /* bytes from buf->data to element 0 */
	struct buffer *buf;         /* owned reference */
	struct ndarray *base;       /* a view's base array (owned; NULL: none) */
	struct value *wrapper;      /* weak: the value arr_wrap made for it, cleared
				     * when a value wrapping it goes (arrslots.c):
				     * what `x.base is y` compares */
};

/* A new C-contiguous array on backend be (uninitialised), or NULL with the
 * error set (MemoryError / OutOfMemoryError). */
struct ndarray *nd_new(struct eval *ev, const struct backend *be, int dtype,
		       int ndim, const int64_t *shape);
/* nd_new's array filled with zeros; on the host as NumPy's calloc does it
 * (pages the kernel hands out fresh are not written again). */
struct ndarray *nd_new_zeroed(struct eval *ev, const struct backend *be, int dtype,
			      int ndim, const int64_t *shape);
/* A view of a's buffer with the given layout (new reference); its base is
 * a's base, else a itself (so a must be a counted array, never a copy on
 * the stack). */
struct ndarray *nd_view(struct eval *ev, const struct ndarray *a, int dtype,
			int ndim, const int64_t *shape, const int64_t *strides,
			int64_t offset);
static inline struct ndarray *nd_incref(struct ndarray *a) { if (a) a->refcnt++; return a; }
void nd_decref(struct ndarray *a);
void buf_decref(struct buffer *b);

int64_t nd_size(const struct ndarray *a);
int nd_is_c_contiguous(const struct ndarray *a);
/* NumPy's _size_to_string: a byte count as "72.8 TiB" (MemoryError texts). */
void nd_size_string(char *buf, size_t n, double bytes);
int nd_is_f_contiguous(const struct ndarray *a);
enum device nd_device(const struct ndarray *a);
/* 1 when a's items are in host memory (its backend's device_memory is 0):
 * nd_data(a) is a CPU pointer the C loops may read and write. */
int nd_host_memory(const struct ndarray *a);
const struct backend *nd_backend(const struct ndarray *a);
/* Address of element 0 (host arrays: dereferenceable). */
static inline char *nd_data(const struct ndarray *a) { return (char *)a->buf->data + a->offset; }

#endif
