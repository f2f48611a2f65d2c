/*
 * xfer.h — the count of implicit device-to-host copies (issue 17): every
 * copy the CUDA backend makes from device to host memory reports itself
 * here (xfer_note_d2h); the front ends bracket the copies a user asks for
 * (cp.asnumpy, .get(), printing, float()/int()/bool()/item()/tolist() of
 * an array, tobytes) with xfer_user_begin / xfer_user_end, and only the
 * other copies count.  With LUMEN_WARN_TRANSFERS=1 the first implicit copy
 * at each source line warns (UserWarning naming the function running).
 * Read by cp.cuda.lumen_transfer_count() and `%device -v`.  xfer.c.
 */
#ifndef LUMEN_XFER_H
#define LUMEN_XFER_H

#include <stddef.h>
#include <stdint.h>
#include "array/arrfuncs.h"

struct eval;

void xfer_note_d2h(struct eval *ev, size_t nbytes);
void xfer_user_begin(void);
void xfer_user_end(void);
/* totals since the process started (or since cp.cuda.lumen_transfer_reset()) */
int64_t xfer_implicit_count(void);
int64_t xfer_implicit_bytes(void);
/* the sites seen, most copies first: up to max names and counts; returns
 * how many were written */
int xfer_sites(const char **names, int64_t *counts, int max);
/* cupy.cuda's lumen_transfer_count / lumen_transfer_bytes /
 * lumen_transfer_reset / lumen_transfer_sites (always present, also in
 * host mode, where they stay 0) */
extern const struct arr_func xfer_cuda_funcs[];

#endif
