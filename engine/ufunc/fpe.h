/*
 * fpe.h — floating-point errors of the host loops (NumPy's RuntimeWarnings,
 * np.seterr): fpe.c.  The warnings print through lang/error.h's ev_warn.
 */
#ifndef LUMEN_FPE_H
#define LUMEN_FPE_H

#include "lang/value.h"
#include "lang/error.h"
#include "backend/backend.h"

/* NumPy's ComplexWarning ("Casting complex values to real discards the
 * imaginary part") when an array cast goes from a complex dtype to a real
 * one other than bool. */
void fpe_complex_cast(struct eval *ev, int from, int to);
/* Reports the C FE_* flags raised by operation opname ("divide") by the
 * np.seterr state: 0, or -1 with FloatingPointError set ('raise'). */
int fpe_report(struct eval *ev, const char *opname, int flags);
/* Ignores every floating-point error until fpe_ignore_end(saved) (where=
 * computes masked-off elements NumPy never computes). */
int fpe_ignore_begin(void);
void fpe_ignore_end(int saved);
/* While an operator runs on NumPy scalars: its ufunc's name ("true_divide"),
 * which the warnings give as NumPy's scalar math does ("scalar divide");
 * returns the previous one for fpe_scalar_end. */
const char *fpe_scalar_begin(const char *ufname);
void fpe_scalar_end(const char *saved);
/* After l <ufname> r on NumPy integer scalars gave res (r NULL: -l or
 * abs(l), ufname "negative" / "absolute"): NumPy's "overflow encountered
 * in scalar add" when it wrapped.  0, or -1 ('raise'). */
int fpe_scalar_int_check(struct eval *ev, const char *ufname, struct value *l, struct value *r, struct value *res);
/* loop(ev, t, out) (the host's elementwise loops), with the floating-point
 * flags it raises reported: backend_host's elementwise. */
int fpe_host_elementwise(struct eval *ev, const struct ew_tree *t, struct ndarray *out,
			 int (*loop)(struct eval *ev, const struct ew_tree *t, struct ndarray *out));

#endif
