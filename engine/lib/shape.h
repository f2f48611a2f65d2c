/*
 * shape.h — private helpers of the arrays-shape areas (index.c, manip.c,
 * sortsearch.c, stats.c): strided host copies with an optional indirect
 * (gathered/scattered) dimension, the indexing entry points manip.c reuses,
 * and small conveniences.  Implemented in shape.c and index.c.
 *
 * Never seen by the language core: it goes through value.h's arr_* hooks.
 */
#ifndef LUMEN_SHAPE_H
#define LUMEN_SHAPE_H

#include "array/arrapi.h"
#include "backend/host/host_walk.h"

/* dst = src elementwise (same shape).  Same dtype on the host: strided
 * copies here; otherwise the backend's copy (which casts).  Handles src
 * overlapping dst by copying src first.  0 or -1 with the error set. */
int shp_assign(struct eval *ev, struct ndarray *dst, const struct ndarray *src);

/* A new C-contiguous copy of a (any backend, same dtype). */
struct ndarray *shp_copy(struct eval *ev, const struct ndarray *a);

/* np.repeat on a host array: items along axis repeated reps[i] times
 * (reps[0] for all when nr == 1; all >= 0, summing to total).  New
 * C-contiguous array, or NULL with the error set. */
struct ndarray *shp_repeat(struct eval *ev, const struct ndarray *a, int axis,
			   const int64_t *reps, int64_t nr, int64_t total);

/* The ndarray of v on backend be (dtype -1: infer), new reference. */
struct ndarray *shp_array(struct eval *ev, const struct backend *be, struct value *v, int dtype);

/* v as an array in host memory (any host backend): an ndarray of any
 * namespace is copied to the host (never the "implicit conversion"
 * TypeError), other values are converted; dtype -1 keeps / infers. */
struct ndarray *shp_host_array(struct eval *ev, struct value *v, int dtype);

/* Formats "(2, 3)" / "(2,)" / "()" into buf. */
void shp_fmt_shape(char *buf, size_t n, int ndim, const int64_t *shape);

/* Reads an int / bool keyword quickly (absent or None: def). */
int shp_int(struct eval *ev, struct value *v, int64_t def, int64_t *out);

/* a[key] / a[key] = x on any ndarray (what arr_getitem/arr_setitem do). */
struct value *idx_get(struct eval *ev, struct ndarray *a, struct value *key);
int idx_set(struct eval *ev, struct ndarray *a, struct value *key, struct value *x);
/* NumPy's check of a value that is not an array for an array of dtype dt:
 * a Python complex (or a list holding one) into a real dtype is float()'s
 * / int()'s TypeError; a NumPy complex scalar warns (ComplexWarning).
 * 0, or -1 with the error set. */
int idx_value_check(struct eval *ev, int dt, const struct value *x);

/* Takes along an axis with int64 host indices (already in range, >= 0):
 * the NumPy `take(a, idx, axis)` gather; result shape is a.shape with axis
 * replaced by (n).  Any backend. */
struct ndarray *idx_take_axis(struct eval *ev, const struct ndarray *a, int axis,
			      const int64_t *idx, int64_t n);

/* np.take(a, ind, axis) with the index array where the data lies: ind
 * int64, C-contiguous, on a's backend (negatives wrapped; an index out of
 * range raises NumPy's IndexError for axis) read by the backend's
 * take_index.  New C-contiguous array of shape a.shape[:axis] + ind.shape
 * + a.shape[axis + 1:], or NULL with the error set. */
struct ndarray *idx_take_axis_arr(struct eval *ev, const struct ndarray *a, int axis,
				  const struct ndarray *ind);

#endif
