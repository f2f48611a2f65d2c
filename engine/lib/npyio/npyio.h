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
/* 0, or -1 with a message in err.  npy_header_parse: the data must be in
 * buf too; npy_header_parse_only: only the header (hdr->nbytes says how
 * much data follows at hdr->data_offset). */
int npy_header_parse(const unsigned char *buf, size_t len, struct npy_header *hdr,
		     char *err, size_t errlen);
int npy_header_parse_only(const unsigned char *buf, size_t len, struct npy_header *hdr,
			  char *err, size_t errlen);
/* Calls fn for each member of the zip in buf (stored, or deflated: inflated
 * as far as the stream goes, never past the declared size, CRC checked);
 * -1 with err.  npz_walk_some: only the members want(ctx, name) accepts are
 * read (the others' headers are still checked). */
int npz_walk(const unsigned char *buf, size_t len,
	     int (*fn)(void *ctx, const char *name, size_t nlen, const unsigned char *data, size_t size),
	     void *ctx, char *err, size_t errlen);
int npz_walk_some(const unsigned char *buf, size_t len, int (*want)(void *ctx, const char *name, size_t nlen),
		  int (*fn)(void *ctx, const char *name, size_t nlen, const unsigned char *data, size_t size),
		  void *ctx, char *err, size_t errlen);

/* The zip np.savez (compress 0) / np.savez_compressed (1) write: 0 and a
 * malloc'd image in *out, or -1 with err. */
int npz_build(const char *const *names, const unsigned char *const *imgs, const size_t *lens, int n,
	      int compress, unsigned char **out, size_t *outlen, char *err, size_t errlen);

#endif
