/*
 * npyfile.c — np.save / np.load / np.savez / np.savez_compressed and the
 * NpzFile that np.load gives for an archive (.files, ['a'], keys/items,
 * `in`, len, close, `with`, NumPy's repr), np.fromfile and ndarray.tofile.
 * A file is a path (str or pathlib) or a file object: anything with
 * write(bytes) to save, read(n) to load (open(..., 'rb'), io.BytesIO,
 * tempfile.TemporaryFile), read exactly as far as one array goes so that
 * several np.save calls into one file load back one by one.  The formats
 * are npyio.c's.  Owns the NpzFile's arrays.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "array/arrapi.h"
#include "array/arrfuncs.h"
#include "lang/args.h"
#include "lang/core.h"
#include "lang/error.h"
#include "lang/strbuf.h"
#include "lib/npyio/npyio.h"
#include "pyobj/bytesobj.h"

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


/* ---- file objects ---- */

/* str(f) for a pathlib path, else a new reference to f */
static struct value *fspath(struct eval *ev, struct value *f)
{
	if (f->type == VT_OBJECT && f->u.obj.t->name && strstr(f->u.obj.t->name, "Path") && f->u.obj.t->str) {
		char *s = val_str_of(ev, f);
		return s ? val_str_take(s, strlen(s)) : NULL;
	}
	return val_incref(f);
}

/* f.<name>, or NULL with the error NumPy's os.fspath gives for a non-file */
static struct value *method_of(struct eval *ev, struct value *f, const char *name)
{
	struct value *m = val_getattr(ev, f, name);
	if (!m) {
		err_clear(ev);
		err_set(ev, TY_TypeError, "expected str, bytes or os.PathLike object, not %s", val_type_name(f));
	}
	return m;
}

/* f.write(bytes(p[:n])): 0 or -1 */
static int obj_write(struct eval *ev, struct value *f, const unsigned char *p, size_t n)
{
	struct value *w = method_of(ev, f, "write");
	if (!w)
		return -1;
	struct value *b = val_bytes((const char *)p, n), *r = NULL;
	if (!b)
		err_nomem(ev);
	else
		r = val_call(ev, w, 1, &b, NULL);
	val_decref(b);
	val_decref(w);
	if (!r)
		return -1;
	val_decref(r);
	return 0;
}

/* f.read(n) (n < 0: f.read()) appended to *buf: the count read, or -1 */
static int64_t obj_read(struct eval *ev, struct value *f, int64_t n, struct sbuf *buf)
{
	struct value *rd = method_of(ev, f, "read");
	if (!rd)
		return -1;
	struct value *a = n >= 0 ? val_int(n) : NULL, *r;
	r = val_call(ev, rd, a ? 1 : 0, a ? &a : NULL, NULL);
	val_decref(a);
	val_decref(rd);
	if (!r)
		return -1;
	if (r->type != VT_BYTES) {
		err_set(ev, TY_TypeError, "a bytes-like object is required, not '%s' (open the file in binary mode: 'rb')",
			val_type_name(r));
		val_decref(r);
		return -1;
	}
	size_t k = r->u.str->len;
	sb_add(buf, r->u.str->s, k);
	val_decref(r);
	if (buf->oom) {
		err_nomem(ev);
		return -1;
	}
	return (int64_t)k;
}

/* Saves bytes to fv: a path (ext added when missing) or a file object */
static int save_bytes(struct eval *ev, struct value *fv, const char *ext, const unsigned char *img, size_t len)
{
	struct value *f = fspath(ev, fv);
	int rc;
	if (!f)
		return -1;
	if (f->type == VT_STR) {
		char *full = with_ext(ev, f->u.str->s, ext);
		const unsigned char *parts[1] = {img};
		rc = full ? write_all(ev, full, parts, &len, 1) : -1;
		free(full);
	} else {
		rc = obj_write(ev, f, img, len);
	}
	val_decref(f);
	return rc;
}

static struct value *f_save(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	struct value *fv, *av, *pk = NULL, *fi = NULL;
	unsigned char *img;
	size_t len;
	if (args_parse(ev, "save", argc, argv, kw, "file,arr|allow_pickle,fix_imports", &fv, &av, &pk, &fi) < 0)
		return NULL;
	struct ndarray *a = host_array_of(ev, bi, av);
	if (!a)
		return NULL;
	int rc = npy_encode(ev, a, &img, &len);
	nd_decref(a);
	if (rc == 0) {
		rc = save_bytes(ev, fv, ".npy", img, len);
		free(img);
	}
	return rc < 0 ? NULL : val_none();
}

/* savez / savez_compressed (file, *args, **kwds): members arr_0.npy ... then name.npy */
static struct value *savez_common(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				  const struct kwargs *kw, const char *fn, int compress)
{
	int nmem = argc - 1 + (kw ? kw->n : 0), rc = -1;
	if (argc < 1)
		return err_set(ev, TY_TypeError, "%s() missing 1 required positional argument: 'file'", fn);
	unsigned char **imgs = calloc(nmem ? nmem : 1, sizeof *imgs), *zip = NULL;
	size_t *lens = calloc(nmem ? nmem : 1, sizeof *lens), ziplen = 0;
	char (*names)[256] = calloc(nmem ? nmem : 1, 256);
	const char **np = calloc(nmem ? nmem : 1, sizeof *np);
	if (!imgs || !lens || !names || !np) {
		err_nomem(ev);
		goto out;
	}
	/* NumPy's order: the keywords, then arr_0, arr_1 ... */
	int nkw = kw ? kw->n : 0;
	for (int i = 0; i < nmem; i++) {
		struct value *v;
		if (i >= nkw) {
			snprintf(names[i], 256, "arr_%d.npy", i - nkw);
			v = argv[i - nkw + 1];
		} else {
			const char *k = kw->names[i];
			if (!strcmp(k, "allow_pickle")) {
				names[i][0] = 0;
				continue;
			}
			for (int j = 0; j < argc - 1; j++) {
				char t[256];
				snprintf(t, sizeof t, "arr_%d", j);
				if (!strcmp(t, k)) {
					err_set(ev, TY_ValueError, "Cannot use un-named variables and keyword %s", k);
					goto out;
				}
			}
			if (strlen(k) > 250) {
				err_set(ev, TY_ValueError, "%s: keyword name too long", fn);
				goto out;
			}
			snprintf(names[i], 256, "%s.npy", k);
			v = kw->vals[i];
		}
		struct ndarray *a = host_array_of(ev, bi, v);
		if (!a)
			goto out;
		int r = npy_encode(ev, a, &imgs[i], &lens[i]);
		nd_decref(a);
		if (r < 0)
			goto out;
	}
	{
		int m = 0;
		const unsigned char **ip = (const unsigned char **)calloc(nmem ? nmem : 1, sizeof *ip);
		size_t *lp = calloc(nmem ? nmem : 1, sizeof *lp);
		char msg[256];
		if (!ip || !lp) {
			free(ip);
			free(lp);
			err_nomem(ev);
			goto out;
		}
		for (int i = 0; i < nmem; i++)
			if (names[i][0]) {
				np[m] = names[i];
				ip[m] = imgs[i];
				lp[m++] = lens[i];
			}
		int r = npz_build(np, ip, lp, m, compress, &zip, &ziplen, msg, sizeof msg);
		free(ip);
		free(lp);
		if (r < 0) {
			err_set(ev, strcmp(msg, "out of memory") ? TY_ValueError : TY_MemoryError, "%s", msg);
			goto out;
		}
	}
	rc = save_bytes(ev, argv[0], ".npz", zip, ziplen);
out:
	for (int i = 0; imgs && i < nmem; i++)
		free(imgs[i]);
	free(imgs);
	free(lens);
	free(names);
	free(np);
	free(zip);
	return rc < 0 ? NULL : val_none();
}

static struct value *f_savez(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			     const struct kwargs *kw)
{
	return savez_common(ev, bi, argc, argv, kw, "savez", 0);
}

static struct value *f_savez_compressed(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
					const struct kwargs *kw)
{
	return savez_common(ev, bi, argc, argv, kw, "savez_compressed", 1);
}

/* ---- NpzFile ---- */

/* As NumPy's: the archive is read when np.load opens it (its directory
 * checked, the member names listed) and each member when it is asked for,
 * so a broken member is an error only when it is used. */
struct npzf {
	unsigned char *buf;   /* the archive */
	size_t len;
	struct value *keys;   /* list of member names without .npy, in order */
	struct value *names;  /* list of the members' stored names */
	const struct backend *be;
	char *name;           /* the path, or 'object' */
	int closed;
};

static void npzf_free(void *p)
{
	struct npzf *z = p;
	free(z->buf);
	val_decref(z->keys);
	val_decref(z->names);
	free(z->name);
	free(z);
}

/* index of key among the keys (or the stored names), -1 */
static int64_t npzf_find(struct eval *ev, struct npzf *z, struct value *key)
{
	if (key->type != VT_STR)
		return -1;
	for (size_t i = 0; i < z->keys->u.seq.n; i++)
		if (val_equal(ev, z->keys->u.seq.items[i], key) == 1 || val_equal(ev, z->names->u.seq.items[i], key) == 1)
			return (int64_t)i;
	return -1;
}

struct npz_get {
	struct eval *ev;
	const char *name;
	size_t nlen;
	const struct backend *be;
	struct value *res;
};

static int get_want(void *ctx, const char *name, size_t nlen)
{
	struct npz_get *g = ctx;
	return !g->res && nlen == g->nlen && !memcmp(name, g->name, nlen);
}

static int get_member(void *ctx, const char *name, size_t nlen, const unsigned char *data, size_t size)
{
	struct npz_get *g = ctx;
	char what[600];
	snprintf(what, sizeof what, "member '%.*s'", (int)(nlen > 512 ? 512 : nlen), name);
	struct ndarray *a = npy_decode(g->ev, data, size, what);
	if (a && nd_backend(a) != g->be) {
		struct ndarray *d = arr_to_backend(g->ev, a, g->be);
		nd_decref(a);
		a = d;
	}
	if (!a || !(g->res = arr_wrap(g->ev, a)))
		return -1;
	return 0;
}

static void *raise_keyerror(struct eval *ev, const char *fmt, const char *s)
{
	struct value *exc = val_exception_new(TY_KeyError, NULL);
	struct sbuf b = {0};
	sb_printf(&b, fmt, s);
	struct value *msg = b.s ? val_str(b.s, b.n) : NULL;
	free(b.s);
	if (!exc || !msg) {
		val_decref(exc);
		val_decref(msg);
		return err_nomem(ev);
	}
	val_decref(exc->u.exc.args);
	free(exc->u.exc.msg);
	exc->u.exc.msg = val_repr(ev, msg);
	exc->u.exc.args = val_tuple_new(1, &msg);
	err_set_value(ev, exc);
	return NULL;
}

static struct value *npzf_getitem(struct eval *ev, struct value *self, struct value *key)
{
	struct npzf *z = self->u.obj.p;
	if (z->closed)
		return err_set(ev, TY_AttributeError, "'NoneType' object has no attribute 'open'");
	int64_t i = npzf_find(ev, z, key);
	if (i < 0) {
		char *s = val_str_of(ev, key);
		void *r = s ? raise_keyerror(ev, "%s is not a file in the archive", s) : NULL;
		free(s);
		return r;
	}
	struct value *nm = z->names->u.seq.items[i];
	struct npz_get g = {ev, nm->u.str->s, nm->u.str->len, z->be, NULL};
	char msg[256];
	if (npz_walk_some(z->buf, z->len, get_want, get_member, &g, msg, sizeof msg) < 0) {
		val_decref(g.res);
		if (!err_occurred(ev))
			err_set(ev, TY_ValueError, "%s", msg);
		return NULL;
	}
	return g.res ? g.res : err_set(ev, TY_KeyError, "%s", nm->u.str->s);
}

static struct value *npzf_close(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	if (args_parse(ev, "close", argc, argv, kw, "") < 0)
		return NULL;
	((struct npzf *)bi->self->u.obj.p)->closed = 1;
	return val_none();
}

static struct value *npzf_get(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	struct value *k, *dflt = NULL;
	if (args_parse(ev, "get", argc, argv, kw, "key|default", &k, &dflt) < 0)
		return NULL;
	if (npzf_find(ev, bi->self->u.obj.p, k) < 0)
		return dflt ? val_incref(dflt) : val_none();
	return npzf_getitem(ev, bi->self, k);
}

static struct value *npzf_keys(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			       const struct kwargs *kw)
{
	struct npzf *z = bi->self->u.obj.p;
	if (args_parse(ev, bi->name, argc, argv, kw, "") < 0)
		return NULL;
	struct value *l = val_list_new(0, NULL);
	for (size_t i = 0; l && i < z->keys->u.seq.n; i++) {
		struct value *k = z->keys->u.seq.items[i], *it;
		if (!strcmp(bi->name, "keys"))
			it = val_incref(k);
		else {
			struct value *v = npzf_getitem(ev, bi->self, k);
			if (!v) {
				val_decref(l);
				return NULL;
			}
			if (!strcmp(bi->name, "values"))
				it = v;
			else {
				struct value *pair[2] = {val_incref(k), v};
				it = val_tuple_new(2, pair);
			}
		}
		if (!it || list_append(l, it) < 0) {
			val_decref(l);
			return err_nomem(ev);
		}
	}
	return l ? l : err_nomem(ev);
}

static struct value *npzf_getattr(struct eval *ev, struct value *self, const char *name)
{
	struct npzf *z = self->u.obj.p;
	if (!strcmp(name, "files")) {
		struct value *l = val_list_new(0, NULL);
		for (size_t i = 0; l && i < z->keys->u.seq.n; i++)
			if (list_append(l, val_incref(z->keys->u.seq.items[i])) < 0) {
				val_decref(l);
				return err_nomem(ev);
			}
		return l ? l : err_nomem(ev);
	}
	if (!strcmp(name, "close"))
		return val_builtin("close", npzf_close, self, NULL);
	if (!strcmp(name, "get"))
		return val_builtin("get", npzf_get, self, NULL);
	if (!strcmp(name, "keys") || !strcmp(name, "values") || !strcmp(name, "items"))
		return val_builtin(!strcmp(name, "keys") ? "keys" : !strcmp(name, "values") ? "values" : "items",
				   npzf_keys, self, NULL);
	return NULL;
}

static char *npzf_repr(struct eval *ev, struct value *self)
{
	struct npzf *z = self->u.obj.p;
	struct sbuf b = {0};
	char *q = str_repr(z->name, strlen(z->name));
	sb_printf(&b, "NpzFile %s with keys: ", q ? q : "?");
	free(q);
	for (size_t i = 0; i < z->keys->u.seq.n; i++) {
		if (i == 5) {
			sb_adds(&b, "...");
			break;
		}
		sb_printf(&b, "%s%s", i ? ", " : "", z->keys->u.seq.items[i]->u.str->s);
	}
	return sb_take(&b);
}

static int npzf_enter(struct eval *ev, struct value *self)
{
	return 0;
}

static int npzf_exit(struct eval *ev, struct value *self)
{
	((struct npzf *)self->u.obj.p)->closed = 1;
	return 0;
}

static int64_t npzf_len(struct eval *ev, struct value *self)
{
	return (int64_t)((struct npzf *)self->u.obj.p)->keys->u.seq.n;
}

static int npzf_contains(struct eval *ev, struct value *self, struct value *x)
{
	return npzf_find(ev, self->u.obj.p, x) >= 0;
}

static struct value *npzf_iter(struct eval *ev, struct value *self)
{
	struct value *l = npzf_getattr(ev, self, "files"), *it = l ? val_iter(ev, l) : NULL;
	val_decref(l);
	return it;
}

static const char *const npzf_attrs[] = {"files", "close", "keys", "values", "items", "get", NULL};

static const struct objtype npzf_type = {
	.name = "numpy.lib.npyio.NpzFile", .free = npzf_free, .getattr = npzf_getattr, .repr = npzf_repr,
	.enter = npzf_enter, .exit = npzf_exit, .attrs = npzf_attrs, .getitem = npzf_getitem,
	.len = npzf_len, .contains = npzf_contains, .iter = npzf_iter,
};

/* ---- np.load ---- */

static int list_want(void *ctx, const char *name, size_t nlen)
{
	struct npzf *z = ctx;
	size_t kl = nlen > 4 && !memcmp(name + nlen - 4, ".npy", 4) ? nlen - 4 : nlen;
	struct value *n = val_str(name, nlen), *k = val_str(name, kl);
	if (!n || !k || list_append(z->names, n) < 0 || list_append(z->keys, k) < 0)
		z->closed = -1;   /* out of memory: told after the walk */
	return 0;
}

static int list_member(void *ctx, const char *name, size_t nlen, const unsigned char *data, size_t size)
{
	return 0;
}

/* takes buf */
static struct value *load_npz(struct eval *ev, unsigned char *buf, size_t len, const char *name,
			      const struct backend *be)
{
	struct npzf *z = calloc(1, sizeof *z);
	char msg[256];
	if (!z || !(z->name = strdup(name)) || !(z->keys = val_list_new(0, NULL)) ||
	    !(z->names = val_list_new(0, NULL))) {
		if (z)
			z->buf = buf;
		else
			free(buf);
		if (z)
			npzf_free(z);
		return err_nomem(ev);
	}
	z->buf = buf;
	z->len = len;
	z->be = be;
	if (npz_walk_some(buf, len, list_want, list_member, z, msg, sizeof msg) < 0 || z->closed < 0) {
		if (z->closed < 0)
			err_nomem(ev);
		else
			err_set(ev, TY_ValueError, "%s: %s", name, msg);
		npzf_free(z);
		return NULL;
	}
	return val_object_new(&npzf_type, z);
}

static struct value *load_npy(struct eval *ev, const unsigned char *buf, size_t len, const char *name,
			      const struct backend *be)
{
	struct ndarray *a = npy_decode(ev, buf, len, name);
	if (a && nd_backend(a) != be) {
		struct ndarray *d = arr_to_backend(ev, a, be);
		nd_decref(a);
		a = d;
	}
	return a ? arr_wrap(ev, a) : NULL;
}

static void *pickled(struct eval *ev)
{
	return err_set(ev, TY_ValueError, "This file contains pickled (object) data. If you trust the file you can load it unsafely using the `allow_pickle=` keyword argument or `pickle.load()`.");
}

/* np.load from a file object: one .npy read exactly to its end, or an
 * archive read to the end of the file */
static struct value *load_object(struct eval *ev, struct value *f, const struct backend *be)
{
	struct sbuf b = {0};
	struct value *res = NULL;
	char msg[256];
	int64_t k = obj_read(ev, f, 6, &b);
	if (k < 0)
		goto out;
	if (b.n == 0) {
		err_set(ev, TY_EOFError, "No data left in file");
		goto out;
	}
	if (b.n == 6 && !memcmp(b.s, "\x93NUMPY", 6)) {
		struct npy_header h;
		if (obj_read(ev, f, 4, &b) < 0)
			goto out;
		if (b.n == 10 && ((unsigned char)b.s[6] == 2 || (unsigned char)b.s[6] == 3) && obj_read(ev, f, 2, &b) < 0)
			goto out;
		size_t hl = b.n >= 12 && ((unsigned char)b.s[6] == 2 || (unsigned char)b.s[6] == 3)
			? ((unsigned char)b.s[8] | (size_t)(unsigned char)b.s[9] << 8 | (size_t)(unsigned char)b.s[10] << 16 |
			   (size_t)(unsigned char)b.s[11] << 24)
			: b.n >= 10 ? ((unsigned char)b.s[8] | (size_t)(unsigned char)b.s[9] << 8) : 0;
		if (hl > 100000000) {
			err_set(ev, TY_ValueError, "Header info length (%zu) is large and may not be safe to load securely.", hl);
			goto out;
		}
		if (hl && obj_read(ev, f, (int64_t)hl, &b) < 0)
			goto out;
		if (npy_header_parse_only((const unsigned char *)b.s, b.n, &h, msg, sizeof msg) < 0) {
			err_set(ev, TY_ValueError, "%s", msg);
			goto out;
		}
		if (h.nbytes > INT64_MAX / 2) {
			err_set(ev, TY_ValueError, "array is too big");
			goto out;
		}
		if (h.nbytes && obj_read(ev, f, (int64_t)h.nbytes, &b) < 0)
			goto out;
		res = load_npy(ev, (const unsigned char *)b.s, b.n, "file", be);
	} else if (b.n >= 4 && (!memcmp(b.s, "PK\x03\x04", 4) || !memcmp(b.s, "PK\x05\x06", 4))) {
		if (obj_read(ev, f, -1, &b) < 0)
			goto out;
		struct value *nm = val_getattr(ev, f, "name");
		if (!nm)
			err_clear(ev);
		res = load_npz(ev, (unsigned char *)b.s, b.n, nm && nm->type == VT_STR ? nm->u.str->s : "object", be);
		b.s = NULL;
		val_decref(nm);
	} else {
		pickled(ev);
	}
out:
	free(b.s);
	return res;
}

static struct value *f_load(struct eval *ev, const struct builtin *bi, int argc,
			    struct value **argv, const struct kwargs *kw)
{
	struct value *fv, *mm = NULL, *pk = NULL, *fi = NULL, *enc = NULL, *mhs = NULL;
	size_t len = 0;
	unsigned char *buf;
	struct value *res = NULL;
	if (args_parse(ev, "load", argc, argv, kw, "file|mmap_mode,allow_pickle,fix_imports,encoding,$max_header_size",
		       &fv, &mm, &pk, &fi, &enc, &mhs) < 0)
		return NULL;
	const struct backend *be = arr_be(bi);
	struct value *f = fspath(ev, fv);
	if (!f)
		return NULL;
	if (f->type != VT_STR) {
		res = load_object(ev, f, be);
		val_decref(f);
		return res;
	}
	const char *path = f->u.str->s;
	if (!(buf = read_file(ev, path, &len))) {
		val_decref(f);
		return NULL;
	}
	if (len >= 6 && !memcmp(buf, "\x93NUMPY", 6))
		res = load_npy(ev, buf, len, path, be);
	else if (len >= 4 && (!memcmp(buf, "PK\x03\x04", 4) || !memcmp(buf, "PK\x05\x06", 4))) {
		res = load_npz(ev, buf, len, path, be);
		buf = NULL;
	}
	else if (len == 0)
		err_set(ev, TY_EOFError, "No data left in file");
	else
		pickled(ev);
	free(buf);
	val_decref(f);
	return res;
}

/* ---- np.fromfile / ndarray.tofile ---- */

/* np.fromstring (text/textio.c's table): fromfile's text mode is it on the file's text */
static struct value *call_fromstring(struct eval *ev, const struct builtin *bi, struct value *text,
				     struct value *dtype, struct value *count, struct value *sep)
{
	for (const struct arr_func *f = arr_text_funcs; f->name; f++)
		if (!strcmp(f->name, "fromstring")) {
			struct value *args[3] = {text, dtype ? dtype : val_none(), count ? count : val_int(-1)};
			const char *kn[1] = {"sep"};
			struct value *kv[1] = {sep};
			struct kwargs k = {1, kn, kv};
			struct value *r = f->fn(ev, bi, 3, args, &k);
			if (!dtype)
				val_decref(args[1]);
			if (!count)
				val_decref(args[2]);
			return r;
		}
	return err_set(ev, TY_NotImplementedError, "fromfile: text mode needs np.fromstring");
}

static struct value *f_fromfile(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
				const struct kwargs *kw)
{
	struct value *fv, *dtype = NULL, *count = NULL, *sep = NULL, *offset = NULL, *like = NULL, *res = NULL;
	int dt = DT_FLOAT64;
	int64_t cnt = -1, off = 0;
	struct sbuf b = {0};
	unsigned char *fbuf = NULL;
	size_t flen = 0;
	if (args_parse(ev, "fromfile", argc, argv, kw, "file|dtype,count,sep,offset,$like", &fv, &dtype, &count, &sep,
		       &offset, &like) < 0)
		return NULL;
	if (dtype && dtype->type != VT_NONE && arr_parse_dtype(ev, dtype, &dt) < 0)
		return NULL;
	if (count && args_int(ev, count, -1, &cnt) < 0)
		return NULL;
	if (offset && args_int(ev, offset, 0, &off) < 0)
		return NULL;
	if (sep && sep->type != VT_STR)
		return err_set(ev, TY_TypeError, "fromfile() argument 'sep' must be str, not %s", val_type_name(sep));
	int text = sep && sep->u.str->len;
	if (text && off)
		return err_set(ev, TY_TypeError, "'offset' argument only permitted for binary files");
	struct value *f = fspath(ev, fv);
	if (!f)
		return NULL;
	const unsigned char *data;
	size_t len;
	if (f->type == VT_STR) {
		if (!(fbuf = read_file(ev, f->u.str->s, &flen)))
			goto out;
		data = fbuf;
		len = flen;
		if (off < 0 || (uint64_t)off > len) {
			err_set(ev, TY_ValueError, "negative dimensions are not allowed");
			goto out;
		}
		data += off;
		len -= (size_t)off;
	} else {
		if (off > 0 && obj_read(ev, f, off, &b) < 0)
			goto out;
		if (off < 0 || (size_t)off > b.n) {
			err_set(ev, TY_ValueError, "negative dimensions are not allowed");
			goto out;
		}
		b.n = 0;
		int64_t want = -1;
		if (!text && cnt >= 0) {
			if (cnt > INT64_MAX / 64) {
				err_set(ev, TY_ValueError, "fromfile: count is too big");
				goto out;
			}
			want = cnt * dt_size(dt);
		}
		if (obj_read(ev, f, want, &b) < 0)
			goto out;
		data = (const unsigned char *)(b.s ? b.s : "");
		len = b.n;
	}
	if (text) {
		struct value *t = val_bytes((const char *)data, len);
		res = t ? call_fromstring(ev, bi, t, dtype, count, sep) : err_nomem(ev);
		val_decref(t);
		goto out;
	}
	{
		size_t item = dt_size(dt);
		int64_t n = (int64_t)(len / item);
		if (cnt >= 0 && cnt < n)
			n = cnt;
		struct ndarray *a = nd_new(ev, &backend_host, dt, 1, &n);
		if (!a)
			goto out;
		if (n)
			memcpy(nd_data(a), data, (size_t)n * item);
		if (dt == DT_BOOL)
			for (int64_t i = 0; i < n; i++)
				((unsigned char *)nd_data(a))[i] = ((unsigned char *)nd_data(a))[i] != 0;
		if (a) {   /* a new reference when already there */
			struct ndarray *d = arr_to_backend(ev, a, arr_be(bi));
			nd_decref(a);
			a = d;
		}
		res = a ? arr_wrap(ev, a) : NULL;
	}
out:
	free(fbuf);
	free(b.s);
	val_decref(f);
	return res;
}

/* a.tofile(fid, sep='', format='%s'): C-order bytes, or `format % item`
 * of each item joined by sep */
static struct value *m_tofile(struct eval *ev, const struct builtin *bi, int argc, struct value **argv,
			      const struct kwargs *kw)
{
	struct value *fv, *sep = NULL, *format = NULL, *items = NULL, *ret = NULL;
	struct sbuf out = {0};
	unsigned char *img = NULL;
	if (args_parse(ev, "tofile", argc, argv, kw, "fid|sep,format", &fv, &sep, &format) < 0)
		return NULL;
	if ((sep && sep->type != VT_STR) || (format && format->type != VT_STR))
		return err_set(ev, TY_TypeError, "tofile() argument 'sep' and 'format' must be str");
	struct ndarray *a = host_array_of(ev, bi, bi->self);
	if (!a)
		return NULL;
	if (!sep || !sep->u.str->len) {
		size_t n = (size_t)nd_size(a) * dt_size(a->dtype);
		struct ndarray *c = a;
		if (!nd_is_c_contiguous(a)) {
			c = nd_new(ev, &backend_host, a->dtype, a->ndim, a->shape);
			if (!c || (nd_size(c) && backend_host.copy(ev, c, a) < 0)) {
				nd_decref(c);
				goto out;
			}
		}
		sb_add(&out, n ? nd_data(c) : "", n);
		if (c != a)
			nd_decref(c);
	} else {
		struct value *w = arr_wrap(ev, nd_incref(a)), *m = w ? val_getattr(ev, w, "ravel") : NULL;
		struct value *r = m ? val_call(ev, m, 0, NULL, NULL) : NULL, *tl = r ? val_getattr(ev, r, "tolist") : NULL;
		items = tl ? val_call(ev, tl, 0, NULL, NULL) : NULL;
		val_decref(w);
		val_decref(m);
		val_decref(r);
		val_decref(tl);
		if (!items)
			goto out;
		struct value *fmt = format ? val_incref(format) : val_cstr("%s");
		for (size_t i = 0; fmt && i < items->u.seq.n; i++) {
			struct value *s = val_binop(ev, OP_MOD, fmt, items->u.seq.items[i]);
			if (!s || s->type != VT_STR) {
				val_decref(s);
				val_decref(fmt);
				goto out;
			}
			if (i)
				sb_add(&out, sep->u.str->s, sep->u.str->len);
			sb_add(&out, s->u.str->s, s->u.str->len);
			val_decref(s);
		}
		val_decref(fmt);
	}
	if (out.oom) {
		err_nomem(ev);
		goto out;
	}
	{
		struct value *f = fspath(ev, fv);
		int rc = -1;
		if (f && f->type == VT_STR) {
			const unsigned char *parts[1] = {(const unsigned char *)out.s};
			size_t l = out.n;
			rc = write_all(ev, f->u.str->s, parts, &l, 1);
		} else if (f) {
			rc = obj_write(ev, f, (const unsigned char *)(out.s ? out.s : ""), out.n);
		}
		val_decref(f);
		if (rc == 0)
			ret = val_none();
	}
out:
	nd_decref(a);
	val_decref(items);
	free(out.s);
	free(img);
	return ret;
}

const struct arr_func arr_io_funcs[] = {
	{"save", f_save, "save(file, arr, allow_pickle=True, fix_imports=<no value>)",
	 "Save an array to a binary file in NumPy ``.npy`` format."},
	{"load", f_load, "load(file, mmap_mode=None, allow_pickle=False, fix_imports=True, encoding='ASCII', *, max_header_size=10000)",
	 "Load arrays from ``.npy`` or ``.npz`` files (an NpzFile for an archive)."},
	{"savez", f_savez, "savez(file, *args, allow_pickle=True, **kwds)",
	 "Save several arrays into a single file in uncompressed ``.npz`` format."},
	{"savez_compressed", f_savez_compressed, "savez_compressed(file, *args, allow_pickle=True, **kwds)",
	 "Save several arrays into a single file in compressed ``.npz`` format."},
	{"fromfile", f_fromfile, "fromfile(file, dtype=float, count=-1, sep='', offset=0, *, like=None)",
	 "Construct an array from data in a text or binary file."},
	{NULL, NULL, NULL, NULL}
};

const struct arr_func arr_io_methods[] = {
	{"tofile", m_tofile, "tofile(fid, /, sep='', format='%s')",
	 "Write array to a file as text or binary (default)."},
	{NULL, NULL, NULL, NULL}
};
