/*
 * host_walk.h — the host's strided copy engine (host_walk.c): a walk over
 * two strided host operands, one dimension maybe indirect.  Used by the
 * host backend's entries and by lib/'s copies of host scratch arrays.
 */
#ifndef LUMEN_HOST_WALK_H
#define LUMEN_HOST_WALK_H

#include <stdint.h>
#include "array/ndarray.h"

/* A walk over nd dims, in C order, of two strided operands (src, dst).
 * Dimension `ind` (or -1) is indirect on one side: its byte offsets are
 * soff[i] (src side) or doff[i] (dst side) instead of i * stride. */
struct host_walk {
	int nd;
	int64_t shape[ND_MAXDIM + 1];
	int64_t sstr[ND_MAXDIM + 1];
	int64_t dstr[ND_MAXDIM + 1];
	int ind;
	const int64_t *soff, *doff;
};

/* Copies itemsize-byte items along the walk, host memory. */
void host_walk_copy(const struct host_walk *w, char *dst, const char *src, int itemsize);

#endif
