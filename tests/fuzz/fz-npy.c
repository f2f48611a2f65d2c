/*
 * fz-npy.c — libFuzzer target: the .npy/.npz loader (engine/lib/npyio/npyio.c).
 * The input is a file: its .npy header is parsed (npy_header_parse: a
 * parsed header's data lies inside the file), its zip members are walked
 * (npz_walk, each member's header parsed in turn; deflated members
 * inflated), and then the whole file
 * is loaded by a host-mode cell, `np.load(path)`, whose arrays are printed
 * and reduced (fz_engine.c: fenced and bounded).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/npyio/npyio.h"
#include "fz_engine.h"

#define CHECK(c)                                                                   \
	do {                                                                       \
		if (!(c)) {                                                        \
			fprintf(stderr, "fz-npy: check failed: %s\n", #c);          \
			abort();                                                   \
		}                                                                  \
	} while (0)

static void header(const unsigned char *buf, size_t len)
{
	struct npy_header h;
	char err[256];
	err[0] = 0;
	if (npy_header_parse(buf, len, &h, err, sizeof err) == 0) {
		CHECK(h.ndim >= 0 && h.ndim <= ND_MAXDIM);
		CHECK(h.data_offset <= len && h.nbytes <= len - h.data_offset);
	} else {
		CHECK(err[0]);
	}
}

static int member(void *ctx, const char *name, size_t nlen, const unsigned char *data, size_t size)
{
	const unsigned char *buf = ctx;
	(void)buf, (void)name, (void)nlen;
	header(data, size);
	return 0;
}

static const char CELL[] =
	"import numpy as np\n"
	"r = np.load(%s)\n"
	"for a in ([r[k] for k in sorted(r.files)] if hasattr(r, 'files') else [r]):\n"
	"    s = repr(a) + str(a.shape) + str(a.dtype)\n"
	"    if a.dtype.kind in 'biuf' and a.size < 100000:\n"
	"        t = a.sum(), a.ravel()[:3].tolist(), a.T.copy()\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[256], path[128], lit[160], code[sizeof CELL + 160];
	if (size > 1 << 20)
		return 0;
	header(data, size);
	(void)npz_walk(data, size, member, (void *)data, err, sizeof err);

	/* the file a cell loads: written here, outside the cell's fence */
	snprintf(path, sizeof path, "%s/in.npy", fz_tmpdir());
	FILE *f = fopen(path, "wb");
	CHECK(f);
	CHECK(fwrite(data, 1, size, f) == size);
	CHECK(fclose(f) == 0);
	snprintf(lit, sizeof lit, "'%s'", path);
	snprintf(code, sizeof code, CELL, lit);
	fz_cell(code, 0);
	return 0;
}
