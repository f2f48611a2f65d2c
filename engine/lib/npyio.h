/*
 * npyio.h — NumPy's .npy/.npz formats (npyio.c): the pure header and zip
 * readers/writers, exposed for tests and the fuzzer.  They never read past
 * the buffer they are given and report problems as text, not as errors on an
 * evaluator.
 */
#ifndef LUMEN_NPYIO_H
#define LUMEN_NPYIO_H

#include <stddef.h>
#include <stdint.h>
#include "array/ndarray.h"

struct npy_header {
	int dtype;               /* enum dtype */
	int swap;                /* big-endian data */
	int fortran;
	int ndim;
	int64_t shape[ND_MAXDIM];
	size_t data_offset;      /* bytes from the start of the file */
	uint64_t nbytes;         /* bytes of data (checked present) */
};

/* Writes the version 1.0 preamble + header exactly as NumPy does; returns
 * its length (a multiple of 64), 0 if cap is too small. */
size_t npy_header_format(char *out, size_t cap, int dtype, int fortran, int ndim,
			 const int64_t *shape);
/* 0, or -1 with a message in err. */
int npy_header_parse(const unsigned char *buf, size_t len, struct npy_header *hdr,
		     char *err, size_t errlen);
/* Calls fn for each stored member of the zip in buf; -1 with err. */
int npz_walk(const unsigned char *buf, size_t len,
	     int (*fn)(void *ctx, const char *name, size_t nlen, const unsigned char *data, size_t size),
	     void *ctx, char *err, size_t errlen);

#endif
