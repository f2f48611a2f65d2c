/*
 * host_search.h — the host backend's sorted search and segment argmin/argmax
 * (host_search.c), bound
 * into backend_host and backend_host_cupy (host_backend.c).
 */
#ifndef LUMEN_HOST_SEARCH_H
#define LUMEN_HOST_SEARCH_H

#include "backend/backend.h"

int host_searchsorted(struct eval *ev, const struct ndarray *a, const struct ndarray *v, int right,
		      struct ndarray *out);
int host_segment_argminmax(struct eval *ev, const struct ndarray *y, const int64_t *bounds, int64_t nseg,
			   int64_t *imin, int64_t *imax);

#endif
