/*
 * ndimage.h — what scipy.ndimage's and scipy.signal's files share: the
 * front-end helpers (ndimage.c) that parse SciPy's arguments and run a
 * stencil on the input's backend (the backends' entries are declared in
 * backend/host/host.h and backend/cuda/cuda_int.h).  Not seen outside the
 * engine's SciPy areas.
 */
#ifndef LUMEN_NDIMAGE_H
#define LUMEN_NDIMAGE_H

#include "array/arrapi.h"

/* SciPy's filter mode names ('reflect', 'grid-mirror', 'constant',
 * 'grid-constant', 'nearest', 'mirror', 'wrap', 'grid-wrap'); NULL or None:
 * def.  RuntimeError "boundary mode not supported" otherwise. */
int ndi_parse_mode(struct eval *ev, struct value *v, int def, enum st_mode *mode);

/* Runs s over in into a new array of dtype odt and shape (in->ndim, oshape)
 * on in's backend (NotImplementedError naming fname where the backend has
 * no stencil).  A new reference, or NULL with the error set. */
struct ndarray *ndi_run(struct eval *ev, const char *fname, const struct stencil *s,
			const struct ndarray *in, int odt, const int64_t *oshape);

/* A real input array on backend be (complex: NotImplementedError; float16:
 * RuntimeError "array type not supported", as SciPy). */
struct ndarray *ndi_input(struct eval *ev, const struct backend *be, struct value *v,
			  const char *fname);

/* The signal module's table lives in signal.c; the interpolation functions
 * in ndimage_interp.c. */
struct value *ndi_zoom(struct eval *ev, const struct builtin *bi, int argc,
		       struct value **argv, const struct kwargs *kw);
struct value *ndi_shift(struct eval *ev, const struct builtin *bi, int argc,
			struct value **argv, const struct kwargs *kw);
struct value *ndi_rotate(struct eval *ev, const struct builtin *bi, int argc,
			 struct value **argv, const struct kwargs *kw);

#endif
