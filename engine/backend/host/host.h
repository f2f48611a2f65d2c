/*
 * host.h — the host backend's entry points that other rooms call directly
 * rather than through struct backend (backend.h): the zeroed allocation and
 * the masked reductions.  Implemented in host_backend.c and host_reduce.c.
 */
#ifndef LUMEN_HOST_H
#define LUMEN_HOST_H

#include <stddef.h>
#include <stdint.h>
#include "backend/backend.h"

/* NumPy's pairwise summation (add.reduce's order, loops_utils.h.src) of n
 * contiguous doubles / floats, accumulated in their own type */
double host_pairwise_sum_d(const double *a, int64_t n);
float host_pairwise_sum_f(const float *a, int64_t n);
/* a zero-filled host buffer (calloc: fresh pages cost nothing) */
struct buffer *host_alloc_zeroed(struct eval *ev, size_t nbytes, const struct backend *be);
/* reduction op of a over axes where mask (a bool host array of a's shape) holds */
int red_host_reduce_masked(struct eval *ev, const struct ndarray *a, const struct ndarray *mask,
			   enum red_op op, uint64_t axes, struct ndarray *out);
/* ufunc ufname's reduction where mask holds (ufunc.reduce(where=)) */
int red_host_reduce_masked_uf(struct eval *ev, const struct ndarray *a, const struct ndarray *mask,
			      const char *ufname, struct ndarray *out);

#endif
