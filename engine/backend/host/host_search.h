/*
 * host_search.h — the host backend's sorted search (host_search.c), bound
 * into backend_host and backend_host_cupy (host_backend.c).
 */
#ifndef LUMEN_HOST_SEARCH_H
#define LUMEN_HOST_SEARCH_H

#include "backend/backend.h"

int host_searchsorted(struct eval *ev, const struct ndarray *a, const struct ndarray *v, int right,
		      struct ndarray *out);

#endif
