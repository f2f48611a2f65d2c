/*
 * t-npyio.c — np.save / np.load / np.savez against NumPy: the io-* cells of
 * tests/cells run through the engine and compared with what NumPy printed
 * (num_cases.h, written by tools/gen/num_cases.py).
 */
#include "numharness.h"
#include "lib/npyio.h"
#include "array/dtype.h"

/* the header NumPy 2 writes for np.save('x', np.zeros((2, 3))): the
 * 10-byte preamble, then the dict padded with spaces to 117 bytes and '\n' */
static const char np_dict_f8_23[] = "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }";

static int count_member(void *ctx, const char *name, size_t nlen, const unsigned char *d, size_t n)
{
	(*(int *)ctx)++;
	return 0;
}

/* Mutates a valid image at random and checks the readers only ever answer
 * 0 or -1 (run under ASan/valgrind this also proves no out-of-bounds read). */
static int fuzz(const unsigned char *img, size_t len, int zip, unsigned seed, int rounds)
{
	unsigned char *b = malloc(len + 64);
	char err[256];
	if (!b)
		return 0;
	for (int r = 0; r < rounds; r++) {
		size_t n = len;
		memcpy(b, img, len);
		seed = seed * 1103515245u + 12345u;
		int edits = 1 + (seed >> 16) % 6;
		for (int e = 0; e < edits; e++) {
			seed = seed * 1103515245u + 12345u;
			size_t at = (seed >> 8) % len;
			seed = seed * 1103515245u + 12345u;
			b[at] = (unsigned char)(seed >> 16);
		}
		seed = seed * 1103515245u + 12345u;
		if ((seed >> 20) % 4 == 0)
			n = (seed >> 4) % (len + 1);   /* truncated */
		unsigned char *t = malloc(n ? n : 1);   /* exact size: overreads fault under ASan */
		memcpy(t, b, n);
		int rc;
		if (zip) {
			int cnt = 0;
			rc = npz_walk(t, n, count_member, &cnt, err, sizeof err);
		} else {
			struct npy_header h;
			rc = npy_header_parse(t, n, &h, err, sizeof err);
			if (rc == 0 && h.data_offset + h.nbytes > n)
				rc = 2;
		}
		free(t);
		if (rc != 0 && rc != -1) {
			free(b);
			return 0;
		}
	}
	free(b);
	return 1;
}

int main(void)
{
	int num = 0, failed = 0, ok;
	char hdr[256];
	int64_t sh[3] = {2, 3, 4};
	printf("1..%d\n", 8 + nh_count("io-"));

	char want[129];
	memcpy(want, "\x93NUMPY\x01\x00\x76\x00", 10);
	snprintf(want + 10, sizeof want - 10, "%-117s\n", np_dict_f8_23);
	size_t hl = npy_header_format(hdr, sizeof hdr, DT_FLOAT64, 0, 2, sh);
	ok = hl == 128 && !memcmp(hdr, want, 128);
	printf("%s %d - header of (2, 3) float64 is NumPy's, byte for byte\n", ok ? "ok" : "not ok", ++num);

	hl = npy_header_format(hdr, sizeof hdr, DT_BOOL, 0, 0, sh);
	ok = hl == 128 && strstr(hdr + 10, "{'descr': '|b1', 'fortran_order': False, 'shape': (), }") == hdr + 10;
	printf("%s %d - 0-d bool header\n", ok ? "ok" : "not ok", ++num);

	hl = npy_header_format(hdr, sizeof hdr, DT_COMPLEX128, 1, 1, sh);
	hdr[hl - 1] = 0;
	ok = hl % 64 == 0 && strstr(hdr + 10, "'shape': (2,), }") && strstr(hdr + 10, "'<c16'");
	printf("%s %d - 1-d shape has its comma, data aligned to 64\n", ok ? "ok" : "not ok", ++num);

	/* parse back, with data present */
	unsigned char img[128 + 48];
	struct npy_header h;
	char err[256];
	memcpy(img, want, 128);
	memset(img + 128, 0, 48);
	ok = npy_header_parse(img, sizeof img, &h, err, sizeof err) == 0 && h.dtype == DT_FLOAT64 &&
	     h.ndim == 2 && h.shape[0] == 2 && h.shape[1] == 3 && h.data_offset == 128 && h.nbytes == 48;
	printf("%s %d - header parses\n", ok ? "ok" : "not ok", ++num);

	ok = npy_header_parse(img, sizeof img - 1, &h, err, sizeof err) == -1 && strstr(err, "EOF");
	printf("%s %d - truncated data is an error (%s)\n", ok ? "ok" : "not ok", ++num, err);

	ok = npy_header_parse((const unsigned char *)"hello world", 11, &h, err, sizeof err) == -1;
	printf("%s %d - not a .npy\n", ok ? "ok" : "not ok", ++num);

	ok = fuzz(img, sizeof img, 0, 1, 20000);
	printf("%s %d - fuzzed .npy headers never crash\n", ok ? "ok" : "not ok", ++num);

	/* a minimal stored zip with one member, as np.savez writes it (no zip64) */
	{
		static const unsigned char name[] = "a.npy";
		unsigned char z[512];
		size_t o = 0, lo = 0, co;
		memset(z, 0, sizeof z);
		z[o++] = 'P'; z[o++] = 'K'; z[o++] = 3; z[o++] = 4;
		z[o + 0] = 20; o += 2;          /* version */
		o += 2 + 2 + 4;                 /* flags, method 0, time/date */
		o += 4;                         /* crc (not checked) */
		z[o] = 176; o += 4;             /* csize */
		z[o] = 176; o += 4;             /* usize */
		z[o] = 5; o += 2;               /* name len */
		o += 2;                         /* extra len */
		memcpy(z + o, name, 5); o += 5;
		memcpy(z + o, img, 176); o += 176;
		co = o;
		z[o++] = 'P'; z[o++] = 'K'; z[o++] = 1; z[o++] = 2;
		z[o] = 20; o += 2; z[o] = 20; o += 2;
		o += 2 + 2 + 4 + 4;
		z[o] = 176; o += 4;
		z[o] = 176; o += 4;
		z[o] = 5; o += 2;
		o += 2 + 2 + 2 + 2 + 4;
		z[o] = (unsigned char)lo; o += 4;
		memcpy(z + o, name, 5); o += 5;
		size_t cdlen = o - co;
		z[o++] = 'P'; z[o++] = 'K'; z[o++] = 5; z[o++] = 6;
		o += 4;
		z[o] = 1; o += 2;
		z[o] = 1; o += 2;
		z[o] = (unsigned char)cdlen; o += 4;
		z[o] = (unsigned char)co; z[o + 1] = (unsigned char)(co >> 8); o += 4;
		o += 2;
		int cnt = 0;
		ok = npz_walk(z, o, count_member, &cnt, err, sizeof err) == 0 && cnt == 1 && fuzz(z, o, 1, 7, 20000);
		printf("%s %d - zip walk, and fuzzed zips never crash\n", ok ? "ok" : "not ok", ++num);
	}
	nh_chdir_scratch();
	nh_run_prefix("io-", &num, &failed);
	return 0;
}
