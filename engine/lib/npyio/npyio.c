/*
 * npyio.c — the formats under np.save / np.load / np.savez (their front ends
 * are npyfile.c): NumPy's .npy format (version 1.0 headers written byte for
 * byte as NumPy writes them; 1.0, 2.0 and 3.0 read) and .npz archives (zip,
 * stored or deflated through zlib, zip64 extras read).  Every malformed
 * input is an error message, never a crash: the readers check each length
 * against the bytes they hold, and a deflated member inflates into exactly
 * the size it declares (bounded by deflate's ratio).  Owns no state.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "array/arrapi.h"
#include "lang/args.h"
#include "lang/error.h"
#include "lib/npyio/npyio.h"

/* ---- the .npy header ---- */

/* "{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }" padded with
 * spaces and '\n' so that the data starts at a multiple of 64 bytes. */
size_t npy_header_format(char *out, size_t cap, int dtype, int fortran, int ndim,
			 const int64_t *shape)
{
	char dict[128 + ND_MAXDIM * 24];
	size_t n = 0, total, pad;
	n += snprintf(dict + n, sizeof dict - n, "{'descr': '%s', 'fortran_order': %s, 'shape': (",
		      dtype_table[dtype].str, fortran ? "True" : "False");
	for (int i = 0; i < ndim; i++)
		n += snprintf(dict + n, sizeof dict - n, i ? ", %lld" : "%lld", (long long)shape[i]);
	n += snprintf(dict + n, sizeof dict - n, "%s), }", ndim == 1 ? "," : "");
	/* magic(6) + version(2) + len(2) + dict + pad + '\n' */
	pad = 64 - ((10 + n + 1) % 64);
	total = 10 + n + pad + 1;
	if (total > cap)
		return 0;
	memcpy(out, "\x93NUMPY\x01\x00", 8);
	out[8] = (char)((n + pad + 1) & 0xff);
	out[9] = (char)((n + pad + 1) >> 8);
	memcpy(out + 10, dict, n);
	memset(out + 10 + n, ' ', pad);
	out[total - 1] = '\n';
	return total;
}

static const char *skip_ws(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
		p++;
	return p;
}

/* descr string -> dtype, byte swap flag; -1 unknown */
static int descr_dtype(const char *s, size_t len, int *swap)
{
	char order, kind;
	int size;
	char buf[16];
	if (len < 3 || len > 8)
		return -1;
	order = s[0];
	kind = s[1];
	memcpy(buf, s + 2, len - 2);
	buf[len - 2] = 0;
	for (size_t i = 2; i < len; i++)
		if (s[i] < '0' || s[i] > '9')
			return -1;
	size = atoi(buf);
	if (order != '<' && order != '>' && order != '|' && order != '=')
		return -1;
	*swap = order == '>' && size > 1;
	for (int dt = 0; dt < DT_COUNT; dt++)
		if (dtype_table[dt].str[1] == kind && dtype_table[dt].itemsize == size)
			return dt;
	return -1;
}

/* Parses the header dict of a .npy: returns 0 and fills hdr, or -1 with a
 * message in err (never reads past end).  with_data: the data must follow in
 * buf too (otherwise only the header must be there). */
static int header_parse(const unsigned char *buf, size_t len, struct npy_header *hdr,
			char *err, size_t errlen, int with_data)
{
	size_t hlen, start;
	const char *p, *end;
	int have_descr = 0, have_fo = 0, have_shape = 0;
	if (len < 10 || memcmp(buf, "\x93NUMPY", 6)) {
		snprintf(err, errlen, "the file is not a .npy file (no \\x93NUMPY magic string)");
		return -1;
	}
	if (buf[6] == 1) {
		hlen = buf[8] | (size_t)buf[9] << 8;
		start = 10;
	} else if (buf[6] == 2 || buf[6] == 3) {
		if (len < 12) {
			snprintf(err, errlen, "EOF: reading array header length, expected 4 bytes got %zu", len - 8);
			return -1;
		}
		hlen = buf[8] | (size_t)buf[9] << 8 | (size_t)buf[10] << 16 | (size_t)buf[11] << 24;
		start = 12;
	} else {
		snprintf(err, errlen, "we only support format version (1,0), (2,0), and (3,0), not (%d, %d)", buf[6], buf[7]);
		return -1;
	}
	if (hlen > len - start) {
		snprintf(err, errlen, "EOF: reading array header, expected %zu bytes got %zu", hlen, len - start);
		return -1;
	}
	hdr->data_offset = start + hlen;
	p = (const char *)buf + start;
	end = p + hlen;
	p = skip_ws(p, end);
	if (p >= end || *p != '{')
		goto bad;
	p++;
	for (;;) {
		char key[32];
		size_t kl = 0;
		p = skip_ws(p, end);
		if (p < end && *p == '}')
			break;
		if (p >= end || (*p != '\'' && *p != '"'))
			goto bad;
		char q = *p++;
		while (p < end && *p != q && kl < sizeof key - 1)
			key[kl++] = *p++;
		key[kl] = 0;
		if (p >= end || *p != q)
			goto bad;
		p = skip_ws(p + 1, end);
		if (p >= end || *p != ':')
			goto bad;
		p = skip_ws(p + 1, end);
		if (!strcmp(key, "descr")) {
			const char *s;
			if (p >= end || (*p != '\'' && *p != '"'))
				goto bad_descr;
			q = *p++;
			s = p;
			while (p < end && *p != q)
				p++;
			if (p >= end)
				goto bad;
			hdr->dtype = descr_dtype(s, (size_t)(p - s), &hdr->swap);
			if (hdr->dtype < 0) {
				snprintf(err, errlen, "descr is not a valid dtype descriptor: '%.*s'", (int)(p - s > 32 ? 32 : p - s), s);
				return -1;
			}
			p++;
			have_descr = 1;
		} else if (!strcmp(key, "fortran_order")) {
			if (end - p >= 4 && !memcmp(p, "True", 4)) {
				hdr->fortran = 1;
				p += 4;
			} else if (end - p >= 5 && !memcmp(p, "False", 5)) {
				hdr->fortran = 0;
				p += 5;
			} else {
				snprintf(err, errlen, "fortran_order is not a valid bool");
				return -1;
			}
			have_fo = 1;
		} else if (!strcmp(key, "shape")) {
			if (p >= end || *p != '(')
				goto bad_shape;
			p++;
			hdr->ndim = 0;
			for (;;) {
				p = skip_ws(p, end);
				if (p < end && *p == ')') {
					p++;
					break;
				}
				if (p >= end || *p < '0' || *p > '9' || hdr->ndim >= ND_MAXDIM)
					goto bad_shape;
				int64_t v = 0;
				while (p < end && *p >= '0' && *p <= '9') {
					if (v > (INT64_MAX - 9) / 10)
						goto bad_shape;
					v = v * 10 + (*p++ - '0');
				}
				hdr->shape[hdr->ndim++] = v;
				p = skip_ws(p, end);
				if (p < end && *p == ',')
					p++;
				else if (p < end && *p == ')') {
					p++;
					break;
				} else
					goto bad_shape;
			}
			have_shape = 1;
		} else {
			snprintf(err, errlen, "Header does not contain the correct keys: unexpected key '%s'", key);
			return -1;
		}
		p = skip_ws(p, end);
		if (p < end && *p == ',')
			p++;
		else if (p < end && *p == '}')
			break;
		else
			goto bad;
	}
	if (!have_descr || !have_fo || !have_shape) {
		snprintf(err, errlen, "Header does not contain the correct keys: missing '%s'",
			 !have_descr ? "descr" : !have_fo ? "fortran_order" : "shape");
		return -1;
	}
	/* the data must be there */
	{
		uint64_t n = dt_size(hdr->dtype);
		for (int i = 0; i < hdr->ndim; i++) {
			if (hdr->shape[i] && n > UINT64_MAX / 2 / (uint64_t)hdr->shape[i]) {
				snprintf(err, errlen, "array is too big");
				return -1;
			}
			n *= (uint64_t)hdr->shape[i];
		}
		hdr->nbytes = n;
		if (with_data && n > len - hdr->data_offset) {
			snprintf(err, errlen, "EOF: reading array data, expected %llu bytes got %llu",
				 (unsigned long long)n, (unsigned long long)(len - hdr->data_offset));
			return -1;
		}
	}
	return 0;
bad_descr:
	snprintf(err, errlen, "descr is not a valid dtype descriptor");
	return -1;
bad_shape:
	snprintf(err, errlen, "shape is not valid");
	return -1;
bad:
	snprintf(err, errlen, "Cannot parse header: the array header is not a valid Python dict literal");
	return -1;
}

int npy_header_parse(const unsigned char *buf, size_t len, struct npy_header *hdr,
		     char *err, size_t errlen)
{
	return header_parse(buf, len, hdr, err, errlen, 1);
}

int npy_header_parse_only(const unsigned char *buf, size_t len, struct npy_header *hdr,
			  char *err, size_t errlen)
{
	return header_parse(buf, len, hdr, err, errlen, 0);
}

/* ---- zip ---- */

/* zlib's crc32 over any length (its length argument is a uInt) */
static uint32_t crc_of(const unsigned char *p, size_t n)
{
	uLong c = crc32(0L, Z_NULL, 0);
	while (n) {
		uInt k = n > (1u << 30) ? 1u << 30 : (uInt)n;
		c = crc32(c, p, k);
		p += k;
		n -= k;
	}
	return (uint32_t)c;
}

/* Inflates a raw deflate member of csize bytes that says it holds usize:
 * as Python's zipfile, the stream decides the size (the CRC then checks
 * it) but never more than usize comes out.  The buffer grows with what the
 * stream really gives, so a member that only declares a huge size (a zip
 * bomb's header) allocates nothing of it; a deflate stream gives at most
 * about 1032 bytes per byte.  0 and *out (malloc'd, *outlen), or -1 with err. */
static int inflate_member(const unsigned char *src, uint64_t csize, uint64_t usize, unsigned char **out,
			  size_t *outlen, const char *name, char *err, size_t errlen)
{
	uint64_t limit = usize;
	if (csize > SIZE_MAX / 2048) {
		snprintf(err, errlen, "Bad zip member '%s': too big", name);
		return -1;
	}
	if (limit > csize * 1032 + 1032)
		limit = csize * 1032 + 1032;
	size_t cap = limit < 4 * csize + 65536 ? (size_t)limit : (size_t)(4 * csize + 65536);
	unsigned char *dst = malloc(cap ? cap : 1);
	if (!dst) {
		snprintf(err, errlen, "zip member '%s': cannot allocate %zu bytes", name, cap);
		return -1;
	}
	z_stream z;
	memset(&z, 0, sizeof z);
	if (inflateInit2(&z, -15) != Z_OK) {
		free(dst);
		snprintf(err, errlen, "zlib: inflateInit2 failed");
		return -1;
	}
	const unsigned char *in = src;
	uint64_t in_left = csize;
	size_t done = 0;
	int rc = Z_OK;
	while (rc == Z_OK) {
		if (!z.avail_in && in_left) {
			z.avail_in = in_left > (1u << 30) ? 1u << 30 : (uInt)in_left;
			z.next_in = (unsigned char *)in;
			in += z.avail_in;
			in_left -= z.avail_in;
		}
		if (done == cap) {
			if (cap >= limit) {
				/* more than declared (or than deflate can give) */
				rc = Z_DATA_ERROR;
				break;
			}
			size_t nc = cap * 2 > limit ? (size_t)limit : cap * 2;
			unsigned char *q = realloc(dst, nc);
			if (!q) {
				inflateEnd(&z);
				free(dst);
				snprintf(err, errlen, "zip member '%s': cannot allocate %zu bytes", name, nc);
				return -1;
			}
			dst = q;
			cap = nc;
		}
		size_t room = cap - done;
		z.next_out = dst + done;
		z.avail_out = room > (1u << 30) ? 1u << 30 : (uInt)room;
		uInt before = z.avail_out;
		rc = inflate(&z, Z_NO_FLUSH);
		done += before - z.avail_out;
		if (rc == Z_BUF_ERROR && (in_left || z.avail_in))
			rc = Z_OK;
	}
	inflateEnd(&z);
	if (rc != Z_STREAM_END) {
		free(dst);
		snprintf(err, errlen, "Error -3 while decompressing data: zip member '%s' is corrupt or truncated", name);
		return -1;
	}
	*out = dst;
	*outlen = done;
	return 0;
}

static uint16_t rd16(const unsigned char *p) { return p[0] | p[1] << 8; }
static uint32_t rd32(const unsigned char *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }
static uint64_t rd64(const unsigned char *p) { return rd32(p) | (uint64_t)rd32(p + 4) << 32; }
static void wr16(unsigned char *p, uint16_t v) { p[0] = v; p[1] = v >> 8; }
static void wr32(unsigned char *p, uint32_t v) { wr16(p, v & 0xffff); wr16(p + 2, v >> 16); }

/* Lists the members of a zip held in buf: calls fn for each (name, data,
 * size).  -1 with a message in err on a malformed archive. */
int npz_walk(const unsigned char *buf, size_t len,
	     int (*fn)(void *ctx, const char *name, size_t nlen, const unsigned char *data, size_t size),
	     void *ctx, char *err, size_t errlen)
{
	return npz_walk_some(buf, len, NULL, fn, ctx, err, errlen);
}

int npz_walk_some(const unsigned char *buf, size_t len, int (*want)(void *ctx, const char *name, size_t nlen),
		  int (*fn)(void *ctx, const char *name, size_t nlen, const unsigned char *data, size_t size),
		  void *ctx, char *err, size_t errlen)
{
	size_t eocd = (size_t)-1;
	uint64_t nent, cdoff, cdsize;
	if (len < 22) {
		snprintf(err, errlen, "File is not a zip file");
		return -1;
	}
	for (size_t i = len - 22 + 1; i-- > 0 && len - i <= 22 + 65535;)
		if (rd32(buf + i) == 0x06054b50) {
			eocd = i;
			break;
		}
	if (eocd == (size_t)-1) {
		snprintf(err, errlen, "File is not a zip file");
		return -1;
	}
	nent = rd16(buf + eocd + 10);
	cdsize = rd32(buf + eocd + 12);
	cdoff = rd32(buf + eocd + 16);
	if ((nent == 0xffff || cdoff == 0xffffffffU) && eocd >= 20 && rd32(buf + eocd - 20) == 0x07064b50) {
		uint64_t z = rd64(buf + eocd - 20 + 8);
		if (z > len - 56 || rd32(buf + z) != 0x06064b50) {
			snprintf(err, errlen, "Corrupt zip64 end of central directory");
			return -1;
		}
		nent = rd64(buf + z + 32);
		cdsize = rd64(buf + z + 40);
		cdoff = rd64(buf + z + 48);
	}
	if (cdoff > len || cdsize > len - cdoff) {
		snprintf(err, errlen, "Bad zip central directory");
		return -1;
	}
	size_t p = cdoff;
	for (uint64_t e = 0; e < nent; e++) {
		if (p + 46 > len || rd32(buf + p) != 0x02014b50) {
			snprintf(err, errlen, "Bad zip central directory entry");
			return -1;
		}
		uint16_t method = rd16(buf + p + 10), nlen = rd16(buf + p + 28), xlen = rd16(buf + p + 30),
			 clen = rd16(buf + p + 32);
		uint64_t csize = rd32(buf + p + 20), usize = rd32(buf + p + 24), loff = rd32(buf + p + 42);
		if (p + 46 + (size_t)nlen + xlen + clen > len) {
			snprintf(err, errlen, "Bad zip central directory entry");
			return -1;
		}
		/* zip64 extra: the fields that are 0xffffffff, in order */
		const unsigned char *x = buf + p + 46 + nlen, *xe = x + xlen;
		while (x + 4 <= xe) {
			uint16_t id = rd16(x), sz = rd16(x + 2);
			const unsigned char *d = x + 4;
			if (d + sz > xe)
				break;
			if (id == 1) {
				const unsigned char *q = d;
				if (usize == 0xffffffffU && q + 8 <= d + sz) {
					usize = rd64(q);
					q += 8;
				}
				if (csize == 0xffffffffU && q + 8 <= d + sz) {
					csize = rd64(q);
					q += 8;
				}
				if (loff == 0xffffffffU && q + 8 <= d + sz)
					loff = rd64(q);
			}
			x = d + sz;
		}
		const char *name = (const char *)buf + p + 46;
		if (loff > len || len - loff < 30 || rd32(buf + loff) != 0x04034b50) {
			snprintf(err, errlen, "Bad zip local header for '%.*s'", nlen > 64 ? 64 : nlen, name);
			return -1;
		}
		size_t dstart = loff + 30 + rd16(buf + loff + 26) + rd16(buf + loff + 28);
		if (dstart > len || csize > len - dstart) {
			snprintf(err, errlen, "Truncated zip member '%.*s'", nlen > 64 ? 64 : nlen, name);
			return -1;
		}
		char shown[80];
		snprintf(shown, sizeof shown, "%.*s", nlen > 64 ? 64 : nlen, name);
		uint32_t crc = rd32(buf + p + 16);
		p += 46 + (size_t)nlen + xlen + clen;
		if (want && !want(ctx, name, nlen))
			continue;
		size_t size = usize;
		unsigned char *owned = NULL;
		const unsigned char *data = buf + dstart;
		if (method == 8) {
			if (inflate_member(buf + dstart, csize, usize, &owned, &size, shown, err, errlen) < 0)
				return -1;
			data = owned;
		} else if (method != 0) {
			snprintf(err, errlen, "That compression method is not supported (zip member '%s', method %d)", shown, method);
			return -1;
		} else if (usize < csize) {
			/* as zipfile: what is stored, up to the declared size */
			size = usize;
		} else {
			size = csize;
		}
		if (crc_of(data, size) != crc) {
			free(owned);
			snprintf(err, errlen, "Bad CRC-32 for file '%s'", shown);
			return -1;
		}
		int r = fn(ctx, name, nlen, data, size);
		free(owned);
		if (r < 0)
			return -1;
	}
	return 0;
}


/* ---- writing a zip ---- */

struct zbuf { unsigned char *p; size_t n, cap; int oom; };

static unsigned char *zb_room(struct zbuf *b, size_t k)
{
	if (b->oom)
		return NULL;
	if (k > SIZE_MAX / 2 - b->n) {
		b->oom = 1;
		return NULL;
	}
	if (b->n + k > b->cap) {
		size_t c = b->cap ? b->cap : 4096;
		while (c < b->n + k)
			c *= 2;
		unsigned char *q = realloc(b->p, c);
		if (!q) {
			b->oom = 1;
			return NULL;
		}
		b->p = q;
		b->cap = c;
	}
	unsigned char *r = b->p + b->n;
	b->n += k;
	return r;
}

/* The raw deflate stream of src (level 6, zipfile's default) into b */
static int deflate_into(struct zbuf *b, const unsigned char *src, size_t n, size_t *clen)
{
	z_stream z;
	memset(&z, 0, sizeof z);
	if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK)
		return -1;
	size_t start = b->n;
	int rc = Z_OK;
	const unsigned char *in = src;
	size_t in_left = n;
	while (rc != Z_STREAM_END) {
		if (!z.avail_in && in_left) {
			z.avail_in = in_left > (1u << 30) ? 1u << 30 : (uInt)in_left;
			z.next_in = (unsigned char *)in;
			in += z.avail_in;
			in_left -= z.avail_in;
		}
		size_t chunk = 65536;
		unsigned char *o = zb_room(b, chunk);
		if (!o) {
			deflateEnd(&z);
			return -1;
		}
		z.next_out = o;
		z.avail_out = (uInt)chunk;
		rc = deflate(&z, in_left || z.avail_in ? Z_NO_FLUSH : Z_FINISH);
		b->n -= z.avail_out;
		if (rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR) {
			deflateEnd(&z);
			return -1;
		}
	}
	deflateEnd(&z);
	*clen = b->n - start;
	return 0;
}

/* A zip of n members (names[i], imgs[i] of lens[i] bytes), stored or
 * deflated, as np.savez / np.savez_compressed write them: malloc'd in *out. */
int npz_build(const char *const *names, const unsigned char *const *imgs, const size_t *lens, int n,
	      int compress, unsigned char **out, size_t *outlen, char *err, size_t errlen)
{
	struct zbuf b = {0}, cd = {0};
	for (int i = 0; i < n; i++) {
		size_t nl = strlen(names[i]), off = b.n, clen = lens[i];
		uint32_t crc = crc_of(imgs[i], lens[i]);
		if (nl > 0xffff) {
			snprintf(err, errlen, "member name too long");
			goto fail;
		}
		unsigned char *l = zb_room(&b, 30 + nl);
		if (!l)
			goto nomem;
		memset(l, 0, 30);
		memcpy(l + 30, names[i], nl);
		if (compress) {
			if (deflate_into(&b, imgs[i], lens[i], &clen) < 0)
				goto nomem;
		} else {
			unsigned char *d = zb_room(&b, lens[i]);
			if (!d)
				goto nomem;
			if (lens[i])
				memcpy(d, imgs[i], lens[i]);
		}
		if (lens[i] > 0xfffffffeU || clen > 0xfffffffeU || off > 0xfffffffeU) {
			snprintf(err, errlen, "savez: archives over 4 GiB are not supported");
			goto fail;
		}
		l = b.p + off;
		wr32(l, 0x04034b50);
		wr16(l + 4, 20);
		wr16(l + 8, compress ? 8 : 0);
		wr16(l + 12, 0x0021);    /* mod date: 1980-01-01 */
		wr32(l + 14, crc);
		wr32(l + 18, (uint32_t)clen);
		wr32(l + 22, (uint32_t)lens[i]);
		wr16(l + 26, (uint16_t)nl);
		unsigned char *c = zb_room(&cd, 46 + nl);
		if (!c)
			goto nomem;
		memset(c, 0, 46);
		wr32(c, 0x02014b50);
		wr16(c + 4, 20);
		wr16(c + 6, 20);
		wr16(c + 10, compress ? 8 : 0);
		wr16(c + 14, 0x0021);
		wr32(c + 16, crc);
		wr32(c + 20, (uint32_t)clen);
		wr32(c + 24, (uint32_t)lens[i]);
		wr16(c + 28, (uint16_t)nl);
		wr32(c + 38, 0600U << 16);
		wr32(c + 42, (uint32_t)off);
		memcpy(c + 46, names[i], nl);
	}
	if (b.n > 0xfffffffeU || cd.n > 0xfffffffeU || n > 0xffff) {
		snprintf(err, errlen, "savez: archives over 4 GiB or 65535 members are not supported");
		goto fail;
	}
	size_t cdoff = b.n;
	unsigned char *d = zb_room(&b, cd.n + 22);
	if (!d)
		goto nomem;
	if (cd.n)
		memcpy(d, cd.p, cd.n);
	unsigned char *e = d + cd.n;
	memset(e, 0, 22);
	wr32(e, 0x06054b50);
	wr16(e + 8, (uint16_t)n);
	wr16(e + 10, (uint16_t)n);
	wr32(e + 12, (uint32_t)cd.n);
	wr32(e + 16, (uint32_t)cdoff);
	free(cd.p);
	*out = b.p;
	*outlen = b.n;
	return 0;
nomem:
	snprintf(err, errlen, "out of memory");
fail:
	free(b.p);
	free(cd.p);
	return -1;
}
