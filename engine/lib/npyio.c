/*
 * npyio.c — np.save / np.load / np.savez: NumPy's .npy format (version 1.0
 * headers written byte for byte as NumPy writes them; 1.0, 2.0 and 3.0 read)
 * and .npz archives (zip, stored; what np.savez writes, zip64 extras
 * included).  Every malformed input is a ValueError, never a crash: the
 * readers check each length against the bytes they hold.  Owns no state.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "array/arrapi.h"
#include "lang/args.h"
#include "lang/error.h"
#include "lib/npyio.h"

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
 * message in err (never reads past end). */
int npy_header_parse(const unsigned char *buf, size_t len, struct npy_header *hdr,
		     char *err, size_t errlen)
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
		if (n > len - hdr->data_offset) {
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

/* ---- zip ---- */

static uint32_t crc_table[256];

static uint32_t crc32_of(const unsigned char *p, size_t n)
{
	if (!crc_table[1])
		for (uint32_t i = 0; i < 256; i++) {
			uint32_t c = i;
			for (int k = 0; k < 8; k++)
				c = c & 1 ? 0xedb88320U ^ (c >> 1) : c >> 1;
			crc_table[i] = c;
		}
	uint32_t c = 0xffffffffU;
	for (size_t i = 0; i < n; i++)
		c = crc_table[(c ^ p[i]) & 0xff] ^ (c >> 8);
	return c ^ 0xffffffffU;
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
		if (method != 0) {
			snprintf(err, errlen, "zip member '%.*s' is compressed (method %d): np.savez_compressed archives are not supported",
				 nlen > 64 ? 64 : nlen, name, method);
			return -1;
		}
		if (usize != csize) {
			snprintf(err, errlen, "Bad zip member sizes for '%.*s'", nlen > 64 ? 64 : nlen, name);
			return -1;
		}
		if (fn(ctx, name, nlen, buf + dstart, csize) < 0)
			return -1;
		p += 46 + (size_t)nlen + xlen + clen;
	}
	return 0;
}

/* ---- files ---- */

static unsigned char *read_file(struct eval *ev, const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL;
	size_t cap = 0, n = 0;
	if (!f) {
		int e = errno;
		err_set(ev, e == ENOENT ? TY_FileNotFoundError : TY_OSError, "[Errno %d] %s: '%s'",
			e, strerror(e), path);
		return NULL;
	}
	for (;;) {
		if (n == cap) {
			size_t nc = cap ? cap * 2 : 65536;
			unsigned char *nb = realloc(buf, nc);
			if (!nb) {
				free(buf);
				fclose(f);
				return err_nomem(ev);
			}
			buf = nb;
			cap = nc;
		}
		size_t r = fread(buf + n, 1, cap - n, f);
		n += r;
		if (r == 0)
			break;
	}
	fclose(f);
	*len = n;
	return buf;
}

/* An ndarray from a .npy image (host). */
static struct ndarray *npy_decode(struct eval *ev, const unsigned char *buf, size_t len,
				  const char *what)
{
	struct npy_header h;
	char msg[256];
	memset(&h, 0, sizeof h);
	if (npy_header_parse(buf, len, &h, msg, sizeof msg) < 0)
		return err_set(ev, TY_ValueError, "%s: %s", what, msg);
	int64_t sh[ND_MAXDIM];
	for (int i = 0; i < h.ndim; i++)
		sh[i] = h.fortran ? h.shape[h.ndim - 1 - i] : h.shape[i];
	struct ndarray *a = nd_new(ev, &backend_host, h.dtype, h.ndim, sh);
	if (!a)
		return NULL;
	memcpy(nd_data(a), buf + h.data_offset, h.nbytes);
	if (h.swap) {
		int it = dt_size(h.dtype), part = dt_is_complex(h.dtype) ? it / 2 : it;
		for (uint64_t i = 0; i < h.nbytes; i += part) {
			unsigned char *q = (unsigned char *)nd_data(a) + i;
			for (int k = 0; k < part / 2; k++) {
				unsigned char t = q[k];
				q[k] = q[part - 1 - k];
				q[part - 1 - k] = t;
			}
		}
	}
	if (h.dtype == DT_BOOL)
		for (uint64_t i = 0; i < h.nbytes; i++)
			((unsigned char *)nd_data(a))[i] = ((unsigned char *)nd_data(a))[i] != 0;
	if (h.fortran && h.ndim > 1) {
		/* the reversed C array, transposed back: a copy in C order */
		int perm[ND_MAXDIM];
		for (int i = 0; i < h.ndim; i++)
			perm[i] = h.ndim - 1 - i;
		struct ndarray *t = arr_transpose(ev, a, perm), *c = NULL;
		if (t) {
			c = nd_new(ev, &backend_host, t->dtype, t->ndim, t->shape);
			if (c && nd_size(c) && backend_host.copy(ev, c, t) < 0) {
				nd_decref(c);
				c = NULL;
			}
		}
		nd_decref(t);
		nd_decref(a);
		a = c;
	}
	return a;
}

/* The .npy image of a (host, any layout): malloc'd bytes in *out. */
static int npy_encode(struct eval *ev, struct ndarray *a, unsigned char **out, size_t *outlen)
{
	char hdr[128 + ND_MAXDIM * 24 + 64];
	struct ndarray *c = NULL;
	int fortran = !nd_is_c_contiguous(a) && nd_is_f_contiguous(a) && a->ndim > 1;
	size_t hl = npy_header_format(hdr, sizeof hdr, a->dtype, fortran, a->ndim, a->shape);
	size_t nbytes = (size_t)nd_size(a) * dt_size(a->dtype);
	if (!hl)
		return err_set(ev, TY_ValueError, "header too long"), -1;
	if (!fortran && !nd_is_c_contiguous(a)) {
		c = nd_new(ev, &backend_host, a->dtype, a->ndim, a->shape);
		if (!c || (nd_size(c) && backend_host.copy(ev, c, a) < 0)) {
			nd_decref(c);
			return -1;
		}
	}
	unsigned char *buf = malloc(hl + nbytes + 1);
	if (!buf) {
		nd_decref(c);
		return err_nomem(ev), -1;
	}
	memcpy(buf, hdr, hl);
	if (nbytes) {
		/* F-contiguous: element 0 is the lowest address */
		memcpy(buf + hl, nd_data(c ? c : a), nbytes);
	}
	nd_decref(c);
	*out = buf;
	*outlen = hl + nbytes;
	return 0;
}

static struct ndarray *host_array_of(struct eval *ev, const struct builtin *bi, struct value *v)
{
	struct ndarray *a = arr_borrow(v);
	if (a && !nd_host_memory(a))
		return arr_to_host(ev, a);
	return arr_asarray(ev, &backend_host, v, -1);
}

static char *with_ext(struct eval *ev, const char *path, const char *ext)
{
	size_t n = strlen(path), e = strlen(ext);
	char *s = malloc(n + e + 1);
	if (!s)
		return err_nomem(ev);
	memcpy(s, path, n + 1);
	if (n < e || strcmp(path + n - e, ext))
		memcpy(s + n, ext, e + 1);
	return s;
}

static int write_all(struct eval *ev, const char *path, const unsigned char *const *parts,
		     const size_t *lens, int n)
{
	FILE *f = fopen(path, "wb");
	if (!f) {
		int e = errno;
		err_set(ev, e == ENOENT ? TY_FileNotFoundError : TY_OSError, "[Errno %d] %s: '%s'", e,
			strerror(e), path);
		return -1;
	}
	for (int i = 0; i < n; i++)
		if (lens[i] && fwrite(parts[i], 1, lens[i], f) != lens[i]) {
			fclose(f);
			err_set(ev, TY_OSError, "write error on '%s'", path);
			return -1;
		}
	if (fclose(f) != 0) {
		err_set(ev, TY_OSError, "write error on '%s'", path);
		return -1;
	}
	return 0;
}

static struct value *f_save(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	struct value *fv, *av, *pk = NULL, *fi = NULL;
	const char *path;
	char *full;
	unsigned char *img;
	size_t len;
	if (args_parse(ev, "save", argc, argv, kw, "file,arr|allow_pickle,fix_imports", &fv, &av, &pk, &fi) < 0)
		return NULL;
	if (!(path = val_as_cstr(fv)))
		return err_set(ev, TY_TypeError, "save: file must be a path string");
	struct ndarray *a = host_array_of(ev, bi, av);
	if (!a)
		return NULL;
	full = with_ext(ev, path, ".npy");
	int rc = full ? npy_encode(ev, a, &img, &len) : -1;
	nd_decref(a);
	if (rc == 0) {
		const unsigned char *parts[1] = {img};
		rc = write_all(ev, full, parts, &len, 1);
		free(img);
	}
	free(full);
	return rc < 0 ? NULL : val_none();
}

/* savez(file, *args, **kwds): members arr_0.npy ... then name.npy */
static struct value *f_savez(struct eval *ev, const struct builtin *bi, int argc,
			     struct value **argv, const struct kwargs *kw)
{
	const char *path;
	int nmem = argc - 1 + (kw ? kw->n : 0), rc = -1;
	if (argc < 1 || !(path = val_as_cstr(argv[0])))
		return err_set(ev, TY_TypeError, "savez: file must be a path string");
	char *full = with_ext(ev, path, ".npz");
	unsigned char **imgs = calloc(nmem ? nmem : 1, sizeof *imgs);
	size_t *lens = calloc(nmem ? nmem : 1, sizeof *lens);
	char (*names)[256] = calloc(nmem ? nmem : 1, 256);
	unsigned char *cd = NULL, **parts = NULL, (*locs)[30] = NULL;
	size_t *plens = NULL;
	if (!full || !imgs || !lens || !names) {
		err_nomem(ev);
		goto out;
	}
	for (int i = 0; i < nmem; i++) {
		struct value *v;
		if (i < argc - 1) {
			snprintf(names[i], 256, "arr_%d.npy", i);
			v = argv[i + 1];
		} else {
			const char *k = kw->names[i - (argc - 1)];
			for (int j = 0; j < argc - 1; j++) {
				char t[256];
				snprintf(t, sizeof t, "arr_%d", j);
				if (!strcmp(t, k)) {
					err_set(ev, TY_ValueError, "Cannot use un-named variables and keyword %s", k);
					goto out;
				}
			}
			snprintf(names[i], 256, "%s.npy", k);
			v = kw->vals[i - (argc - 1)];
		}
		struct ndarray *a = host_array_of(ev, bi, v);
		if (!a)
			goto out;
		int r = npy_encode(ev, a, &imgs[i], &lens[i]);
		nd_decref(a);
		if (r < 0)
			goto out;
	}
	/* local headers + data, then the central directory and its end */
	{
		size_t cdcap = 0, cdlen = 0, off = 0;
		for (int i = 0; i < nmem; i++)
			cdcap += 46 + strlen(names[i]);
		cd = malloc(cdcap + 22);
		parts = calloc(2 * nmem + 1, sizeof *parts);
		plens = calloc(2 * nmem + 1, sizeof *plens);
		locs = calloc(nmem ? nmem : 1, sizeof *locs);
		if (!cd || !parts || !plens || !locs) {
			err_nomem(ev);
			goto out;
		}
		int np = 0;
		for (int i = 0; i < nmem; i++) {
			size_t nl = strlen(names[i]);
			uint32_t crc = crc32_of(imgs[i], lens[i]);
			if (lens[i] > 0xfffffffeU || off > 0xfffffffeU) {
				err_set(ev, TY_ValueError, "savez: members over 4 GiB are not supported");
				goto out;
			}
			unsigned char *l = locs[i];
			memset(l, 0, 30);
			wr32(l, 0x04034b50);
			wr16(l + 4, 20);
			wr16(l + 8, 0);
			wr16(l + 10, 0x0000);    /* mod time */
			wr16(l + 12, 0x0021);    /* mod date: 1980-01-01 */
			wr32(l + 14, crc);
			wr32(l + 18, (uint32_t)lens[i]);
			wr32(l + 22, (uint32_t)lens[i]);
			wr16(l + 26, (uint16_t)nl);
			unsigned char *c = cd + cdlen;
			memset(c, 0, 46);
			wr32(c, 0x02014b50);
			wr16(c + 4, 20);
			wr16(c + 6, 20);
			wr16(c + 14, 0x0021);
			wr32(c + 16, crc);
			wr32(c + 20, (uint32_t)lens[i]);
			wr32(c + 24, (uint32_t)lens[i]);
			wr16(c + 28, (uint16_t)nl);
			wr32(c + 38, 0600U << 16);
			wr32(c + 42, (uint32_t)off);
			memcpy(c + 46, names[i], nl);
			cdlen += 46 + nl;
			/* the local header is followed by the name: stage both */
			unsigned char *lh = malloc(30 + nl);
			if (!lh) {
				err_nomem(ev);
				goto out;
			}
			memcpy(lh, l, 30);
			memcpy(lh + 30, names[i], nl);
			parts[np] = lh;
			plens[np++] = 30 + nl;
			parts[np] = imgs[i];
			plens[np++] = lens[i];
			off += 30 + nl + lens[i];
		}
		unsigned char *e = cd + cdlen;
		memset(e, 0, 22);
		wr32(e, 0x06054b50);
		wr16(e + 8, (uint16_t)nmem);
		wr16(e + 10, (uint16_t)nmem);
		wr32(e + 12, (uint32_t)cdlen);
		wr32(e + 16, (uint32_t)off);
		parts[np] = cd;
		plens[np++] = cdlen + 22;
		rc = write_all(ev, full, (const unsigned char *const *)parts, plens, np);
		for (int i = 0; i < np - 1; i += 2)
			free(parts[i]);
	}
out:
	for (int i = 0; imgs && i < nmem; i++)
		free(imgs[i]);
	free(imgs);
	free(lens);
	free(names);
	free(cd);
	free(parts);
	free(plens);
	free(locs);
	free(full);
	return rc < 0 ? NULL : val_none();
}

struct npz_ctx {
	struct eval *ev;
	struct value *dict;
	const struct backend *be;
};

static int npz_member(void *ctx, const char *name, size_t nlen, const unsigned char *data, size_t size)
{
	struct npz_ctx *c = ctx;
	char key[512], what[600];
	size_t kl = nlen < sizeof key - 1 ? nlen : sizeof key - 1;
	memcpy(key, name, kl);
	key[kl] = 0;
	snprintf(what, sizeof what, "member '%s'", key);
	if (kl > 4 && !strcmp(key + kl - 4, ".npy"))
		key[kl - 4] = 0;
	struct ndarray *a = npy_decode(c->ev, data, size, what);
	if (!a)
		return -1;
	if (nd_backend(a) != c->be) {
		struct ndarray *d = arr_to_backend(c->ev, a, c->be);
		nd_decref(a);
		if (!(a = d))
			return -1;
	}
	struct value *v = arr_wrap(c->ev, a);
	if (!v)
		return -1;
	return dict_setstr(c->dict, key, v);
}

static struct value *f_load(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	struct value *fv, *mm = NULL, *pk = NULL, *fi = NULL, *enc = NULL, *mhs = NULL;
	const char *path;
	size_t len = 0;
	unsigned char *buf;
	struct value *res = NULL;
	if (args_parse(ev, "load", argc, argv, kw, "file|mmap_mode,allow_pickle,fix_imports,encoding,$max_header_size",
		       &fv, &mm, &pk, &fi, &enc, &mhs) < 0)
		return NULL;
	if (!(path = val_as_cstr(fv)))
		return err_set(ev, TY_TypeError, "load: file must be a path string");
	if (!(buf = read_file(ev, path, &len)))
		return NULL;
	const struct backend *be = arr_be(bi);
	if (len >= 6 && !memcmp(buf, "\x93NUMPY", 6)) {
		struct ndarray *a = npy_decode(ev, buf, len, path);
		if (a && nd_backend(a) != be) {
			struct ndarray *d = arr_to_backend(ev, a, be);
			nd_decref(a);
			a = d;
		}
		res = a ? arr_wrap(ev, a) : NULL;
	} else if (len >= 4 && !memcmp(buf, "PK\x03\x04", 4)) {
		struct npz_ctx c = {ev, val_dict_new(), be};
		char msg[256];
		if (c.dict) {
			if (npz_walk(buf, len, npz_member, &c, msg, sizeof msg) < 0) {
				if (!err_occurred(ev))
					err_set(ev, TY_ValueError, "%s: %s", path, msg);
				val_decref(c.dict);
			} else
				res = c.dict;
		}
	} else if (len == 0) {
		err_set(ev, TY_EOFError, "No data left in file");
	} else {
		err_set(ev, TY_ValueError, "This file contains pickled (object) data. If you trust the file you can load it unsafely using the `allow_pickle=` keyword argument or `pickle.load()`.");
	}
	free(buf);
	return res;
}

const struct arr_func arr_io_funcs[] = {
	{"save", f_save, "save(file, arr, allow_pickle=True, fix_imports=<no value>)",
	 "Saves an array to a binary file in NumPy's .npy format."},
	{"load", f_load, "load(file, mmap_mode=None, allow_pickle=False, fix_imports=True, encoding='ASCII', *, max_header_size=10000)",
	 "Loads an array from a .npy file, or the arrays of a .npz archive (as a dict)."},
	{"savez", f_savez, "savez(file, *args, allow_pickle=True, **kwds)",
	 "Saves several arrays into one uncompressed .npz archive."},
	{NULL, NULL, NULL, NULL}
};
