/*
 * host_int.h — private to backend/host/: the entries host_backend.c puts in
 * its struct backend, implemented by host_ew.c (fill, transfers) and
 * host_reduce.c (reduce, scan).
 */
#ifndef LUMEN_HOST_INT_H
#define LUMEN_HOST_INT_H

#include <stdint.h>
#include "backend/backend.h"

int host_fill(struct eval *ev, struct ndarray *dst, const struct npscalar *v);
int host_to_host(struct eval *ev, void *dst, const struct ndarray *src);
int host_from_host(struct eval *ev, struct ndarray *dst, const void *src);
int red_host_reduce(struct eval *ev, const struct ew_tree *t, enum red_op op,
		    uint64_t axes, struct ndarray *out);
int red_host_scan(struct eval *ev, const struct ndarray *a, int axis, int prod,
		  struct ndarray *out);

#endif
