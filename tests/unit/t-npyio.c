/*
 * t-npyio.c — np.save / np.load / np.savez against NumPy: the io-* cells of
 * tests/cells run through the engine and compared with what NumPy printed
 * (num_cases.h, written by tools/gen/num_cases.py).
 */
#include "numharness.h"
#include "lib/npyio/npyio.h"
#include "array/dtype.h"

/* the header NumPy 2 writes for np.save('x', np.zeros((2, 3))): the
 * 10-byte preamble, then the dict padded with spaces to 117 bytes and '\n' */
static const char np_dict_f8_23[] = "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }";

static int size_member(void *ctx, const char *name, size_t nlen, const unsigned char *d, size_t n)
{
	*(size_t *)ctx = n;
	return 0;
}

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
	printf("1..%d\n", 13 + nh_count("io-"));

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

	/* zips of one member as np.savez (stored) and np.savez_compressed
	 * (deflated) write them: walked, then fuzzed */
	for (int compress = 0; compress < 2; compress++) {
		const char *names[1] = {"a.npy"};
		const unsigned char *imgs[1] = {img};
		size_t lens[1] = {176}, zl = 0;
		unsigned char *z = NULL;
		int cnt = 0;
		ok = npz_build(names, imgs, lens, 1, compress, &z, &zl, err, sizeof err) == 0 &&
		     npz_walk(z, zl, count_member, &cnt, err, sizeof err) == 0 && cnt == 1 && fuzz(z, zl, 1, 7, 20000);
		printf("%s %d - %s zip walk, and fuzzed zips never crash\n", ok ? "ok" : "not ok", ++num,
		       compress ? "deflated" : "stored");
		if (z) {
			/* a flipped data byte fails the CRC (stored) or the stream (deflated) */
			z[30 + 5 + 20] ^= 0x40;
			ok = npz_walk(z, zl, count_member, &cnt, err, sizeof err) == -1 &&
			     (compress || strstr(err, "Bad CRC-32 for file 'a.npy'"));
			printf("%s %d - %s member with a flipped byte is refused (%s)\n", ok ? "ok" : "not ok", ++num,
			       compress ? "deflated" : "stored", err);
			z[30 + 5 + 20] ^= 0x40;
		}
		if (z && compress) {
			/* a bomb's header: 4 GiB declared (usize in the central
			 * directory) from a few bytes: as zipfile, the stream decides
			 * the size and nothing of the declared one is allocated */
			size_t cd = zl - 22 - 46 - 5, got = 0;
			z[cd + 24] = z[cd + 25] = z[cd + 26] = z[cd + 27] = 0xfe;
			ok = npz_walk(z, zl, size_member, &got, err, sizeof err) == 0 && got == 176;
			printf("%s %d - a member declaring 4 GiB gives its %zu real bytes\n", ok ? "ok" : "not ok", ++num, got);
			/* declaring less than the stream gives is refused */
			z[cd + 24] = 100;
			z[cd + 25] = z[cd + 26] = z[cd + 27] = 0;
			ok = npz_walk(z, zl, size_member, &got, err, sizeof err) == -1;
			printf("%s %d - a member declaring fewer bytes than it holds is refused (%s)\n", ok ? "ok" : "not ok",
			       ++num, err);
		}
		free(z);
	}
	nh_chdir_scratch();
	nh_run_prefix("io-", &num, &failed);
	return 0;
}
