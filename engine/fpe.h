/*
 * fpe.h — floating-point errors of the host loops (NumPy's RuntimeWarnings,
 * np.seterr) and Python-style warnings on stderr: fpe.c.
 */
#ifndef LUMEN_FPE_H
#define LUMEN_FPE_H

#include "value.h"
#include "backend.h"

/* Prints "FILE:LINE: CATEGORY: MSG\n  SOURCE\n" on stderr for the running
 * line, unless this (message, category, place) was shown before. */
void ev_warn(struct eval *ev, const char *category, const char *msg);
/* Reports the C FE_* flags raised by operation opname ("divide") by the
 * np.seterr state: 0, or -1 with FloatingPointError set ('raise'). */
int fpe_report(struct eval *ev, const char *opname, int flags);
/* Ignores every floating-point error until fpe_ignore_end(saved) (where=
 * computes masked-off elements NumPy never computes). */
int fpe_ignore_begin(void);
void fpe_ignore_end(int saved);
/* uf_host_elementwise, with the flags reported (backend_host's elementwise). */
int fpe_host_elementwise(struct eval *ev, const struct ew_tree *t, struct ndarray *out);

#endif
