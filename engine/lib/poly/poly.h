/*
 * poly.h — np.poly1d objects for the other polynomial functions (poly1d.c).
 */
#ifndef LUMEN_POLY_H
#define LUMEN_POLY_H

#include "lang/value.h"

/* 1 when v is a poly1d */
int poly_is(struct value *v);
/* its coefficient array (new reference); v must be a poly1d */
struct value *poly_coeffs(struct value *v);

#endif
