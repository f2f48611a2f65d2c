/*
 * ufuncmeth.h — the attributes of ufunc objects (np.add.reduce, .accumulate,
 * .outer, .at, .nin ...): ufuncmeth.c.  value.c's getattr asks here first for
 * a builtin that is a ufunc.
 */
#ifndef LUMEN_UFUNCMETH_H
#define LUMEN_UFUNCMETH_H

#include "lang/value.h"

/* The ufunc named bi->name as a module function (np.add's body, for other
 * namespaces' ufuncs such as scipy.special.erf): ufuncfn.c. */
struct value *arr_ufunc_entry(struct eval *ev, const struct builtin *bi, int argc,
			      struct value **argv, const struct kwargs *kw);
/* Non-zero if bi is one of the np./cp. ufunc functions (ufuncfn.c). */
int arr_ufunc_is_builtin(const struct builtin *bi);
/* Non-zero if v is an unbound ufunc builtin (np.add, cp.maximum ...). */
int ufm_is_ufunc(const struct value *v);
/* repr(v) of a NumPy ufunc v: "<ufunc 'absolute'>" (its table name, as
 * np.abs shows it), malloc'd; NULL when v is not one (cp's keep the
 * function repr). */
char *ufm_repr(const struct value *v);
/* Attribute `name` of ufunc v (a new reference), or NULL with AttributeError. */
struct value *ufm_getattr(struct eval *ev, struct value *v, const char *name);

/* where= of a reduction (reduce.c): *mask becomes a bool host array of a's
 * shape (broadcast); 0, or -1 with the error set. */
int arr_where_mask(struct eval *ev, struct value *where, const struct ndarray *a, int to,
		   struct ndarray **mask, int *mnd, int64_t *mshape);

#endif
